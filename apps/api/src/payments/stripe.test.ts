import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeStripe, startFakeStripe } from '../../test/fake-stripe';
import { startPayment } from '../../test/payments/start-payment';
import { PaymentSignatureError } from './errors';
import type { PaymentProvider } from './provider';
import { createStripeProvider } from './stripe';

const webhookSecret = 'whsec_test_secret';
let fake: FakeStripe;
let provider: PaymentProvider;

beforeAll(async () => {
  fake = await startFakeStripe();
  provider = await createStripeProvider({
    secretKey: 'sk_test_fake',
    publishableKey: 'pk_test_fake',
    webhookSecret,
    api: { host: '127.0.0.1', port: fake.port, protocol: 'http' },
  });
});

afterAll(() => fake.close());

const payment = startPayment({
  orderId: '6f1c1d1e-0000-4000-8000-000000000002',
  reference: 'STR-0001',
  amountCents: 4250,
  ticketCount: 3,
});

/** A webhook as Stripe sends it: the raw JSON and its Stripe-Signature header. */
function webhook(type: string, object: Record<string, unknown>, secret = webhookSecret) {
  const payload = JSON.stringify({ id: 'evt_1', object: 'event', type, data: { object } });
  const header = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  return { rawBody: Buffer.from(payload), headers: { 'stripe-signature': header } };
}

const intent = (extra: Record<string, unknown> = {}) => ({
  id: 'pi_123',
  object: 'payment_intent',
  amount: 4250,
  amount_received: 0,
  metadata: { orderId: payment.orderId, reference: payment.reference },
  ...extra,
});

describe('Stripe', () => {
  it('creates a PaymentIntent in euros with automatic methods, metadata and the reference as idempotency key', async () => {
    const redirect = await provider.start(payment);
    expect(redirect).toMatchObject({
      kind: 'stripe',
      publishableKey: 'pk_test_fake',
      returnUrl: payment.returnUrls.accepted,
    });
    if (redirect.kind !== 'stripe') throw new Error('expected stripe');
    expect(redirect.paymentIntentId).toMatch(/^pi_/);
    expect(redirect.clientSecret.startsWith(`${redirect.paymentIntentId}_secret_`)).toBe(true);

    const request = fake.requests.at(-1);
    expect(request).toMatchObject({ method: 'POST', path: '/v1/payment_intents', idempotencyKey: 'STR-0001' });
    expect(request?.auth).toBe('Bearer sk_test_fake');
    expect(Object.fromEntries(request?.body ?? [])).toEqual({
      amount: '4250',
      currency: 'eur',
      'automatic_payment_methods[enabled]': 'true',
      'metadata[orderId]': payment.orderId,
      'metadata[reference]': 'STR-0001',
    });

    // The same attempt twice gives the same PaymentIntent.
    const again = await provider.start(payment);
    expect(again).toEqual(redirect);
  });

  it('reads a succeeded payment from a signed webhook', () => {
    const outcome = provider.readNotification(webhook('payment_intent.succeeded', intent({ amount_received: 4250 })));
    expect(outcome).toEqual({
      reference: 'STR-0001',
      status: 'paid',
      amountCents: 4250,
      transactionId: 'pi_123',
      errorCode: '00000',
    });
  });

  it('keeps the hold on a declined attempt (the buyer may retry) and reads cancellations', () => {
    const declined = webhook('payment_intent.payment_failed', intent({ last_payment_error: { code: 'expired_card' } }));
    expect(provider.readNotification(declined)).toBeNull();
    expect(provider.readNotification(webhook('payment_intent.canceled', intent()))).toMatchObject({
      status: 'cancelled',
      transactionId: 'pi_123',
    });
  });

  it('ignores other events and intents that are not ours', () => {
    expect(provider.readNotification(webhook('charge.refunded', { id: 'ch_1', object: 'charge' }))).toBeNull();
    expect(provider.readNotification(webhook('payment_intent.succeeded', intent({ metadata: {} })))).toBeNull();
  });

  it('refuses forged webhooks', () => {
    expect(() => provider.readNotification(webhook('payment_intent.succeeded', intent(), 'whsec_other'))).toThrow(
      PaymentSignatureError,
    );
    const genuine = webhook('payment_intent.succeeded', intent());
    const tampered = { ...genuine, rawBody: Buffer.from(genuine.rawBody.toString().replace('4250', '1')) };
    expect(() => provider.readNotification(tampered)).toThrow(PaymentSignatureError);
    expect(() => provider.readNotification({ rawBody: genuine.rawBody, headers: {} })).toThrow(PaymentSignatureError);
    expect(() => provider.readNotification({ headers: genuine.headers })).toThrow(PaymentSignatureError);
  });

  it("reads the buyer's return from Stripe itself, only for the holder of the client secret", async () => {
    const redirect = await provider.start({ ...payment, reference: 'STR-0004' });
    if (redirect.kind !== 'stripe' || !provider.readReturn) throw new Error('expected stripe');
    const back = (secret: string, id = redirect.paymentIntentId) =>
      provider.readReturn?.(
        new URLSearchParams({ payment_intent: id, payment_intent_client_secret: secret, redirect_status: 'succeeded' }),
      );
    const confirm = (paymentMethod: string) =>
      fetch(`http://127.0.0.1:${fake.port}/v1/payment_intents/${redirect.paymentIntentId}/confirm`, {
        method: 'POST',
        body: new URLSearchParams({ payment_method: paymentMethod, client_secret: redirect.clientSecret }),
      });

    // The browser's word (redirect_status) counts for nothing: the intent is not paid yet.
    expect(await back(redirect.clientSecret)).toEqual({
      reference: 'STR-0004',
      retour: 'requires_payment_method',
      outcome: null,
    });
    expect((await confirm('pm_card_chargeDeclined')).status).toBe(402);
    expect(await back(redirect.clientSecret)).toMatchObject({ retour: 'card_declined', outcome: null });

    expect((await confirm('pm_card_visa')).status).toBe(200);
    expect(await back(redirect.clientSecret)).toEqual({
      reference: 'STR-0004',
      retour: '00000',
      outcome: {
        reference: 'STR-0004',
        status: 'paid',
        amountCents: 4250,
        transactionId: redirect.paymentIntentId,
        errorCode: '00000',
      },
    });

    // Someone without the client secret, or with an intent Stripe does not know, learns nothing.
    expect(await back(`${redirect.clientSecret}x`)).toBeNull();
    expect(await back('pi_other_secret_x', 'pi_unknown')).toBeNull();
    const before = fake.requests.length;
    expect(await back(redirect.clientSecret, '../v1/refunds')).toBeNull();
    expect(await provider.readReturn(new URLSearchParams({ payment_intent: redirect.paymentIntentId }))).toBeNull();
    expect(fake.requests).toHaveLength(before);
  });

  it('refunds the PaymentIntent with an idempotency key', async () => {
    const redirect = await provider.start({ ...payment, reference: 'STR-0002' });
    if (redirect.kind !== 'stripe') throw new Error('expected stripe');
    await provider.refund({
      transactionId: redirect.paymentIntentId,
      amountCents: 1200,
      reference: 'STR-0002',
      key: 'refund-r1',
    });
    const request = fake.requests.at(-1);
    expect(request).toMatchObject({ method: 'POST', path: '/v1/refunds', idempotencyKey: 'refund-r1' });
    expect(Object.fromEntries(request?.body ?? [])).toEqual({
      payment_intent: redirect.paymentIntentId,
      amount: '1200',
      reason: 'requested_by_customer',
    });
    await expect(
      provider.refund({ transactionId: 'pi_unknown', amountCents: 100, reference: 'STR-0003', key: 'refund-r2' }),
    ).rejects.toThrow();
  });

  it('refuses a malformed payment before calling Stripe', async () => {
    const before = fake.requests.length;
    await expect(provider.start({ ...payment, reference: 'bad ref!' })).rejects.toThrow(TypeError);
    await expect(provider.start({ ...payment, amountCents: 0 })).rejects.toThrow(TypeError);
    expect(fake.requests).toHaveLength(before);
  });
});
