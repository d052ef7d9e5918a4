import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** What a list says when it has nothing to show. */
export function EmptyState({ children, compact = false }: { children: ReactNode; compact?: boolean }) {
  return (
    <Text c="dimmed" size={compact ? 'sm' : undefined} py={compact ? undefined : 'md'}>
      {children}
    </Text>
  );
}
