import { z } from 'zod';
import { cents } from '../common/fields';
import type { FieldError } from '../common/form';
import { adminFr } from '../messages/fr-admin';
import { parseSignedEuros } from '../payouts/rules';
import { eventPayout } from '../payouts/schemas';
import { PAYMENT_PROVIDERS } from '../pricing/rules';
import { REASON_MAX_LENGTH } from '../rules/reason';

/** Request and response shapes of the back office (issue 10), shared by the API and the web app. */
const e = adminFr.common;

export const reasonRequest = z.strictObject({ reason: z.string().max(2000) });
export function firstReasonError(reason: string): string | null {
  if (!reason.trim()) return e.reasonRequired;
  if (reason.trim().length > REASON_MAX_LENGTH) return e.reasonTooLong;
  return null;
}

export const verificationRequest = z.object({
  userId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  requestedAt: z.string(),
});
export type VerificationRequest = z.infer<typeof verificationRequest>;

export const searchQuery = z.strictObject({
  q: z.string().max(100).optional(),
  /** Only the organisers whose billing identity is still missing past their paid events' on-sale, soonest deadline first. */
  billingDue: z.enum(['1']).optional(),
});

export const adminUser = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: z.enum(['user', 'admin']),
  isVerified: z.boolean(),
  commissionRateBps: z.number().int().nullable(),
  commissionFixedCents: cents.nullable(),
  /** The share of an event's balance the organiser may ask for before the event ends. */
  payoutAdvancePercent: z.number().int(),
  /** Their balance over all events, from the ledger: below 0, what they owe. */
  balanceCents: cents,
  bannedUntil: z.string().nullable(),
  isBanned: z.boolean(),
  banReason: z.string().nullable(),
  /** While the organiser's billing identity is missing and their paid events sell: the date it is due by. */
  billingIdentityDueAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof adminUser>;

/** An administrator's entry in an organiser's ledger: a repayment (> 0) or a charge (< 0), with its reason. */
export const ledgerAdjustmentRequest = z.strictObject({
  amountCents: z.number(),
  reason: z.string().max(2000),
});
export type LedgerAdjustmentRequest = z.infer<typeof ledgerAdjustmentRequest>;

export const ledgerAdjustmentCreated = z.object({ balanceCents: cents });
export type LedgerAdjustmentCreated = z.infer<typeof ledgerAdjustmentCreated>;

/**
 * The back office's adjustment form, checked in this order (amount, then reason): the amount as
 * typed in euros, signed. Answers the adjustment to send, or the first field in error.
 */
export function checkLedgerAdjustment(input: {
  amount: string;
  reason: string;
}): { adjustment: LedgerAdjustmentRequest } | FieldError<'amount' | 'reason'> {
  const amountCents = parseSignedEuros(input.amount);
  if (amountCents === null || amountCents === 0)
    return { field: 'amount', message: adminFr.errors.adjustmentAmountTyped };
  const reasonError = firstAdjustmentReasonError(input.reason);
  if (reasonError) return { field: 'reason', message: reasonError };
  return { adjustment: { amountCents, reason: input.reason.trim() } };
}

/** An adjustment's reason, as the server checks it too: required, 500 characters at most. */
export function firstAdjustmentReasonError(reason: string): string | null {
  if (!reason.trim()) return adminFr.errors.adjustmentReason;
  return firstReasonError(reason);
}

export const payoutAdvanceRequest = z.strictObject({ percent: z.number() });
export type PayoutAdvanceRequest = z.infer<typeof payoutAdvanceRequest>;

/** The advance allowance as typed: a whole percentage from 0 to 100, or null. */
export function parseAdvancePercent(input: string | number): number | null {
  const percent =
    typeof input === 'number' ? input : Number(input.trim() === '' ? Number.NaN : input.replace(',', '.'));
  return Number.isInteger(percent) && percent >= 0 && percent <= 100 ? percent : null;
}

/** A role, or a commission (null: back to the standard rate); one change per call, one audit line. */
export const updateUserRequest = z.union([
  z.strictObject({ role: z.enum(['user', 'admin']) }),
  z.strictObject({
    commission: z
      .strictObject({ rateBps: z.number().int().min(0).max(10_000), fixedCents: z.number().int().min(0).max(100_000) })
      .nullable(),
  }),
]);
export type UpdateUserRequest = z.infer<typeof updateUserRequest>;

/** `until` null: a permanent ban. */
export const banRequest = z.strictObject({
  until: z.iso.datetime({ offset: true }).nullable(),
  reason: z.string().max(2000),
});
export type BanRequest = z.infer<typeof banRequest>;

const paymentProviderName = z.enum(PAYMENT_PROVIDERS);
export type PaymentProviderChoice = z.infer<typeof paymentProviderName>;

export const adminEvent = z.object({
  id: z.string(),
  title: z.string(),
  organizerName: z.string(),
  organizerEmail: z.string(),
  dateBegin: z.string(),
  isPublic: z.boolean(),
  paymentProvider: paymentProviderName,
});
export type AdminEvent = z.infer<typeof adminEvent>;

export const adminEvents = z.object({
  events: z.array(adminEvent),
  /** The providers this platform is configured with: the choice is offered when there are several. */
  providers: z.array(paymentProviderName),
});
export type AdminEvents = z.infer<typeof adminEvents>;

export const providerRequest = z.strictObject({ provider: paymentProviderName });

export const payoutFilter = z.enum(['requested', 'batched', 'paid', 'returned', 'rejected', 'all']);
export type PayoutFilter = z.infer<typeof payoutFilter>;
export const payoutsQuery = z.strictObject({ status: payoutFilter.optional() });

export const adminPayout = eventPayout.extend({
  eventId: z.string(),
  eventTitle: z.string(),
  organizerName: z.string(),
  organizerEmail: z.string(),
  holderName: z.string(),
  bic: z.string().nullable(),
  /** The batch whose file carries (or carried) it. */
  batchId: z.string().nullable(),
  returnedAt: z.string().nullable(),
});
export type AdminPayout = z.infer<typeof adminPayout>;

export const markPaidRequest = z.strictObject({ bankReference: z.string().max(200) });

/** Every payout still requested, or only those listed (each goes into one batch at most). */
export const createPayoutBatchRequest = z.strictObject({ payoutIds: z.array(z.string().max(64)).max(500).optional() });
export const payoutBatchCreated = z.object({ id: z.string(), payoutIds: z.array(z.string()) });
export type PayoutBatchCreated = z.infer<typeof payoutBatchCreated>;

/** A batch for the bank: "sent" once its file was downloaded, paid as a whole. */
export const payoutBatch = z.object({
  id: z.string(),
  createdAt: z.string(),
  payoutCount: z.number().int(),
  totalCents: cents,
  downloadedAt: z.string().nullable(),
  paidAt: z.string().nullable(),
  bankReference: z.string().nullable(),
});
export type PayoutBatch = z.infer<typeof payoutBatch>;

export const contactMessageItem = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  createdAt: z.string(),
});
export type ContactMessageItem = z.infer<typeof contactMessageItem>;

export const auditEntry = z.object({
  id: z.string(),
  actorName: z.string().nullable(),
  action: z.string(),
  targetType: z.enum(['user', 'event', 'payout', 'payout_batch', 'api_token', 'webhook']),
  targetId: z.string(),
  targetLabel: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const adminSummary = z.object({
  pendingVerifications: z.number().int(),
  pendingPayouts: z.number().int(),
  pendingPayoutsCents: cents,
  messages: z.number().int(),
});
export type AdminSummary = z.infer<typeof adminSummary>;

/**
 * A refund as the back office lists it (read-only: deciding and carrying it out is the refunds
 * module's work): a holder's request, decided or not, an order refunded by a cancellation, a
 * place refunded as its date was cancelled or moved, or a resold place's seller.
 */
export const adminRefund = z.object({
  id: z.string(),
  cause: z.enum(['request', 'cancellation', 'resale', 'date_cancelled', 'date_moved']),
  eventId: z.string(),
  eventTitle: z.string(),
  ticketTitle: z.string().nullable(),
  holderName: z.string(),
  holderEmail: z.string(),
  places: z.number().int(),
  /** Null while the request awaits the organiser's decision. */
  amountCents: cents.nullable(),
  status: z.enum(['awaiting', 'pending', 'refunding', 'refunded', 'failed', 'refused', 'manual']),
  lastError: z.string().nullable(),
  orderReference: z.string().nullable(),
  requestedAt: z.string(),
});
export type AdminRefund = z.infer<typeof adminRefund>;
