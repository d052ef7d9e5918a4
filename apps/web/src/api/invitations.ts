import type {
  Invitation,
  InvitationCreated,
  InvitationPreview,
  InvitationRequest,
  InvitationsImported,
} from '@guichet/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, postFile } from './client';
import { followUpKeys } from './follow-up';

const id = (value: string) => encodeURIComponent(value);

export const invitationKeys = {
  list: (eventId: string) => ['console', eventId, 'invitations'] as const,
};

export function useInvitations(eventId: string) {
  return useQuery({
    queryKey: invitationKeys.list(eventId),
    queryFn: () => api<Invitation[]>('GET', `/console/events/${id(eventId)}/invitations`),
  });
}

/** What an invitation changes: the list, the places left of the tickets, the statistics. */
function useInvalidateInvitations(eventId: string) {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ['console', eventId] }),
      client.invalidateQueries({ queryKey: followUpKeys.all(eventId) }),
    ]);
}

export function useCreateInvitation(eventId: string) {
  const invalidate = useInvalidateInvitations(eventId);
  return useMutation({
    mutationFn: (body: InvitationRequest) =>
      api<InvitationCreated>('POST', `/console/events/${id(eventId)}/invitations`, body),
    onSuccess: invalidate,
  });
}

/** The file read and checked by the server: nothing is created. */
export function usePreviewInvitationFile(eventId: string) {
  return useMutation({
    mutationFn: (file: File) => postFile<InvitationPreview>(`/console/events/${id(eventId)}/invitations/preview`, file),
  });
}

export function useImportInvitationFile(eventId: string) {
  const invalidate = useInvalidateInvitations(eventId);
  return useMutation({
    mutationFn: (file: File) =>
      postFile<InvitationsImported>(`/console/events/${id(eventId)}/invitations/import`, file),
    onSuccess: invalidate,
  });
}

export function useRevokeInvitation(eventId: string) {
  const invalidate = useInvalidateInvitations(eventId);
  return useMutation({
    mutationFn: (participationId: string) =>
      api<{ revokedAt: string; message: string }>(
        'POST',
        `/console/events/${id(eventId)}/invitations/${id(participationId)}/revoke`,
      ),
    onSuccess: invalidate,
  });
}
