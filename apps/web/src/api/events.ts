import type { EventDetail, EventPreview, PriceFilter } from '@guichet/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from './client';

export const eventKeys = {
  list: (price: PriceFilter) => ['events', 'list', price] as const,
  // Without a key this is also the prefix of every variant of the event: invalidating it refreshes them all.
  detail: (id: string, shareKey?: string | null) =>
    shareKey === undefined ? (['events', 'detail', id] as const) : (['events', 'detail', id, shareKey] as const),
};

export function useEventList(price: PriceFilter) {
  return useQuery({
    queryKey: eventKeys.list(price),
    queryFn: () => api<EventPreview[]>('GET', `/events?price=${price}`),
  });
}

/** One event; a private link's key unlocks its hidden tickets. */
export function useEvent(id: string, shareKey?: string | null) {
  const share = shareKey ? `?share=${encodeURIComponent(shareKey)}` : '';
  return useQuery({
    queryKey: eventKeys.detail(id, shareKey),
    queryFn: () => api<EventDetail>('GET', `/events/${encodeURIComponent(id)}${share}`),
  });
}
