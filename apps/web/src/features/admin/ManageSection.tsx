import { Divider, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * One part of the dialog that manages an account (role, rate, money, ban), each saved on its own:
 * a rule above it unless it comes first, then its title.
 */
export function ManageSection({
  title,
  first = false,
  gap = 'xs',
  children,
}: {
  title: string;
  first?: boolean;
  gap?: 'xs' | 'sm';
  children: ReactNode;
}) {
  return (
    <Stack gap={gap}>
      {!first && <Divider />}
      <Title order={3} size="h5">
        {title}
      </Title>
      {children}
    </Stack>
  );
}
