import type {
  ActiveSession,
  ContactRequest,
  EventPreview,
  FollowListItem,
  FollowListType,
  FollowResult,
  HistoryType,
  ImageUploadResult,
  MessageResult,
  MyParticipation,
  MyProfile,
  PasswordChange,
  PrivacySettings,
  ProfileSaveResult,
  ProfileSettings,
  PublicProfile,
  TravelSettings,
} from '@guichet/shared';
import { accountFr } from '@guichet/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { sessionKey } from './auth';
import { ApiError, api } from './client';

const sessionsKey = ['account', 'sessions'] as const;

export const accountKeys = {
  all: ['account'] as const,
  me: ['account', 'me'] as const,
  participations: ['account', 'participations'] as const,
  user: (id: string) => ['account', 'user', id] as const,
  follows: (type: FollowListType, id: string) => ['account', 'follows', type, id] as const,
  history: (type: HistoryType, id: string) => ['account', 'history', type, id] as const,
};

export function useMyProfile() {
  return useQuery({ queryKey: accountKeys.me, queryFn: () => api<MyProfile>('GET', '/me/profile') });
}

export function usePublicProfile(id: string) {
  return useQuery({
    queryKey: accountKeys.user(id),
    queryFn: () => api<PublicProfile>('GET', `/users/${encodeURIComponent(id)}`),
  });
}

export function useMyParticipations() {
  return useQuery({
    queryKey: accountKeys.participations,
    queryFn: () => api<MyParticipation[]>('GET', '/me/participations'),
  });
}

export function useFollowList(type: FollowListType, id: string) {
  return useQuery({
    queryKey: accountKeys.follows(type, id),
    queryFn: () => api<FollowListItem[]>('GET', `/users/${encodeURIComponent(id)}/${type}`),
  });
}

export function useHistory(type: HistoryType, id: string) {
  return useQuery({
    queryKey: accountKeys.history(type, id),
    queryFn: () => api<EventPreview[]>('GET', `/users/${encodeURIComponent(id)}/events/${type}`),
  });
}

/** Follow or unfollow; every profile and list on screen may show the changed counts. */
export function useFollow(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (follow: boolean) =>
      api<FollowResult>(follow ? 'POST' : 'DELETE', `/users/${encodeURIComponent(id)}/follow`),
    onSuccess: () => client.invalidateQueries({ queryKey: accountKeys.all }),
  });
}

/**
 * Uploads a profile photo or banner as multipart. The JSON client cannot send a file, so this
 * one call uses fetch directly, with the same error shape.
 */
async function uploadImage(which: 'photo' | 'banner', file: File): Promise<ImageUploadResult> {
  const failure = which === 'photo' ? accountFr.profile.photoFailed : accountFr.profile.bannerFailed;
  const body = new FormData();
  body.append('file', file);
  let response: Response;
  try {
    response = await fetch(`/api/me/${which}`, { method: 'POST', credentials: 'same-origin', body });
  } catch {
    throw new ApiError(0, 'NETWORK_ERROR', failure);
  }
  const data = await response.json().catch(() => null);
  if (!response.ok) {
    const error = (data ?? {}) as { code?: string; message?: string };
    throw new ApiError(response.status, error.code ?? 'ERROR', error.message ?? failure);
  }
  return data as ImageUploadResult;
}

export function useUploadProfileImage(which: 'photo' | 'banner') {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadImage(which, file),
    onSuccess: () => client.invalidateQueries({ queryKey: accountKeys.all }),
  });
}

function useSettingsMutation<T, R>(method: 'PUT' | 'POST' | 'DELETE', path: string, refreshSession = false) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: T) => api<R>(method, path, body),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: accountKeys.all });
      // Names and e-mail also live in the session shown by the header.
      if (refreshSession) await client.invalidateQueries({ queryKey: sessionKey });
    },
  });
}

export const useSaveProfile = () => useSettingsMutation<ProfileSettings, ProfileSaveResult>('PUT', '/me/profile', true);
export const useSaveTravel = () => useSettingsMutation<TravelSettings, MessageResult>('PUT', '/me/travel');
export const useSavePrivacy = () => useSettingsMutation<PrivacySettings, MessageResult>('PUT', '/me/privacy');
/** The account's open sessions (settings). */
export function useSessions() {
  return useQuery({ queryKey: sessionsKey, queryFn: () => api<ActiveSession[]>('GET', '/me/sessions') });
}

export function useEndSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string | 'others') =>
      id === 'others'
        ? api<MessageResult>('POST', '/me/sessions/end-others')
        : api<MessageResult>('DELETE', `/me/sessions/${encodeURIComponent(id)}`),
    onSettled: () => client.invalidateQueries({ queryKey: sessionsKey }),
  });
}

export const useChangePassword = () => useSettingsMutation<PasswordChange, MessageResult>('POST', '/me/password');
export const useConfirmEmailChange = () =>
  useSettingsMutation<{ code: string }, MessageResult>('POST', '/me/email/confirm', true);
export const useCancelEmailChange = () => useSettingsMutation<void, MessageResult>('DELETE', '/me/email/pending');
export const useRequestVerification = () =>
  useSettingsMutation<void, MessageResult>('POST', '/me/verification-request');

export function useSendContact() {
  return useMutation({ mutationFn: (body: ContactRequest) => api<MessageResult>('POST', '/contact', body) });
}

/**
 * Deletes the account; the server ends the session, and the client forgets everything it held.
 * `leave` runs first, so that the protected page is left before the session reads as empty.
 */
export function useDeleteAccount(leave: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<void>('DELETE', '/me'),
    onSuccess: () => {
      leave();
      client.clear();
      client.setQueryData(sessionKey, null);
    },
  });
}

/** The personal-data download: a plain link, so the browser saves the file itself. */
export const PERSONAL_DATA_URL = '/api/me/export';
