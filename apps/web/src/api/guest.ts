import type {
  GuestAccountRequest,
  GuestLookupResult,
  GuestVerifyRequest,
  MessageResult,
  SessionUser,
} from '@guichet/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { sessionKey } from './auth';
import { api } from './client';

export const guestKeys = {
  studies: ['studies'] as const,
};

/** Whether the e-mail typed at the information step already has an account. */
export function useGuestLookup() {
  return useMutation({
    mutationFn: (email: string) => api<GuestLookupResult>('POST', '/guest/lookup', { email }),
  });
}

/** Creates the guest's account; the verification code is mailed. */
export function useCreateGuestAccount() {
  return useMutation({
    mutationFn: (body: GuestAccountRequest) => api<MessageResult>('POST', '/guest/account', body),
  });
}

/** Checks the mailed code; the server opens a session, so the rest of the purchase is the user's. */
export function useVerifyGuest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: GuestVerifyRequest) => api<SessionUser>('POST', '/guest/verify', body),
    onSuccess: (user) => client.setQueryData(sessionKey, user),
  });
}

/** Mails a sign-in code to an existing account (its owner's proof of the e-mail, without the password). */
export function useSendSignInCode() {
  return useMutation({
    mutationFn: (email: string) => api<MessageResult>('POST', '/guest/sign-in-code', { email }),
  });
}

/**
 * Logs in from the checkout panel. Unlike the login page, it keeps the cached queries: the event
 * and the checkout under way stay on screen.
 */
export function useSignInDuringCheckout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { email: string; password: string }) => api<SessionUser>('POST', '/auth/login', body),
    onSuccess: (user) => client.setQueryData(sessionKey, user),
  });
}

export function useStudies(enabled: boolean) {
  return useQuery({
    queryKey: guestKeys.studies,
    queryFn: () => api<string[]>('GET', '/studies'),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
