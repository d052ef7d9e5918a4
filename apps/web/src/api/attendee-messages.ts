import type {
  AdminAttendeeMessage,
  AttendeeMessage,
  AttendeeMessageAudience,
  AttendeeMessagePreview,
  AttendeeMessageRequest,
  PlatformSettings,
} from '@guichet/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client';

const id = (value: string) => encodeURIComponent(value);

export const attendeeMessageKeys = {
  list: (eventId: string) => ['console', eventId, 'messages'] as const,
  audience: (eventId: string, audience: AttendeeMessageAudience) =>
    ['console', eventId, 'messages', 'audience', audience] as const,
  admin: ['admin', 'attendee-messages'] as const,
  settings: ['admin', 'settings'] as const,
};

/** The messages written to the event's attendees, with their progress: read again while one is sending. */
export function useAttendeeMessages(eventId: string) {
  return useQuery({
    queryKey: attendeeMessageKeys.list(eventId),
    queryFn: () => api<AttendeeMessage[]>('GET', `/console/events/${id(eventId)}/messages`),
    refetchInterval: (query) => (query.state.data?.some((message) => message.progress < 100) ? 3_000 : false),
  });
}

/** How many addresses the audience has now (the compose form's preview). */
export function useAudiencePreview(eventId: string, audience: AttendeeMessageAudience) {
  const params = new URLSearchParams();
  if (audience.ticketIds && audience.ticketIds.length > 0) params.set('ticketIds', audience.ticketIds.join(','));
  if (audience.dateId) params.set('dateId', audience.dateId);
  if (audience.checkin) params.set('checkin', audience.checkin);
  return useQuery({
    queryKey: attendeeMessageKeys.audience(eventId, audience),
    queryFn: () =>
      api<AttendeeMessagePreview>('GET', `/console/events/${id(eventId)}/messages/audience?${params.toString()}`),
    placeholderData: keepPreviousData,
  });
}

export function useSendAttendeeMessage(eventId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AttendeeMessageRequest) =>
      api<{ id: string }>('POST', `/console/events/${id(eventId)}/messages`, body),
    onSuccess: () => client.invalidateQueries({ queryKey: attendeeMessageKeys.list(eventId) }),
  });
}

export function useAdminAttendeeMessages() {
  return useQuery({
    queryKey: attendeeMessageKeys.admin,
    queryFn: () => api<AdminAttendeeMessage[]>('GET', '/admin/attendee-messages'),
  });
}

export function usePlatformSettings() {
  return useQuery({
    queryKey: attendeeMessageKeys.settings,
    queryFn: () => api<PlatformSettings>('GET', '/admin/settings'),
  });
}

export function useSavePlatformSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PlatformSettings) => api<PlatformSettings>('PUT', '/admin/settings', body),
    onSuccess: (saved) => client.setQueryData(attendeeMessageKeys.settings, saved),
  });
}
