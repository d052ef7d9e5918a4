import type { BankAccount, BankAccountRequest, CallerRate, EventPayouts, PayoutCreated } from '@guichet/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client';

const event = (id: string) => encodeURIComponent(id);

export const moneyKeys = {
  rate: ['rates', 'mine'] as const,
  payouts: (eventId: string) => ['console', eventId, 'payouts'] as const,
  bankAccount: ['me', 'bank-account'] as const,
};

/** The caller's commission (the standard one for a visitor), for the rates page and the console. */
export function useRate() {
  return useQuery({ queryKey: moneyKeys.rate, queryFn: () => api<CallerRate>('GET', '/rates') });
}

export function useEventPayouts(eventId: string) {
  return useQuery({
    queryKey: moneyKeys.payouts(eventId),
    queryFn: () => api<EventPayouts>('GET', `/console/events/${event(eventId)}/payouts`),
  });
}

export function useRequestPayout(eventId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<PayoutCreated>('POST', `/console/events/${event(eventId)}/payouts`),
    // Refused or not, the balance may have moved (another tab asked first).
    onSettled: () => client.invalidateQueries({ queryKey: moneyKeys.payouts(eventId) }),
  });
}

export function useBankAccount(enabled = true) {
  return useQuery({
    queryKey: moneyKeys.bankAccount,
    queryFn: async () => (await api<{ account: BankAccount | null }>('GET', '/me/bank-account')).account,
    enabled,
  });
}

export function useSaveBankAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BankAccountRequest) => api<BankAccount>('PUT', '/me/bank-account', body),
    onSuccess: (account) => client.setQueryData(moneyKeys.bankAccount, account),
  });
}
