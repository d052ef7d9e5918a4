import { Paper, Stack, Table, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';

export type DataColumn<T> = {
  /** The column's name; said only to screen readers when `hideHeader` (a column of buttons). */
  header: string;
  hideHeader?: boolean;
  align?: 'right';
  cell: (item: T) => ReactNode;
};

/**
 * A list of records: one card each on a phone, and with `columns`, a table from the `sm`
 * breakpoint up (the cards then show only on phones). Each card is an article named by
 * `cardLabel`, so that a screen reader (and a test) finds it by its name.
 */
export function DataList<T>({
  items,
  itemKey,
  card,
  cardLabel,
  columns,
  minWidth = 820,
  striped = true,
}: {
  items: T[];
  itemKey: (item: T) => string;
  card: (item: T) => ReactNode;
  cardLabel?: (item: T) => string;
  columns?: DataColumn<T>[];
  minWidth?: number;
  striped?: boolean;
}) {
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
      <Table.ScrollContainer minWidth={minWidth} visibleFrom="sm">
        <Table striped={striped} highlightOnHover verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <Table.Th key={column.header} ta={column.align}>
                  {column.hideHeader ? <VisuallyHidden>{column.header}</VisuallyHidden> : column.header}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((item) => (
              <Table.Tr key={itemKey(item)}>
                {columns.map((column) => (
                  <Table.Td key={column.header} ta={column.align}>
                    {column.cell(item)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </>
  );
}
