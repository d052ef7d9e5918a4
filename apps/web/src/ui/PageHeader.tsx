import { Group, Text, Title, type TitleOrder } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A page's or a section's title, with its hint under it and its actions on the right (they go
 * under the title on a phone). A page is level 1; a section inside a layout that has its own
 * title (the back office) is level 2, drawn smaller.
 */
export function PageHeader({
  title,
  hint,
  actions,
  order = 1,
}: {
  title: ReactNode;
  hint?: ReactNode;
  actions?: ReactNode;
  order?: TitleOrder;
}) {
  const heading = (
    <div>
      <Title order={order} size={order === 1 ? undefined : `h${order + 1}`}>
        {title}
      </Title>
      {hint && (
        <Text size="sm" c="dimmed">
          {hint}
        </Text>
      )}
    </div>
  );
  if (!actions) return heading;
  return (
    <Group justify="space-between" align="flex-end" gap="sm">
      {heading}
      {actions}
    </Group>
  );
}
