import type { CreateOrderRequest, OrderCreated, PaymentRedirect, PaymentResultOrder } from '@guichet/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from './client';
import { waitingRoomKeys } from './waiting-room';

export type { PaymentRedirect, PaymentResultOrder };

export const checkoutKeys = {
  order: (id: string) => ['orders', id] as const,
  byReference: (reference: string) => ['orders', 'by-reference', reference] as const,
};

const withToken = (path: string, token?: string) => (token ? `${path}?token=${encodeURIComponent(token)}` : path);

/** Holds the places (or books them at once when the order is free). */
export function useCreateOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateOrderRequest) => api<OrderCreated>('POST', '/orders', body),
    // An admission that ran out: the waiting room asks again, and puts the buyer back in line.
    onError: (error, body) => {
      if (error instanceof ApiError && error.code === 'WAITING_ROOM_REQUIRED') {
        void client.invalidateQueries({ queryKey: waitingRoomKeys.status(body.eventId) });
      }
    },
  });
}

/**
 * The result page's order, named by the reference in its address: the viewer's own or nothing
 * (404). While the bank's success awaits its notification (`confirming`), it is asked again.
 */
export function usePaymentResultOrder(reference: string, confirming: boolean) {
  return useQuery({
    queryKey: checkoutKeys.byReference(reference),
    queryFn: () => api<PaymentResultOrder>('GET', `/orders/by-reference/${encodeURIComponent(reference)}`),
    enabled: Boolean(reference),
    retry: false,
    refetchInterval: (query) => (confirming && query.state.data?.status === 'awaiting_payment' ? 2000 : false),
  });
}

/** What the browser needs to pay: a form to post to the bank, or a Stripe payment intent. */
export function useStartPayment() {
  return useMutation({
    mutationFn: ({ orderId, token }: { orderId: string; token?: string }) =>
      api<{ redirect: PaymentRedirect }>('POST', withToken(`/orders/${encodeURIComponent(orderId)}/payment`, token)),
  });
}

/** Gives a hold back before it expires: its places go back on sale at once. */
export function useReleaseOrder() {
  return useMutation({
    mutationFn: ({ orderId, token }: { orderId: string; token?: string }) =>
      api<void>('DELETE', withToken(`/orders/${encodeURIComponent(orderId)}`, token)),
  });
}

/** The promo-code check of the ticket step: its percentage, or the spec's refusal. */
export function useCheckDiscount(eventId: string) {
  return useMutation({
    mutationFn: (code: string) =>
      api<{ percent: number }>(
        'GET',
        `/events/${encodeURIComponent(eventId)}/discounts/check?code=${encodeURIComponent(code)}`,
      ),
  });
}
