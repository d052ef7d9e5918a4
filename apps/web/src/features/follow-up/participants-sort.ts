import type { ParticipantSort } from '@guichet/shared';

export type SortState = { sort: ParticipantSort; dir: 'asc' | 'desc' };

/** 'Billets' starts by name (2-organiser.md §2.5). */
export const DEFAULT_SORT: SortState = { sort: 'name', dir: 'asc' };

/** A click on a column header: the same column again reverses, another starts ascending (§2.5). */
export function nextSort(current: SortState, column: ParticipantSort): SortState {
  if (current.sort === column) return { sort: column, dir: current.dir === 'asc' ? 'desc' : 'asc' };
  return { sort: column, dir: 'asc' };
}

export function ariaSort(current: SortState, column: ParticipantSort): 'ascending' | 'descending' | 'none' {
  if (current.sort !== column) return 'none';
  return current.dir === 'asc' ? 'ascending' : 'descending';
}
