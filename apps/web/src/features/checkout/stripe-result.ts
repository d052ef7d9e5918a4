import { paymentFr } from '@guichet/shared';
import type { AvailablePaymentMethods, StripeError } from '@stripe/stripe-js';

/** The error types whose message Stripe writes for the buyer (1-attendee.md §4, "payment error"). */
const BUYER_FACING: ReadonlySet<StripeError['type']> = new Set([
  'validation_error',
  'card_error',
  'invalid_request_error',
  'idempotency_error',
]);

/** Stripe's own message for the spec's error types; our generic one for a fault on either side. */
export function paymentErrorMessage(error: Pick<StripeError, 'type' | 'message'>): string {
  return BUYER_FACING.has(error.type) && error.message ? error.message : paymentFr.retour.other;
}

/** Apple Pay or Google Pay: the other express methods Stripe may offer are turned off. */
export function hasWallet(available: AvailablePaymentMethods | undefined): boolean {
  return Boolean(available?.applePay || available?.googlePay);
}

/**
 * Where a payment confirmed without leaving the page goes: the same return URL, with the same
 * parameters, as when Stripe redirects the buyer itself, so that the server asks Stripe in both cases.
 */
export function stripeReturnUrl(
  redirect: { returnUrl: string; clientSecret: string },
  paymentIntentId: string,
): string {
  const url = new URL(redirect.returnUrl);
  url.searchParams.set('payment_intent', paymentIntentId);
  url.searchParams.set('payment_intent_client_secret', redirect.clientSecret);
  return url.toString();
}
