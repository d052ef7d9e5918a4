import { Paper, Stack, Title, type TitleOrder } from '@mantine/core';
import { type ReactNode, useId } from 'react';

/**
 * A titled part of a page in its bordered card: a section named by its title, so that a screen
 * reader lists it among the page's regions. `order` is the title's level; it is drawn one size
 * smaller unless `size` says otherwise.
 */
export function Panel({
  title,
  order = 3,
  size,
  padding = 'md',
  gap = 'sm',
  children,
}: {
  title: string;
  order?: TitleOrder;
  size?: 'h3' | 'h4' | 'h5';
  padding?: 'md' | 'lg';
  gap?: 'sm' | 'md';
  children: ReactNode;
}) {
  const id = useId();
  return (
    <Paper component="section" withBorder radius="md" p={padding} aria-labelledby={id}>
      <Stack gap={gap}>
        <Title order={order} size={size ?? `h${Math.min(order + 1, 6)}`} id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}
