import type { CancellationView, RefundDecision, RefundRequestRow } from '@guichet/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client';

export type { CancellationView, RefundRequestRow };

export const refundKeys = {
  requests: (eventId: string) => ['refunds', eventId, 'requests'] as const,
  cancellation: (eventId: string) => ['refunds', eventId, 'cancellation'] as const,
};

const eventPath = (eventId: string) => `/console/events/${encodeURIComponent(eventId)}`;

/** The holders' refund requests of an event, for its organiser. */
export function useRefundRequests(eventId: string) {
  return useQuery({
    queryKey: refundKeys.requests(eventId),
    queryFn: () => api<{ items: RefundRequestRow[] }>('GET', `${eventPath(eventId)}/refunds`),
    select: (data) => data.items,
    // A refund that failed is tried again in the background: its state moves on its own.
    refetchInterval: (query) =>
      query.state.data?.items.some(
        (row) => row.status === 'pending' || row.status === 'refunding' || row.status === 'failed',
      )
        ? 5_000
        : false,
  });
}

export function useDecideRefund(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: { participationId: string; accept: true } | { participationId: string; reason: string }) =>
      'accept' in decision
        ? api<RefundDecision>('POST', `${eventPath(eventId)}/refunds/${decision.participationId}/accept`)
        : api<RefundDecision>('POST', `${eventPath(eventId)}/refunds/${decision.participationId}/refuse`, {
            reason: decision.reason,
          }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['refunds', eventId] }),
  });
}

/** The event's cancellation and its refunds' progress, polled while refunds are under way. */
export function useCancellation(eventId: string) {
  return useQuery({
    queryKey: refundKeys.cancellation(eventId),
    queryFn: () => api<CancellationView>('GET', `${eventPath(eventId)}/cancellation`),
    refetchInterval: (query) => {
      const view = query.state.data;
      return view?.cancelledAt && (view.inProgress > 0 || view.failed > 0) ? 2_000 : false;
    },
  });
}

export function useCancelEvent(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: string) => api<CancellationView>('POST', `${eventPath(eventId)}/cancellation`, { message }),
    onSuccess: (view) => {
      queryClient.setQueryData(refundKeys.cancellation(eventId), view);
      void queryClient.invalidateQueries();
    },
  });
}
