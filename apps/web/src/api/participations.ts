import type { EnabledWallets, GoogleWalletLink, HolderUpdated, HolderUpdateRequest } from '@guichet/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { accountKeys } from './account';
import { api } from './client';
import { eventKeys } from './events';

export const participationKeys = {
  code: (participationId: string) => ['participations', participationId, 'code'] as const,
};

/** Leaves a free event: the event page, its lists and the user's tickets are read again. */
export function useLeaveEvent(eventId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<void>('DELETE', `/events/${encodeURIComponent(eventId)}/participation`),
    // Not awaited: the refreshed page drops the leave button, and the caller's own onSuccess
    // (its toast) must run before that.
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: eventKeys.detail(eventId) });
      void client.invalidateQueries({ queryKey: accountKeys.participations });
    },
  });
}

/** Asks for a ticket's refund; the card then reads the request back from the server. */
export function useRequestRefund(participationId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api<{ message: string }>('POST', `/me/participations/${encodeURIComponent(participationId)}/refund-request`),
    onSuccess: () => void client.invalidateQueries({ queryKey: accountKeys.participations }),
  });
}

/** Names the holder of one of the user's places (named tickets); the cards read it back. */
export function useChangeHolder(participationId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (holder: HolderUpdateRequest) =>
      api<HolderUpdated>('PATCH', `/me/participations/${encodeURIComponent(participationId)}/holder`, holder),
    onSuccess: () => client.invalidateQueries({ queryKey: accountKeys.participations }),
  });
}

/** The signed code of one of the user's participations (what its QR code holds). */
export function useParticipationCode(participationId: string, enabled = true) {
  return useQuery({
    queryKey: participationKeys.code(participationId),
    queryFn: () =>
      api<{ code: string; shortCode: string }>('GET', `/me/participations/${encodeURIComponent(participationId)}/code`),
    enabled,
    staleTime: Infinity,
  });
}

/** The QR image and the PDF are plain links (an <img>, a download), sent with the session cookie. */
export const participationPdfUrl = (participationId: string) =>
  `/api/me/participations/${encodeURIComponent(participationId)}/ticket.pdf`;

/** An order's places that the user holds, in one PDF of a page each (issue 30): a plain link too. */
export const orderTicketsPdfUrl = (orderId: string) => `/api/me/orders/${encodeURIComponent(orderId)}/tickets.pdf`;

/** The wallets the server offers (each needs its settings): the ticket shows only their buttons. */
export function useEnabledWallets() {
  return useQuery({
    queryKey: ['wallets'] as const,
    queryFn: () => api<EnabledWallets>('GET', '/wallet'),
    staleTime: Infinity,
  });
}

/** The Apple Wallet pass is a plain link too: Safari hands the .pkpass to Wallet. */
export const participationApplePassUrl = (participationId: string) =>
  `/api/me/participations/${encodeURIComponent(participationId)}/pass.pkpass`;

/** Asks for a Google Wallet save link, made at the click (it carries the current code). */
export function useGoogleWalletLink(participationId: string) {
  return useMutation({
    mutationFn: () =>
      api<GoogleWalletLink>('GET', `/me/participations/${encodeURIComponent(participationId)}/google-wallet`),
  });
}
