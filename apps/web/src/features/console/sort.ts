import type { ConsoleEvent } from '../../api/console';

export type EventSort = 'newest' | 'oldest';

/** The sidebar's date order, on the event's start; ties keep the server's order (newest created first). */
export function sortConsoleEvents(events: readonly ConsoleEvent[], order: EventSort): ConsoleEvent[] {
  const direction = order === 'newest' ? -1 : 1;
  return [...events].sort((a, b) => direction * (Date.parse(a.dateBegin) - Date.parse(b.dateBegin)));
}
