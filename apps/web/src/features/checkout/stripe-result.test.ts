import { paymentFr } from '@guichet/shared';
import { describe, expect, it } from 'vitest';
import { hasWallet, paymentErrorMessage, stripeReturnUrl } from './stripe-result';

describe('Stripe payment errors', () => {
  it("shows Stripe's message for validation, card, invalid request and idempotency errors", () => {
    for (const type of ['validation_error', 'card_error', 'invalid_request_error', 'idempotency_error'] as const) {
      expect(paymentErrorMessage({ type, message: 'Votre carte a été refusée.' })).toBe('Votre carte a été refusée.');
    }
  });

  it('shows the generic problem for faults, or when Stripe gave no message', () => {
    for (const type of ['api_connection_error', 'api_error', 'authentication_error', 'rate_limit_error'] as const) {
      expect(paymentErrorMessage({ type, message: 'Invalid API Key provided' })).toBe(paymentFr.retour.other);
    }
    expect(paymentErrorMessage({ type: 'card_error' })).toBe(paymentFr.retour.other);
  });
});

describe('wallets', () => {
  const none = { amazonPay: false, applePay: false, googlePay: false, link: false, paypal: false, klarna: false };
  it('counts only Apple Pay and Google Pay', () => {
    expect(hasWallet(undefined)).toBe(false);
    expect(hasWallet({ ...none, link: true, paypal: true })).toBe(false);
    expect(hasWallet({ ...none, applePay: true })).toBe(true);
    expect(hasWallet({ ...none, googlePay: true })).toBe(true);
  });
});

describe('the return after a payment confirmed on the page', () => {
  it('carries the intent and its client secret, as Stripe does when it redirects', () => {
    const url = new URL(
      stripeReturnUrl(
        { returnUrl: 'https://billets.test/api/payments/stripe/return/accepte', clientSecret: 'pi_1_secret_a&b' },
        'pi_1',
      ),
    );
    expect(url.origin + url.pathname).toBe('https://billets.test/api/payments/stripe/return/accepte');
    expect(url.searchParams.get('payment_intent')).toBe('pi_1');
    expect(url.searchParams.get('payment_intent_client_secret')).toBe('pi_1_secret_a&b');
  });
});
