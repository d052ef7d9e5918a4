import type { ResaleHistoryItem, ResaleSettings, TransferHistoryItem, TransferSettings } from '@guichet/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client';

const id = (value: string) => encodeURIComponent(value);

/** The organiser's rules of each way a place is handed on, and one entry of each way's history. */
export type TicketRules = { transfer: TransferSettings; resale: ResaleSettings };
export type TicketRulesKind = keyof TicketRules;
export type PlaceHistoryItems = { transfer: TransferHistoryItem; resale: ResaleHistoryItem };

/** Each kind's history route under the place: `/participations/:id/transfers`, `…/resales`. */
const historyPaths = { transfer: 'transfers', resale: 'resales' } as const;

const ticketRulesKeys = {
  rules: (kind: TicketRulesKind, eventId: string) => ['ticket-rules', kind, eventId] as const,
  history: (kind: TicketRulesKind, eventId: string, participationId: string) =>
    ['place-history', kind, eventId, participationId] as const,
};

export function useTicketRules<K extends TicketRulesKind>(kind: K, eventId: string) {
  return useQuery({
    queryKey: ticketRulesKeys.rules(kind, eventId),
    queryFn: () => api<TicketRules[K]>('GET', `/console/events/${id(eventId)}/${kind}-settings`),
  });
}

export function useSaveTicketRules<K extends TicketRulesKind>(kind: K, eventId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TicketRules[K]) =>
      api<TicketRules[K]>('PUT', `/console/events/${id(eventId)}/${kind}-settings`, body),
    onSuccess: (saved) => client.setQueryData(ticketRulesKeys.rules(kind, eventId), saved),
  });
}

/** A place's transfers or resales, for the organiser's participant detail. */
export function usePlaceHistory<K extends TicketRulesKind>(kind: K, eventId: string, participationId: string) {
  return useQuery({
    queryKey: ticketRulesKeys.history(kind, eventId, participationId),
    queryFn: () =>
      api<PlaceHistoryItems[K][]>(
        'GET',
        `/console/events/${id(eventId)}/participations/${id(participationId)}/${historyPaths[kind]}`,
      ),
  });
}
