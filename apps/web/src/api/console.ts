import type { ConsoleEvent, ConsoleOrganizer, EventDetail } from '@guichet/shared';

export type { ConsoleEvent, ConsoleOrganizer };

import { useQuery } from '@tanstack/react-query';
import { api } from './client';
import { eventKeys } from './events';

export const consoleKeys = {
  all: ['console'] as const,
  events: (organizerId: string | null) => ['console', 'events', organizerId ?? 'me'] as const,
  organizers: ['console', 'organizers'] as const,
  own: ['console', 'own-events'] as const,
};

/** The caller's own events, verified or not: their profile links each one to its edit page. */
export function useOwnEvents() {
  return useQuery({ queryKey: consoleKeys.own, queryFn: () => api<ConsoleEvent[]>('GET', '/me/events') });
}

/** The events listed in the console: the caller's own, or (administrator) those of `organizerId`. */
export function useConsoleEvents(organizerId: string | null, enabled = true) {
  return useQuery({
    queryKey: consoleKeys.events(organizerId),
    queryFn: () =>
      api<ConsoleEvent[]>(
        'GET',
        organizerId ? `/console/events?organizerId=${encodeURIComponent(organizerId)}` : '/console/events',
      ),
    enabled,
  });
}

/** The administrator's organiser dropdown, sorted by name by the server. */
export function useConsoleOrganizers(enabled: boolean) {
  return useQuery({
    queryKey: consoleKeys.organizers,
    queryFn: () => api<ConsoleOrganizer[]>('GET', '/console/organizers'),
    enabled,
  });
}

/**
 * The organiser of one event, for the administrator arriving from an event page's 'Gestion' link.
 * Same endpoint and cache entry as `useEvent`, which cannot be switched off.
 */
export function useEventOwner(eventId: string | null) {
  return useQuery({
    queryKey: eventKeys.detail(eventId ?? ''),
    queryFn: () => api<EventDetail>('GET', `/events/${encodeURIComponent(eventId ?? '')}`),
    enabled: Boolean(eventId),
    select: (event) => event.organizerId,
    retry: false,
  });
}
