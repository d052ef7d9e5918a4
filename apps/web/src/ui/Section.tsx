import { Group, Stack, type StackProps, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';

/**
 * A titled part of a form or a console tab, without a card (Panel has one): its title, at the h4
 * size of the console's parts, with what acts on the whole section beside it, then its content.
 * A section named by its title, so that a screen reader lists it among the page's regions.
 */
export function Section({
  title,
  actions,
  grow,
  children,
  ...stack
}: {
  title: string;
  actions?: ReactNode;
  /** Takes the room left beside a side panel, and may shrink below its content's width. */
  grow?: boolean;
  children: ReactNode;
} & Omit<StackProps, 'title'>) {
  const id = useId();
  const heading = (
    <Title order={3} size="h4" id={id}>
      {title}
    </Title>
  );
  return (
    <Stack component="section" aria-labelledby={id} gap="sm" {...(grow && { flex: 1, miw: 0 })} {...stack}>
      {actions ? (
        <Group justify="space-between" gap="sm">
          {heading}
          {actions}
        </Group>
      ) : (
        heading
      )}
      {children}
    </Stack>
  );
}
