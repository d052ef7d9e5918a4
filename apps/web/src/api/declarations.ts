import type { EventDeclarations } from '@guichet/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from './client';

export const declarationKeys = {
  event: (eventId: string, month: string | null) => ['declarations', eventId, month ?? 'all'] as const,
};

const declarationsPath = (eventId: string) => `/console/events/${encodeURIComponent(eventId)}/declarations`;
const monthQuery = (month: string | null) => (month ? `?month=${encodeURIComponent(month)}` : '');

/** What the organiser declares for the event, for one Paris month ('YYYY-MM') or, with null, for all. */
export function useEventDeclarations(eventId: string, month: string | null) {
  return useQuery({
    queryKey: declarationKeys.event(eventId, month),
    queryFn: ({ signal }) =>
      api<EventDeclarations>('GET', `${declarationsPath(eventId)}${monthQuery(month)}`, undefined, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Where the browser downloads the declarations as a spreadsheet; the session cookie goes with it. */
export function declarationsExportUrl(eventId: string, format: 'xlsx' | 'csv', month: string | null): string {
  return `/api${declarationsPath(eventId)}.${format}${monthQuery(month)}`;
}
