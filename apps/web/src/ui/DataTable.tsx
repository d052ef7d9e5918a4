import { type MantineBreakpoint, type MantineFontSize, Table, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';

export type DataColumn<T> = {
  /** The column's name; said only to screen readers when `hideHeader` (a column of buttons). */
  header: string;
  hideHeader?: boolean;
  align?: 'right';
  cell: (item: T) => ReactNode;
};

/** Records as a striped table, one column per `columns` entry, that scrolls sideways when narrow. */
export function DataTable<T>({
  items,
  itemKey,
  columns,
  minWidth,
  visibleFrom,
  fz,
  labelledBy,
}: {
  items: T[];
  itemKey: (item: T) => string;
  columns: DataColumn<T>[];
  minWidth: number;
  visibleFrom?: MantineBreakpoint;
  fz?: MantineFontSize;
  labelledBy?: string;
}) {
  return (
    <Table.ScrollContainer minWidth={minWidth} visibleFrom={visibleFrom}>
      <Table striped highlightOnHover verticalSpacing={fz ? undefined : 'sm'} fz={fz} aria-labelledby={labelledBy}>
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
  );
}
