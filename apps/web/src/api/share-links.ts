import type { CreatedShareLink, HiddenTicket } from '@guichet/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from './client';

export type { CreatedShareLink, HiddenTicket };

export const shareLinkKeys = {
  hiddenTickets: (eventId: string) => ['events', 'hidden-tickets', eventId] as const,
  invite: (eventId: string) => ['events', 'invite-link', eventId] as const,
};

/** A private event's invitation link (made once, then given again): what 'Partager' shares. */
export function useInviteLink(eventId: string, enabled: boolean) {
  return useQuery({
    queryKey: shareLinkKeys.invite(eventId),
    queryFn: () => api<CreatedShareLink>('POST', `/events/${encodeURIComponent(eventId)}/invite-link`),
    enabled,
    staleTime: Infinity,
  });
}

export function useHiddenTickets(eventId: string) {
  return useQuery({
    queryKey: shareLinkKeys.hiddenTickets(eventId),
    queryFn: () => api<HiddenTicket[]>('GET', `/events/${encodeURIComponent(eventId)}/hidden-tickets`),
    retry: false,
  });
}

export function useCreateShareLink(eventId: string) {
  return useMutation({
    mutationFn: (ticketIds: string[]) =>
      api<CreatedShareLink>('POST', `/events/${encodeURIComponent(eventId)}/share-links`, { ticketIds }),
  });
}
