import { z } from 'zod';
import { cents } from '../common/fields';
import type { FieldError } from '../common/form';
import { payoutsFr } from '../messages/fr-payouts';
import { isPayableIban, isValidBic, isValidIban } from './rules';

const e = payoutsFr.errors;

/** The organiser's bank details, checked in this order (first failure answered). */
export const bankAccountRequest = z.strictObject({
  holderName: z.string().max(200),
  iban: z.string().max(60),
  bic: z.string().max(20).optional(),
});
export type BankAccountRequest = z.infer<typeof bankAccountRequest>;

export function firstBankAccountError(input: BankAccountRequest): FieldError<keyof BankAccountRequest> | null {
  const holder = input.holderName.trim();
  if (!holder) return { field: 'holderName', message: e.holderRequired };
  // SEPA limits a creditor's name to 70 characters (pain.001 Cdtr/Nm).
  if (holder.length > 70) return { field: 'holderName', message: e.holderTooLong };
  if (!input.iban.trim()) return { field: 'iban', message: e.ibanRequired };
  if (!isPayableIban(input.iban)) {
    return { field: 'iban', message: isValidIban(input.iban) ? e.ibanNotSepa : e.ibanInvalid };
  }
  if (input.bic?.trim() && !isValidBic(input.bic)) return { field: 'bic', message: e.bicInvalid };
  return null;
}

export const bankAccount = z.object({
  holderName: z.string(),
  iban: z.string(),
  bic: z.string().nullable(),
});
export type BankAccount = z.infer<typeof bankAccount>;

/**
 * requested → batched (in a batch for the bank) → paid → returned (sent back by the bank); a request
 * not yet batched may be rejected; an event's cancellation cancels those not yet sent.
 */
export const payoutStatus = z.enum(['requested', 'batched', 'paid', 'cancelled', 'rejected', 'returned']);
export type PayoutStatus = z.infer<typeof payoutStatus>;

/**
 * An event's balance, read from the ledger (docs/decisions.md, "The money ledger"): every figure is
 * a sum of entries but `commissionVatDueCents`, the VAT on the commission not yet invoiced, which
 * the next payout deducts with its invoice (docs/decisions.md, "Invoices and VAT").
 * `availableCents` is signed (below 0 the organiser owes it) and net of the commission and of the
 * VAT deducted so far; `requestableCents` is net of the VAT due too.
 */
const balance = z.object({
  salesCents: cents,
  commissionCents: cents,
  commissionVatCents: cents,
  commissionVatDueCents: cents,
  refundsCents: cents,
  /** Payouts requested, batched or paid (a rejected, cancelled or returned one gave its amount back). */
  payoutsCents: cents,
  /**
   * Debts settled between the organiser's events: below 0, this event's balance paid what others
   * owed; above 0, other events (or a repayment) paid what this one owed.
   */
  debtsCents: cents,
  availableCents: cents,
  /** The organiser's balance over all their events (and the administrator's adjustments). */
  organizerBalanceCents: cents,
  /** What a payout request would transfer now (0 when none may be asked). */
  requestableCents: cents,
});
export type Balance = z.infer<typeof balance>;

/**
 * The commission invoiced with a payout, TTC, and its invoice's PDF (for the payout's organiser and
 * the administrators); 0 and null when the payout invoiced none (no commission since the last one,
 * or a payout asked before commissions were invoiced).
 */
const commissionOfPayout = {
  commissionInclVatCents: cents,
  commissionInvoiceUrl: z.string().nullable(),
};

/** A payout as the organiser's console lists it; the back office's adds who asked and where it goes. */
export const eventPayout = z.object({
  id: z.string(),
  amountCents: cents,
  status: payoutStatus,
  iban: z.string(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  bankReference: z.string().nullable(),
  rejectReason: z.string().nullable(),
  ...commissionOfPayout,
});

/** The payout panel of the console: the event's balance, the rate used, the requests so far. */
export const eventPayouts = z.object({
  isPaidEvent: z.boolean(),
  /** The caller is the event's verified organiser: an administrator sees the balance only. */
  canRequest: z.boolean(),
  /** Why the caller may not ask, in French; null when they may. */
  refusal: z.string().nullable(),
  rateBps: z.number().int(),
  fixedCents: cents,
  balance,
  /** A payout can be asked now. */
  requestable: z.boolean(),
  /** When one can be asked (the event's end), while it cannot yet; null otherwise. */
  requestableFrom: z.string().nullable(),
  payouts: z.array(eventPayout),
});
export type EventPayouts = z.infer<typeof eventPayouts>;

export const payoutCreated = z.object({
  id: z.string(),
  amountCents: cents,
  status: payoutStatus,
  ...commissionOfPayout,
});
export type PayoutCreated = z.infer<typeof payoutCreated>;
