import type {
  QuoteCreated,
  QuoteRequest,
  QuoteRequestsPage,
  QuoteRequestView,
  QuoteStatus,
  ShopOffer,
  ShopProduct,
} from '@guichet/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client';

export const shopKeys = {
  all: ['shop'] as const,
  products: (offer?: ShopOffer) => ['shop', 'products', offer ?? 'all'] as const,
  product: (id: string) => ['shop', 'product', id] as const,
  quotes: (status: QuoteStatus | undefined, page: number) => ['shop', 'quotes', status ?? 'all', page] as const,
};

/** The catalogue changes rarely: a visit reads it once. */
const CATALOGUE_STALE_MS = 5 * 60_000;

export function useShopProducts(offer?: ShopOffer) {
  return useQuery({
    queryKey: shopKeys.products(offer),
    queryFn: () => api<ShopProduct[]>('GET', `/shop/products${offer ? `?offer=${offer}` : ''}`),
    staleTime: CATALOGUE_STALE_MS,
  });
}

export function useShopProduct(id: string) {
  return useQuery({
    queryKey: shopKeys.product(id),
    queryFn: () => api<ShopProduct>('GET', `/shop/products/${encodeURIComponent(id)}`),
    staleTime: CATALOGUE_STALE_MS,
    retry: false,
  });
}

export function useSendQuote() {
  return useMutation({ mutationFn: (request: QuoteRequest) => api<QuoteCreated>('POST', '/quote-requests', request) });
}

export function useQuoteRequests(status: QuoteStatus | undefined, page: number) {
  const query = new URLSearchParams({ page: String(page), ...(status ? { status } : {}) });
  return useQuery({
    queryKey: shopKeys.quotes(status, page),
    queryFn: () => api<QuoteRequestsPage>('GET', `/quote-requests?${query}`),
    placeholderData: (previous) => previous,
  });
}

export function useSetQuoteStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: QuoteStatus }) =>
      api<QuoteRequestView>('PATCH', `/quote-requests/${encodeURIComponent(id)}`, { status }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['shop', 'quotes'] }),
  });
}
