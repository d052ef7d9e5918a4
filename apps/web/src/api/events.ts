import type { EventDetail, EventListPage, PriceFilter } from '@guichet/shared';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from './client';

/** The list's filters as the URL holds them (/billetterie?q=…&price=…), every one optional. */
export type ListFilters = {
  q?: string;
  price?: PriceFilter;
  when?: 'today' | 'weekend';
  from?: string;
  to?: string;
  type?: string;
  city?: string;
  lat?: string;
  lon?: string;
  radius?: string;
};

export const LIST_FILTER_KEYS = ['q', 'price', 'when', 'from', 'to', 'type', 'city', 'lat', 'lon', 'radius'] as const;

export const eventKeys = {
  list: (filters: ListFilters) => ['events', 'list', filters] as const,
  // Without a key this is also the prefix of every variant of the event: invalidating it refreshes them all.
  detail: (id: string, shareKey?: string | null) =>
    shareKey === undefined ? (['events', 'detail', id] as const) : (['events', 'detail', id, shareKey] as const),
};

/**
 * The first data the server wrote into the page for a visitor (apps/api/src/plugins/page-head.ts):
 * the list's first page or the event, read once instead of asking the API a round trip later.
 */
function takeEmbedded<T>(key: string): T | undefined {
  const element = document.getElementById('guichet-data');
  if (!element) return undefined;
  try {
    const embedded = JSON.parse(element.textContent ?? '') as { key: string; body: T };
    if (embedded.key !== key) return undefined;
    element.remove();
    return embedded.body;
  } catch {
    element.remove();
    return undefined;
  }
}

function listUrl(filters: ListFilters, cursor: string | null): string {
  const params = new URLSearchParams();
  for (const key of LIST_FILTER_KEYS) {
    const value = filters[key];
    if (value) params.set(key, value);
  }
  if (cursor) params.set('cursor', cursor);
  const query = params.toString();
  return query ? `/events?${query}` : '/events';
}

/** The list, a page at a time: each page says where the next one starts. */
export function useEventList(filters: ListFilters) {
  return useInfiniteQuery({
    queryKey: eventKeys.list(filters),
    queryFn: ({ pageParam }) => api<EventListPage>('GET', listUrl(filters, pageParam)),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    initialData: () => {
      const first = Object.keys(filters).length === 0 ? takeEmbedded<EventListPage>('list') : undefined;
      return first ? { pages: [first], pageParams: [null] } : undefined;
    },
  });
}

/** One event; a private link's key unlocks its hidden tickets. */
export function useEvent(id: string, shareKey?: string | null) {
  const share = shareKey ? `?share=${encodeURIComponent(shareKey)}` : '';
  return useQuery({
    queryKey: eventKeys.detail(id, shareKey),
    queryFn: () => api<EventDetail>('GET', `/events/${encodeURIComponent(id)}${share}`),
    initialData: () => (shareKey ? undefined : takeEmbedded<EventDetail>(`event:${id}`)),
  });
}
