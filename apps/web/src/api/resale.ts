import type { ResaleListed } from '@guichet/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountKeys } from './account';
import { api } from './client';

const id = (value: string) => encodeURIComponent(value);

/** Puts one of the user's tickets up for resale at the price they paid (the server sets it). */
export function useListForResale(participationId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<ResaleListed>('POST', `/me/participations/${id(participationId)}/resale`, {}),
    onSuccess: () => client.invalidateQueries({ queryKey: accountKeys.participations }),
  });
}

export function useWithdrawFromResale(participationId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<void>('DELETE', `/me/participations/${id(participationId)}/resale`),
    onSuccess: () => client.invalidateQueries({ queryKey: accountKeys.participations }),
  });
}
