import { fr } from '@guichet/shared';
import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { EmptyState } from './EmptyState';
import { ErrorState } from './ErrorState';
import { Loading } from './Loading';

/** The part of a TanStack query this needs, so that a test can hand it a plain object. */
export type QueryLike<T> = {
  data: T | undefined;
  isPending: boolean;
  error: Error | null;
  refetch: () => unknown;
};

/**
 * A query's four states in one place: a loader while it loads, the error with a retry, what an
 * empty list says, then `children` with the data. `notices` replace the error for a refusal whose
 * HTTP status has its own words (a private profile's 403); `compact` fits inside a panel.
 */
export function QueryState<T>({
  query,
  children,
  isEmpty,
  empty,
  errorTitle,
  notices,
  compact = false,
}: {
  query: QueryLike<T>;
  children?: (data: T) => ReactNode;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  errorTitle?: string;
  notices?: Partial<Record<number, string>>;
  compact?: boolean;
}) {
  if (query.data === undefined) {
    if (query.isPending) return <Loading inline={compact} size={compact ? 'sm' : undefined} />;
    // The API client's errors carry their HTTP status; ui/ stays below api/ and only reads it.
    const status = (query.error as { status?: unknown } | null)?.status;
    const notice = typeof status === 'number' ? notices?.[status] : undefined;
    if (notice) return <Text c="dimmed">{notice}</Text>;
    return (
      <ErrorState
        title={errorTitle}
        message={query.error?.message ?? fr.common.genericError}
        onRetry={() => void query.refetch()}
        compact={compact}
      />
    );
  }
  if (isEmpty?.(query.data)) return empty ? <EmptyState compact={compact}>{empty}</EmptyState> : null;
  return children ? children(query.data) : null;
}
