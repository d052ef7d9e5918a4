import type {
  LoginRequest,
  PasswordResetCodeCheck,
  PasswordResetConfirm,
  RegisterRequest,
  SessionUser,
} from '@guichet/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client';

export const sessionKey = ['session'] as const;

/** The logged-in user, or null for a visitor. */
export function useSession() {
  return useQuery({
    queryKey: sessionKey,
    queryFn: async () => (await api<{ user: SessionUser | null }>('GET', '/auth/session')).user,
    staleTime: 60_000,
  });
}

export function useLogin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: LoginRequest) => api<SessionUser>('POST', '/auth/login', body),
    onSuccess: (user) => {
      client.clear();
      client.setQueryData(sessionKey, user);
    },
  });
}

export function useRegister() {
  return useMutation({ mutationFn: (body: RegisterRequest) => api<SessionUser>('POST', '/auth/register', body) });
}

export function useLogout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<void>('POST', '/auth/logout'),
    onSettled: () => {
      client.clear();
      client.setQueryData(sessionKey, null);
    },
  });
}

export function useAcceptTerms() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<void>('POST', '/me/terms'),
    onSuccess: () => client.invalidateQueries({ queryKey: sessionKey }),
  });
}

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (email: string) => api<{ message: string }>('POST', '/auth/password-reset', { email }),
  });
}

export function useVerifyResetCode() {
  return useMutation({
    mutationFn: (body: PasswordResetCodeCheck) => api<{ message: string }>('POST', '/auth/password-reset/verify', body),
  });
}

export function useConfirmPasswordReset() {
  return useMutation({
    mutationFn: (body: PasswordResetConfirm) => api<{ message: string }>('POST', '/auth/password-reset/confirm', body),
  });
}
