import type {
  JoinWaitingListRequest,
  OrderCreated,
  WaitingListEntry,
  WaitingListOffer,
  WaitingListOfTicket,
} from '@guichet/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client';

const id = (value: string) => encodeURIComponent(value);

export const waitingListKeys = {
  own: (eventId: string) => ['waiting-list', 'own', eventId] as const,
  event: (eventId: string) => ['waiting-list', 'event', eventId] as const,
  offer: (token: string) => ['waiting-list', 'offer', token] as const,
};

/** The viewer's own lines for the event's tickets (asked only for a signed-in viewer). */
export function useOwnWaitingList(eventId: string, enabled: boolean) {
  return useQuery({
    queryKey: waitingListKeys.own(eventId),
    queryFn: () => api<WaitingListEntry[]>('GET', `/events/${id(eventId)}/waiting-list`),
    enabled,
  });
}

export function useJoinWaitingList(eventId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: JoinWaitingListRequest) =>
      api<WaitingListEntry>('POST', `/events/${id(eventId)}/waiting-list`, body),
    onSuccess: () => client.invalidateQueries({ queryKey: waitingListKeys.own(eventId) }),
  });
}

export function useLeaveWaitingList(eventId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (line: { ticketId: string; dateId: string | null }) =>
      api<void>(
        'DELETE',
        `/events/${id(eventId)}/waiting-list?${new URLSearchParams({ ticketId: line.ticketId, ...(line.dateId && { dateId: line.dateId }) })}`,
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: waitingListKeys.own(eventId) }),
  });
}

/** The event's lines, ticket by ticket, for its organiser's console. */
export function useEventWaitingLists(eventId: string) {
  return useQuery({
    queryKey: waitingListKeys.event(eventId),
    queryFn: () => api<WaitingListOfTicket[]>('GET', `/console/events/${id(eventId)}/waiting-list`),
  });
}

/** The offer a personal link names (its person only). */
export function useWaitingListOffer(token: string) {
  return useQuery({
    queryKey: waitingListKeys.offer(token),
    queryFn: () => api<WaitingListOffer>('GET', `/waiting-list/offers/${id(token)}`),
    retry: false,
  });
}

/** Takes the offer's places: the normal payment hold (or the places at once, when free). */
export function useTakeWaitingListOffer(token: string) {
  return useMutation({
    mutationFn: () => api<OrderCreated>('POST', `/waiting-list/offers/${id(token)}/accept`),
  });
}
