import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { type DataColumn, DataList } from './DataList';
import { PageHeader } from './PageHeader';
import { type QueryLike, QueryState } from './QueryState';

/**
 * A list screen: its header, the tools above the list (search, filter), the list's loading,
 * error and empty states, then its records (cards on a phone, a table on a desktop with
 * `columns`). `children` follow the list: the dialogs its buttons open.
 */
export function ListPage<D, T>({
  title,
  hint,
  order = 2,
  before,
  tools,
  query,
  items,
  empty,
  errorTitle,
  itemKey,
  card,
  cardLabel,
  columns,
  minWidth,
  striped,
  children,
}: {
  title: string;
  hint?: string;
  order?: 1 | 2 | 3;
  /** What stands between the header and the list (another part of the page). */
  before?: ReactNode;
  tools?: ReactNode;
  query: QueryLike<D>;
  items: (data: D) => T[];
  empty: string;
  errorTitle?: string;
  itemKey: (item: T) => string;
  card: (item: T) => ReactNode;
  cardLabel?: (item: T) => string;
  columns?: DataColumn<T>[];
  minWidth?: number;
  striped?: boolean;
  children?: ReactNode;
}) {
  return (
    <Stack>
      <PageHeader title={title} hint={hint} order={order} />
      {before}
      {tools}
      <QueryState query={query} errorTitle={errorTitle} isEmpty={(data) => items(data).length === 0} empty={empty}>
        {(data) => (
          <DataList
            items={items(data)}
            itemKey={itemKey}
            card={card}
            cardLabel={cardLabel}
            columns={columns}
            minWidth={minWidth}
            striped={striped}
          />
        )}
      </QueryState>
      {children}
    </Stack>
  );
}
