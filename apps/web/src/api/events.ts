import type { EventDetail, EventPreview, PriceFilter } from '@guichet/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from './client';

export const eventKeys = {
  list: (price: PriceFilter) => ['events', 'list', price] as const,
  detail: (id: string) => ['events', 'detail', id] as const,
};

export function useEventList(price: PriceFilter) {
  return useQuery({
    queryKey: eventKeys.list(price),
    queryFn: () => api<EventPreview[]>('GET', `/events?price=${price}`),
  });
}

export function useEvent(id: string) {
  return useQuery({
    queryKey: eventKeys.detail(id),
    queryFn: () => api<EventDetail>('GET', `/events/${encodeURIComponent(id)}`),
    retry: (count, error) => count < 2 && !('status' in error && error.status === 404),
  });
}
