import type {
  AdminEvent,
  AdminEvents,
  AdminPayout,
  AdminRefund,
  AdminSummary,
  AdminUser,
  AuditEntry,
  BanRequest,
  ContactMessageItem,
  LedgerAdjustmentCreated,
  LedgerAdjustmentRequest,
  PaymentProviderChoice,
  PayoutBatch,
  PayoutBatchCreated,
  PayoutFilter,
  UpdateUserRequest,
  VerificationRequest,
} from '@guichet/shared';
import { fr } from '@guichet/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from './client';
import { consoleKeys } from './console';
import { moneyKeys } from './payouts';

const id = (value: string) => encodeURIComponent(value);

export type { PayoutFilter };

export const adminKeys = {
  all: ['admin'] as const,
  summary: ['admin', 'summary'] as const,
  verifications: ['admin', 'verifications'] as const,
  users: (q: string, billingDue = false) => ['admin', 'users', q, billingDue] as const,
  events: (q: string) => ['admin', 'events', q] as const,
  payouts: (status: PayoutFilter) => ['admin', 'payouts', status] as const,
  batches: ['admin', 'payout-batches'] as const,
  refunds: ['admin', 'refunds'] as const,
  messages: ['admin', 'messages'] as const,
  audit: ['admin', 'audit'] as const,
};

/** Every administrative action changes the summary and the audit log: both are refreshed after it. */
function useAdminMutation<TInput, TResult>(
  mutationFn: (input: TInput) => Promise<TResult>,
  touched: readonly string[],
  alsoTouched?: readonly string[],
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: touched }),
        alsoTouched && client.invalidateQueries({ queryKey: alsoTouched }),
        client.invalidateQueries({ queryKey: adminKeys.summary }),
        client.invalidateQueries({ queryKey: adminKeys.audit }),
        // A commission changed here is the caller's own rate on the rates page when it is theirs.
        client.invalidateQueries({ queryKey: moneyKeys.rate }),
      ]),
  });
}

export function useAdminSummary() {
  return useQuery({ queryKey: adminKeys.summary, queryFn: () => api<AdminSummary>('GET', '/admin/summary') });
}

export function useVerificationRequests() {
  return useQuery({
    queryKey: adminKeys.verifications,
    queryFn: () => api<VerificationRequest[]>('GET', '/admin/verification-requests'),
  });
}

export function useVerifyUser() {
  return useAdminMutation(
    (userId: string) => api<AdminUser>('POST', `/admin/users/${id(userId)}/verify`),
    adminKeys.verifications,
  );
}

export function useRefuseVerification() {
  return useAdminMutation(
    ({ userId, reason }: { userId: string; reason: string }) =>
      api<AdminUser>('POST', `/admin/users/${id(userId)}/refuse-verification`, { reason }),
    adminKeys.verifications,
  );
}

/** Accounts by name or e-mail; with `billingDue`, the organisers whose billing identity is awaited, soonest deadline first. */
export function useAdminUsers(q: string, billingDue = false) {
  return useQuery({
    queryKey: adminKeys.users(q, billingDue),
    queryFn: () =>
      api<AdminUser[]>('GET', `/admin/users?q=${encodeURIComponent(q)}${billingDue ? '&billingDue=1' : ''}`),
    placeholderData: keepPreviousData,
  });
}

export function useUpdateUser() {
  return useAdminMutation(
    ({ userId, change }: { userId: string; change: UpdateUserRequest }) =>
      api<AdminUser>('PATCH', `/admin/users/${id(userId)}`, change),
    ['admin', 'users'],
  );
}

/** The share of an event's balance the organiser may ask for before its end. */
export function useSetPayoutAdvance() {
  return useAdminMutation(
    ({ userId, percent }: { userId: string; percent: number }) =>
      api<AdminUser>('PUT', `/admin/users/${id(userId)}/payout-advance`, { percent }),
    ['admin', 'users'],
  );
}

/** A repayment (> 0) or a charge (< 0) in the organiser's ledger; answers their new balance. */
export function useRecordLedgerAdjustment() {
  return useAdminMutation(
    ({ userId, adjustment }: { userId: string; adjustment: LedgerAdjustmentRequest }) =>
      api<LedgerAdjustmentCreated>('POST', `/admin/users/${id(userId)}/ledger-adjustments`, adjustment),
    ['admin', 'users'],
    // A repayment pays back the organiser's events in debt: their payout panels change too.
    consoleKeys.all,
  );
}

export function useBanUser() {
  return useAdminMutation(
    ({ userId, ban }: { userId: string; ban: BanRequest }) =>
      api<AdminUser>('POST', `/admin/users/${id(userId)}/ban`, ban),
    ['admin', 'users'],
  );
}

export function useUnbanUser() {
  return useAdminMutation(
    (userId: string) => api<AdminUser>('DELETE', `/admin/users/${id(userId)}/ban`),
    ['admin', 'users'],
  );
}

export function useAdminEvents(q: string) {
  return useQuery({
    queryKey: adminKeys.events(q),
    queryFn: () => api<AdminEvents>('GET', `/admin/events?q=${encodeURIComponent(q)}`),
    placeholderData: keepPreviousData,
  });
}

export function useUnpublishEvent() {
  return useAdminMutation(
    (eventId: string) => api<AdminEvent>('POST', `/admin/events/${id(eventId)}/unpublish`),
    ['admin', 'events'],
  );
}

export function useSetEventProvider() {
  return useAdminMutation(
    ({ eventId, provider }: { eventId: string; provider: PaymentProviderChoice }) =>
      api<AdminEvent>('PUT', `/admin/events/${id(eventId)}/provider`, { provider }),
    ['admin', 'events'],
  );
}

export function useAdminPayouts(status: PayoutFilter) {
  return useQuery({
    queryKey: adminKeys.payouts(status),
    queryFn: () => api<AdminPayout[]>('GET', `/admin/payouts?status=${status}`),
  });
}

export function useMarkPayoutReturned() {
  return useAdminMutation(
    (payoutId: string) => api<AdminPayout>('POST', `/admin/payouts/${id(payoutId)}/returned`),
    ['admin', 'payouts'],
  );
}

export function usePayoutBatches() {
  return useQuery({ queryKey: adminKeys.batches, queryFn: () => api<PayoutBatch[]>('GET', '/admin/payout-batches') });
}

/** The payouts the administrator saw and confirmed, not whatever is requested by the time it arrives. */
export function useCreatePayoutBatch() {
  return useAdminMutation(
    (payoutIds: string[]) => api<PayoutBatchCreated>('POST', '/admin/payout-batches', { payoutIds }),
    ['admin'],
  );
}

export function useMarkBatchPaid() {
  return useAdminMutation(
    ({ batchId, bankReference }: { batchId: string; bankReference: string }) =>
      api<PayoutBatch>('POST', `/admin/payout-batches/${id(batchId)}/paid`, { bankReference }),
    ['admin'],
  );
}

export function useRejectPayout() {
  return useAdminMutation(
    ({ payoutId, reason }: { payoutId: string; reason: string }) =>
      api<AdminPayout>('POST', `/admin/payouts/${id(payoutId)}/reject`, { reason }),
    ['admin', 'payouts'],
  );
}

/**
 * A batch's SEPA file, fetched rather than linked so that a refusal (its payouts cancelled, no
 * debtor account configured) comes back as its French message, not as a downloaded error.
 */
export async function fetchBatchSepaFile(batchId: string): Promise<{ blob: Blob; disposition: string | null }> {
  let response: Response;
  try {
    response = await fetch(`/api/admin/payout-batches/${id(batchId)}/sepa.xml`, { credentials: 'same-origin' });
  } catch {
    throw new ApiError(0, 'NETWORK_ERROR', fr.common.serviceUnavailable);
  }
  if (!response.ok) {
    const error = ((await response.json().catch(() => null)) ?? {}) as { code?: string; message?: string };
    throw new ApiError(response.status, error.code ?? 'ERROR', error.message ?? fr.common.genericError);
  }
  return { blob: await response.blob(), disposition: response.headers.get('content-disposition') };
}

export function useAdminRefunds() {
  return useQuery({ queryKey: adminKeys.refunds, queryFn: () => api<AdminRefund[]>('GET', '/admin/refunds') });
}

export function useContactMessages() {
  return useQuery({
    queryKey: adminKeys.messages,
    queryFn: () => api<ContactMessageItem[]>('GET', '/admin/messages'),
  });
}

export function useAuditLog() {
  return useQuery({ queryKey: adminKeys.audit, queryFn: () => api<AuditEntry[]>('GET', '/admin/audit') });
}
