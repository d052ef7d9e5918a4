import type { ResaleHistoryItem, ResaleListed, ResaleSettings } from '@guichet/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { accountKeys } from './account';
import { api } from './client';

const id = (value: string) => encodeURIComponent(value);

const resaleKeys = {
  settings: (eventId: string) => ['resale', 'settings', eventId] as const,
  history: (eventId: string, participationId: string) => ['resale', 'history', eventId, participationId] as const,
};

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

export function useResaleSettings(eventId: string) {
  return useQuery({
    queryKey: resaleKeys.settings(eventId),
    queryFn: () => api<ResaleSettings>('GET', `/console/events/${id(eventId)}/resale-settings`),
  });
}

export function useSaveResaleSettings(eventId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ResaleSettings) =>
      api<ResaleSettings>('PUT', `/console/events/${id(eventId)}/resale-settings`, body),
    onSuccess: (saved) => client.setQueryData(resaleKeys.settings(eventId), saved),
  });
}

/** A place's resales, for the organiser's participant detail. */
export function useResaleHistory(eventId: string, participationId: string) {
  return useQuery({
    queryKey: resaleKeys.history(eventId, participationId),
    queryFn: () =>
      api<ResaleHistoryItem[]>('GET', `/console/events/${id(eventId)}/participations/${id(participationId)}/resales`),
  });
}
