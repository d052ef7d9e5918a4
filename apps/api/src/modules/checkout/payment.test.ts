import { paymentFr } from '@guichet/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { withTestApp } from '../../../test/helpers';
import { heldGuestOrder } from '../../../test/modules/checkout/support';
import { useOrganiser, useTestApp } from '../../../test/use-test-app';
import { mailOutbox, orders, participations, tickets } from '../../db/schema';

const t = useTestApp();
const organiser = useOrganiser(t);

const urlencoded = { 'content-type': 'application/x-www-form-urlencoded' };

/** Holds two places as a guest, starts the payment and opens the sandbox bank's page. */
async function toTheBank() {
  const { a, id, buyer, cookie } = await heldGuestOrder(t, organiser.id, 5, 2);
  const start = await t.app.inject({ method: 'POST', url: `/api/orders/${id}/payment`, headers: { cookie } });
  expect(start.statusCode).toBe(200);
  const { redirect } = start.json();
  expect(redirect.kind).toBe('form');
  const fields = redirect.fields as [string, string][];
  expect(Object.fromEntries(fields)).toMatchObject({ PBX_TOTAL: '2000', PBX_DEVISE: '978', PBX_HASH: 'SHA512' });
  const action = new URL(redirect.action);
  const page = await t.app.inject({
    method: 'POST',
    url: action.pathname,
    headers: urlencoded,
    payload: new URLSearchParams(fields).toString(),
  });
  expect(page.statusCode).toBe(200);
  const token = /name="token" value="([^"]+)"/.exec(page.body)?.[1] ?? '';
  return { id, cookie, ticketId: a.id, token, buyerEmail: buyer.email };
}

const decide = (token: string, decision: string) =>
  t.app.inject({
    method: 'POST',
    url: '/sandbox-bank/decide',
    headers: urlencoded,
    payload: new URLSearchParams({ token, decision }).toString(),
  });

describe('paying through the sandbox bank (the bank protocol, signed both ways)', () => {
  it('pays: the signed IPN confirms the order once, and the buyer lands on the accepted page', async () => {
    const { id, cookie, ticketId, token, buyerEmail } = await toTheBank();
    const decision = await decide(token, 'pay');
    expect(decision.statusCode).toBe(303);
    const order = (await t.app.inject({ method: 'GET', url: `/api/orders/${id}`, headers: { cookie } })).json();
    expect(order.status).toBe('paid');
    const [mail] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, buyerEmail));
    expect(mail?.subject).toContain('vos billets');

    // The browser follows the bank's redirect to our return route, which confirms again (idempotent).
    const back = new URL(decision.headers.location as string);
    const landing = await t.app.inject({ method: 'GET', url: back.pathname + back.search });
    expect(landing.statusCode).toBe(303);
    expect(landing.headers.location).toMatch(/^\/validationpaiement\/accepte\?retour=00000&ref=/);
    // Its two places, each its own ticket, issued once.
    expect((await t.database.db.select().from(participations).where(eq(participations.orderId, id))).length).toBe(2);
    expect((await t.database.db.select().from(tickets).where(eq(tickets.id, ticketId)))[0]).toMatchObject({
      sold: 2,
      held: 0,
    });

    // A replayed IPN changes nothing; a forged one (amount changed) is refused.
    const ipn = back.search.slice(1);
    const replay = await t.app.inject({ method: 'GET', url: `/api/payments/sandbox/ipn?${ipn}` });
    expect(replay.statusCode).toBe(200);
    const forged = await t.app.inject({
      method: 'GET',
      url: `/api/payments/sandbox/ipn?${ipn.replace(/Mt=\d+/, 'Mt=1')}`,
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toBe(paymentFr.invalidNotification);
    expect((await t.database.db.select().from(participations).where(eq(participations.orderId, id))).length).toBe(2);
  });

  it('refuses and cancels: the result page gets the code; a refusal keeps the hold, a cancellation gives it back', async () => {
    for (const [decision, status, code] of [
      ['refuse', 'refuse', '00004'],
      ['cancel', 'annule', '00001'],
    ] as const) {
      const { id, ticketId, token } = await toTheBank();
      const response = await decide(token, decision);
      const back = new URL(response.headers.location as string);
      const landing = await t.app.inject({ method: 'GET', url: back.pathname + back.search });
      expect(landing.headers.location).toMatch(new RegExp(`^/validationpaiement/${status}\\?retour=${code}`));
      const [order] = await t.database.db.select().from(orders).where(eq(orders.id, id));
      expect(order?.status).toBe(decision === 'cancel' ? 'cancelled' : 'awaiting_payment');
      expect((await t.database.db.select().from(tickets).where(eq(tickets.id, ticketId)))[0]).toMatchObject({
        held: decision === 'cancel' ? 0 : 2,
        sold: 0,
      });
    }
  });

  it('keeps the payment of an order to its buyer', async () => {
    const { id } = await toTheBank();
    expect((await t.app.inject({ method: 'POST', url: `/api/orders/${id}/payment` })).statusCode).toBe(404);
  });
});

describe('the buyer coming back from the bank', () => {
  it('is rate limited per address, as the route declares', async () => {
    await withTestApp({ config: { rateLimitMax: 1 } }, async (limited) => {
      const back = () =>
        limited.app.inject({
          method: 'GET',
          url: '/api/payments/sandbox/return/accepte?Mt=100&Ref=X&Auto=1&Erreur=00000&Sign=abc',
          remoteAddress: '10.9.8.7',
        });
      const statuses = [];
      for (let i = 0; i < 8; i++) statuses.push((await back()).statusCode);
      expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(0);
      expect(statuses.at(-1)).toBe(429);
    });
  });
});
