import type { TransferOffer, TransferRequest } from '@guichet/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { accountKeys } from './account';
import { api } from './client';

const id = (value: string) => encodeURIComponent(value);

export const transferKeys = {
  offer: (token: string) => ['transfers', 'offer', token] as const,
};

/** Sends one of the user's tickets to an e-mail address; the card then shows it pending. */
export function useSendTransfer(participationId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TransferRequest) =>
      api<{ id: string }>('POST', `/me/participations/${id(participationId)}/transfer`, body),
    onSuccess: () => client.invalidateQueries({ queryKey: accountKeys.participations }),
  });
}

export function useCancelTransfer(participationId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<void>('DELETE', `/me/participations/${id(participationId)}/transfer`),
    onSuccess: () => client.invalidateQueries({ queryKey: accountKeys.participations }),
  });
}

/** What a transfer link offers (readable before signing in). */
export function useTransferOffer(token: string) {
  return useQuery({
    queryKey: transferKeys.offer(token),
    queryFn: () => api<TransferOffer>('GET', `/transfers/${id(token)}`),
    retry: false,
  });
}

export function useAcceptTransfer(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<{ participationId: string }>('POST', `/transfers/${id(token)}/accept`),
    // The link's own page keeps its answer (it says the ticket is theirs); their tickets are read again.
    onSuccess: () => client.invalidateQueries({ queryKey: accountKeys.participations }),
  });
}
