import type { PaymentRedirect } from '@guichet/shared';

export { MalformedNotificationError, NoBankServerError, PaymentSignatureError } from './errors';

export type PaymentProviderName = 'sandbox' | 'etransactions' | 'stripe';

export type StartPayment = {
  /** Our order id (uuid). */
  orderId: string;
  /** PBX_CMD / Stripe metadata: unique per payment attempt, ≤ 250 chars, [A-Za-z0-9-]. */
  reference: string;
  amountCents: number;
  /** 1..99, for PBX_SHOPPINGCART. */
  ticketCount: number;
  buyer: { email: string; firstName: string; lastName: string };
  /** Absolute URLs. */
  returnUrls: { accepted: string; refused: string; cancelled: string; notify: string };
};

/** Bank & sandbox: a form the browser POSTs (fields in order); Stripe: what Stripe.js needs. */
export type { PaymentRedirect } from '@guichet/shared';

export type PaymentOutcome = {
  reference: string;
  status: 'paid' | 'refused' | 'cancelled';
  amountCents: number;
  /** Bank S / Stripe payment intent id; the idempotency key of the confirmation. */
  transactionId: string;
  /** Bank E code ('00000' when paid); Stripe: '00000' paid, else the failure code. */
  errorCode: string;
};

/**
 * The buyer's browser back from a provider that only names the payment (Stripe's
 * `payment_intent`): the verdict the provider itself gives when asked, the code for the result
 * page, and the outcome to settle (null while the payment is neither paid nor abandoned).
 */
export type PaymentReturn = { reference: string; retour: string; outcome: PaymentOutcome | null };

type RawNotification = {
  rawQuery?: string;
  rawBody?: Buffer;
  headers: Record<string, string | string[] | undefined>;
};

export type RefundRequest = {
  /** The provider's capture the money goes back to. */
  transactionId: string;
  amountCents: number;
  /** The order's payment reference. */
  reference: string;
  /** One refund's key, the same at every attempt (Stripe's idempotency key, the bank's question number). */
  key: string;
};

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  start(payment: StartPayment): Promise<PaymentRedirect>;
  /**
   * Verifies a notification exactly as received (raw query string or raw body + headers) and reads it;
   * throws PaymentSignatureError when forged. null = an event we ignore (e.g. an unrelated Stripe event type).
   */
  readNotification(raw: RawNotification): PaymentOutcome | null;
  /**
   * Providers whose return carries no signed verdict ask their own API; null when the return does
   * not prove it comes from this payment's buyer. Absent: the return is read as a notification.
   */
  readReturn?(query: URLSearchParams): Promise<PaymentReturn | null>;
  /** Gives money back; asked again with the same `key`, a provider that can tell does not refund twice. */
  refund(payment: RefundRequest): Promise<void>;
}
