import type { EmbedBookingStatus, EmbedDomainsRequest, EmbedSettings } from '@guichet/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client';

const segment = encodeURIComponent;

export const embedKeys = {
  settings: (eventId: string) => ['embed', 'settings', eventId] as const,
  booking: (ref: string) => ['embed', 'booking', ref] as const,
};

/** The sites allowed to show the event's shop (the console's Intégration tab). */
export function useEmbedSettings(eventId: string) {
  return useQuery({
    queryKey: embedKeys.settings(eventId),
    queryFn: () => api<EmbedSettings>('GET', `/console/events/${segment(eventId)}/embed`),
  });
}

export function useSaveEmbedDomains(eventId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: EmbedDomainsRequest) =>
      api<EmbedSettings>('PUT', `/console/events/${segment(eventId)}/embed`, body),
    onSuccess: (saved) => client.setQueryData(embedKeys.settings(eventId), saved),
  });
}

/** How often the shop asks whether the booking window is done, and for how long at most. */
const POLL_MS = 3_000;
const POLL_FOR_MS = 30 * 60_000;

/**
 * The booking started from the embedded shop, polled while its window may still be open: the
 * shop's only news of it (the window cannot message a frame on another site's page).
 */
export function useEmbedBooking(ref: string | null, startedAt: number) {
  return useQuery({
    queryKey: embedKeys.booking(ref ?? ''),
    queryFn: () => api<EmbedBookingStatus>('GET', `/embed/bookings/${segment(ref ?? '')}`),
    enabled: ref !== null,
    refetchInterval: (query) =>
      query.state.data?.status === 'done' || Date.now() - startedAt > POLL_FOR_MS ? false : POLL_MS,
    refetchIntervalInBackground: true,
    staleTime: 0,
  });
}

/** The booking window reports its paid order under the shop's reference. */
export function useReportEmbedBooking() {
  return useMutation({
    mutationFn: (body: { ref: string; orderId: string }) => api<EmbedBookingStatus>('POST', '/embed/bookings', body),
  });
}
