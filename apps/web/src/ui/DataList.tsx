import { Paper, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { type DataColumn, DataTable } from './DataTable';

export type DataListProps<T> = {
  items: T[];
  itemKey: (item: T) => string;
  card: (item: T) => ReactNode;
  cardLabel?: (item: T) => string;
  columns?: DataColumn<T>[];
  minWidth?: number;
};

/**
 * A list of records: one card each on a phone, and with `columns`, a table from the `sm`
 * breakpoint up (the cards then show only on phones). Each card is an article named by
 * `cardLabel`, so that a screen reader (and a test) finds it by its name.
 */
export function DataList<T>({ items, itemKey, card, cardLabel, columns, minWidth = 820 }: DataListProps<T>) {
  const cards = (
    <Stack hiddenFrom={columns ? 'sm' : undefined} gap="sm">
      {items.map((item) => (
        <Paper
          key={itemKey(item)}
          withBorder
          radius="md"
          p={columns ? 'sm' : 'md'}
          component="article"
          aria-label={cardLabel?.(item)}
        >
          {card(item)}
        </Paper>
      ))}
    </Stack>
  );
  if (!columns) return cards;
  return (
    <>
      {cards}
      <DataTable items={items} itemKey={itemKey} columns={columns} minWidth={minWidth} visibleFrom="sm" />
    </>
  );
}
