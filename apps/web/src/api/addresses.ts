import { ADDRESS_QUERY_MIN_LENGTH, type AddressSuggestion } from '@guichet/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from './client';

export const addressKeys = {
  search: (query: string) => ['addresses', 'search', query] as const,
};

/** Suggestions for a typed address; nothing is asked under 3 characters. */
export function useAddressSuggestions(query: string) {
  const q = query.trim();
  return useQuery({
    queryKey: addressKeys.search(q),
    queryFn: () => api<AddressSuggestion[]>('GET', `/addresses?q=${encodeURIComponent(q)}`),
    enabled: q.length >= ADDRESS_QUERY_MIN_LENGTH,
    // Addresses do not change while a form is filled in: the same text is never asked twice.
    staleTime: Number.POSITIVE_INFINITY,
    placeholderData: keepPreviousData,
    retry: false,
  });
}
