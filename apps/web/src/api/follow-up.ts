import type { EventStats, ExportColumns, ParticipantsPage, ParticipantsQuery } from '@guichet/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from './client';
import { withDate } from './date-filter';

export type { EventStats, ParticipantsPage, ParticipantsQuery };

export const followUpKeys = {
  all: (eventId: string) => ['follow-up', eventId] as const,
  stats: (eventId: string, dateId: string | null = null) => ['follow-up', eventId, 'stats', dateId] as const,
  participants: (eventId: string, query: ParticipantsQuery) => ['follow-up', eventId, 'participants', query] as const,
};

const eventPath = (eventId: string) => `/console/events/${encodeURIComponent(eventId)}`;

/** The Statistiques tab's figures (2-organiser.md §2.4), computed by the server in one answer. */
export function useEventStats(eventId: string, dateId: string | null = null) {
  return useQuery({
    queryKey: followUpKeys.stats(eventId, dateId),
    queryFn: ({ signal }) =>
      api<EventStats>('GET', withDate(`${eventPath(eventId)}/stats`, dateId), undefined, { signal }),
  });
}

/**
 * One page of 'Billets' (§2.5), sorted, searched and paged by the server. The previous page stays
 * on screen while the next loads, so the table does not collapse on every sort or keystroke.
 */
export function useParticipants(eventId: string, query: ParticipantsQuery) {
  return useQuery({
    queryKey: followUpKeys.participants(eventId, query),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({
        sort: query.sort,
        dir: query.dir,
        offset: String(query.offset),
        limit: String(query.limit),
      });
      if (query.q) params.set('q', query.q);
      if (query.dateId) params.set('dateId', query.dateId);
      return api<ParticipantsPage>('GET', `${eventPath(eventId)}/participants?${params}`, undefined, { signal });
    },
    placeholderData: keepPreviousData,
  });
}

export type ExportFormat = 'xlsx' | 'csv';

/** Where the browser downloads an export (§9); the session cookie goes with the request. */
export function exportUrl(
  eventId: string,
  format: ExportFormat,
  columns: ExportColumns,
  dateId: string | null = null,
): string {
  return withDate(`/api${eventPath(eventId)}/export.${format}?columns=${columns}`, dateId);
}
