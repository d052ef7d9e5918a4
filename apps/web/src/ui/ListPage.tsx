import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { DataList, type DataListProps } from './DataList';
import { PageHeader } from './PageHeader';
import { type QueryLike, QueryState } from './QueryState';

/**
 * A list screen: its header, what stands before the list (`before`: another part of the page;
 * `tools`: search, filter), the list's loading, error and empty states, then its records (cards
 * on a phone, a table on a desktop with `columns`). `children` follow the list: the dialogs its
 * buttons open.
 */
export type ListPageProps<D, T> = Omit<DataListProps<T>, 'items'> & {
  title: string;
  hint?: string;
  before?: ReactNode;
  tools?: ReactNode;
  query: QueryLike<D>;
  items: (data: D) => T[];
  empty: string;
  errorTitle?: string;
  children?: ReactNode;
};

export function ListPage<D, T>({
  title,
  hint,
  before,
  tools,
  query,
  items,
  empty,
  errorTitle,
  children,
  ...list
}: ListPageProps<D, T>) {
  return (
    <Stack>
      <PageHeader title={title} hint={hint} order={2} />
      {before}
      {tools}
      <QueryState query={query} errorTitle={errorTitle} isEmpty={(data) => items(data).length === 0} empty={empty}>
        {(data) => <DataList items={items(data)} {...list} />}
      </QueryState>
      {children}
    </Stack>
  );
}
