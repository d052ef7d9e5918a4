import { paymentFr } from '@guichet/shared';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeStripe, startFakeStripe } from '../../../test/fake-stripe';
import { createEvent, createTestApp, createUser, type TestApp } from '../../../test/helpers';
import { placeGuestOrder } from '../../../test/modules/checkout/support';
import { orders, participations, tickets } from '../../db/schema';

const webhookSecret = 'whsec_app_test';
let fake: FakeStripe;
let t: TestApp;
let organizerId: string;

beforeAll(async () => {
  fake = await startFakeStripe();
  t = await createTestApp({
    payments: {
      defaultProvider: 'stripe',
      sandbox: undefined,
      etransactions: undefined,
      stripe: {
        secretKey: 'sk_test_app',
        publishableKey: 'pk_test_app',
        webhookSecret,
        api: { host: '127.0.0.1', port: fake.port, protocol: 'http' },
      },
    },
  });
  organizerId = (await createUser(t, { isVerified: true })).id;
});

afterAll(async () => {
  await t.close();
  await fake.close();
});

type StripeRedirect = { kind: 'stripe'; clientSecret: string; publishableKey: string; paymentIntentId: string };

/** A guest holds two 10 € places of a Stripe event and starts the payment. */
async function startStripePayment() {
  const {
    event,
    tickets: [ticket],
  } = await createEvent(t, organizerId, { paymentProvider: 'stripe' }, [{ priceCents: 1000, quantity: 5 }]);
  const { response, id, cookie } = await placeGuestOrder(t, event.id, [{ ticketId: ticket?.id, quantity: 2 }]);
  expect(response.statusCode, response.body).toBe(201);
  const start = await t.app.inject({ method: 'POST', url: `/api/orders/${id}/payment`, headers: { cookie } });
  expect(start.statusCode, start.body).toBe(200);
  const [order] = await t.database.db.select().from(orders).where(eq(orders.id, id));
  return { id, cookie, ticketId: ticket?.id ?? '', order, redirect: start.json().redirect as StripeRedirect };
}

const confirmAtStripe = (redirect: StripeRedirect, paymentMethod: string) =>
  fetch(`http://127.0.0.1:${fake.port}/v1/payment_intents/${redirect.paymentIntentId}/confirm`, {
    method: 'POST',
    body: new URLSearchParams({ payment_method: paymentMethod, client_secret: redirect.clientSecret }),
  });

/** The buyer's browser on the return URL, as Stripe (or our payment step) sends it there. */
const comeBack = (redirect: StripeRedirect, secret = redirect.clientSecret) =>
  t.app.inject({
    method: 'GET',
    url: `/api/payments/stripe/return/accepte?${new URLSearchParams({
      payment_intent: redirect.paymentIntentId,
      payment_intent_client_secret: secret,
      redirect_status: 'succeeded',
    })}`,
  });

/** A webhook body as Stripe signs it. */
const postWebhook = (payload: string, secret = webhookSecret) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments/stripe/webhook',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret }),
    },
    payload,
  });

async function sendWebhook(type: string, redirect: StripeRedirect, secret = webhookSecret) {
  const intent = await (
    await fetch(`http://127.0.0.1:${fake.port}/v1/payment_intents/${redirect.paymentIntentId}`)
  ).json();
  return postWebhook(JSON.stringify({ id: `evt_${type}`, object: 'event', type, data: { object: intent } }), secret);
}

const stateOf = async (orderId: string, ticketId: string) => ({
  status: (await t.database.db.select().from(orders).where(eq(orders.id, orderId)))[0]?.status,
  places: (
    await t.database.db.select({ sold: tickets.sold, held: tickets.held }).from(tickets).where(eq(tickets.id, ticketId))
  )[0],
  participations: (await t.database.db.select().from(participations).where(eq(participations.orderId, orderId))).length,
});

describe('paying a Stripe event', () => {
  it('gives the buyer, and only them, the PaymentIntent with the publishable key and the return URL', async () => {
    const { id, order, redirect } = await startStripePayment();
    expect(redirect).toMatchObject({
      kind: 'stripe',
      publishableKey: 'pk_test_app',
      returnUrl: `${t.config.publicUrl}/api/payments/stripe/return/accepte`,
    });
    expect(redirect.clientSecret.startsWith(`${redirect.paymentIntentId}_secret_`)).toBe(true);
    const created = fake.requests.findLast((r) => r.path === '/v1/payment_intents');
    expect(created?.body.get('amount')).toBe(String(order?.totalCents));
    expect((await t.app.inject({ method: 'POST', url: `/api/orders/${id}/payment` })).statusCode).toBe(404);
  });

  it('keeps the places through a declined card, then confirms from Stripe when the buyer comes back', async () => {
    const { id, ticketId, order, redirect } = await startStripePayment();

    // Coming back before paying, whatever the browser claims, confirms nothing.
    const early = await comeBack(redirect);
    expect(early.headers.location).toBe(
      `/validationpaiement/refuse?retour=requires_payment_method&ref=${order?.reference}`,
    );

    expect((await confirmAtStripe(redirect, 'pm_card_chargeDeclined')).status).toBe(402);
    expect((await sendWebhook('payment_intent.payment_failed', redirect)).statusCode).toBe(200);
    expect(await stateOf(id, ticketId)).toEqual({
      status: 'awaiting_payment',
      places: { sold: 0, held: 2 },
      participations: 0,
    });

    expect((await confirmAtStripe(redirect, 'pm_card_visa')).status).toBe(200);
    // A return without the client secret neither confirms nor reveals the order.
    const stranger = await comeBack(redirect, 'pi_x_secret_guess');
    expect(stranger.headers.location).toBe('/validationpaiement/accepte?retour=invalid&ref=');
    expect((await stateOf(id, ticketId)).status).toBe('awaiting_payment');

    const back = await comeBack(redirect);
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(
      `/validationpaiement/accepte?retour=00000&ref=${order?.reference}&event=${order?.eventId}`,
    );
    expect(await stateOf(id, ticketId)).toEqual({ status: 'paid', places: { sold: 2, held: 0 }, participations: 2 });

    // The webhook arriving afterwards, and the return replayed, change nothing.
    expect((await sendWebhook('payment_intent.succeeded', redirect)).statusCode).toBe(200);
    expect((await comeBack(redirect)).headers.location).toContain('retour=00000');
    expect(await stateOf(id, ticketId)).toEqual({ status: 'paid', places: { sold: 2, held: 0 }, participations: 2 });
  });

  it("tells the event page the provider that will charge, so that its basket shows that provider's fees", async () => {
    // Stored for the sandbox bank, which this deployment does not have: Stripe takes the payment.
    const { event } = await createEvent(t, organizerId, { paymentProvider: 'sandbox', isUserPaysFees: true }, [
      { priceCents: 1250, quantity: 5 },
    ]);
    const read = await t.app.inject({ method: 'GET', url: `/api/events/${event.id}` });
    expect(read.json().paymentProvider).toBe('stripe');
  });

  it('confirms from the signed webhook alone, and refuses a forged one', async () => {
    const { id, ticketId, redirect } = await startStripePayment();
    expect((await confirmAtStripe(redirect, 'pm_card_visa')).status).toBe(200);
    const forged = await sendWebhook('payment_intent.succeeded', redirect, 'whsec_forger');
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toBe(paymentFr.invalidNotification);
    expect((await stateOf(id, ticketId)).status).toBe('awaiting_payment');

    expect((await sendWebhook('payment_intent.succeeded', redirect)).statusCode).toBe(200);
    expect(await stateOf(id, ticketId)).toEqual({ status: 'paid', places: { sold: 2, held: 0 }, participations: 2 });
  });

  it('answers a correctly signed but malformed event 400 with { code, message }, changing nothing', async () => {
    const { id, ticketId, redirect } = await startStripePayment();
    expect((await confirmAtStripe(redirect, 'pm_card_visa')).status).toBe(200);
    const intent = (await (
      await fetch(`http://127.0.0.1:${fake.port}/v1/payment_intents/${redirect.paymentIntentId}`)
    ).json()) as Record<string, unknown>;
    const malformed = [
      { id: 'evt_1', object: 'event', type: 'payment_intent.succeeded' },
      { id: 'evt_2', object: 'event', type: 'payment_intent.succeeded', data: null },
      {
        id: 'evt_3',
        object: 'event',
        type: 'payment_intent.succeeded',
        data: { object: { ...intent, amount: 'beaucoup' } },
      },
      {
        id: 'evt_4',
        object: 'event',
        type: 'payment_intent.canceled',
        data: { object: { ...intent, metadata: { reference: 42 } } },
      },
      {
        id: 'evt_5',
        object: 'event',
        type: 'payment_intent.succeeded',
        data: { object: { ...intent, amount_received: 2 ** 40 } },
      },
    ];
    for (const event of malformed) {
      const payload = JSON.stringify(event);
      const response = await postWebhook(payload);
      expect(response.statusCode, payload).toBe(400);
      expect(response.json()).toEqual({ code: 'INVALID_NOTIFICATION', message: paymentFr.invalidNotification });
    }
    expect((await stateOf(id, ticketId)).status).toBe('awaiting_payment');
  });

  it('answers 400, never 500, to a signed body that can never be processed: {}, null, [], no type, a NUL', async () => {
    const { id, ticketId, redirect } = await startStripePayment();
    expect((await confirmAtStripe(redirect, 'pm_card_visa')).status).toBe(200);
    const intent = (await (
      await fetch(`http://127.0.0.1:${fake.port}/v1/payment_intents/${redirect.paymentIntentId}`)
    ).json()) as { metadata: Record<string, string> };
    const withReference = (reference: string) => ({
      id: 'evt_nul',
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: { ...intent, metadata: { ...intent.metadata, reference } } },
    });
    const bodies = [
      '{}',
      'null',
      '[]',
      '"payment_intent.succeeded"',
      'pas du JSON',
      JSON.stringify({ id: 'evt_no_type', object: 'event', data: { object: intent } }),
      JSON.stringify({ id: 'evt_bad_type', object: 'event', type: 42, data: { object: intent } }),
      JSON.stringify(withReference(`${intent.metadata.reference}\u0000`)),
      JSON.stringify({ ...withReference('x'), data: { object: { ...intent, id: 'pi_\u0000' } } }),
    ];
    for (const payload of bodies) {
      const response = await postWebhook(payload);
      expect(response.statusCode, payload).toBe(400);
      expect(response.json()).toEqual({ code: 'INVALID_NOTIFICATION', message: paymentFr.invalidNotification });
    }
    expect((await stateOf(id, ticketId)).status).toBe('awaiting_payment');
    // The same intent, well formed, is still settled.
    expect((await sendWebhook('payment_intent.succeeded', redirect)).statusCode).toBe(200);
    expect((await stateOf(id, ticketId)).status).toBe('paid');
  });
});
