import { checkoutFr } from '@guichet/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createUser, sessionCookie } from '../../../test/helpers';
import { decideAtSandbox, heldGuestOrder, openSandboxBank } from '../../../test/modules/checkout/support';
import { useOrganiser, useTestApp } from '../../../test/use-test-app';
import { mailOutbox, orders, participations, tickets } from '../../db/schema';

const t = useTestApp();
const organiser = useOrganiser(t);

/** A signed-in buyer holding two of the three places of an event's ticket A. */
async function heldOrder() {
  const { event, a, response, id, buyer, cookie } = await heldGuestOrder(t, organiser.id, 3, 2);
  expect(response.statusCode).toBe(201);
  const [order] = await t.database.db.select().from(orders).where(eq(orders.id, id));
  return { id, reference: order?.reference ?? '', cookie, ticketId: a.id, buyerEmail: buyer.email, eventId: event.id };
}

const ticketRow = async (id: string) => (await t.database.db.select().from(tickets).where(eq(tickets.id, id)))[0];
const issued = async (orderId: string) =>
  (await t.database.db.select().from(participations).where(eq(participations.orderId, orderId))).length;
const resultOf = (reference: string, cookie?: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/orders/by-reference/${encodeURIComponent(reference)}`,
    headers: cookie ? { cookie } : {},
  });

describe('a refused card (issue 26, item 11)', () => {
  it('keeps the order and its places; the buyer pays on a second attempt, and a late replay of the refusal changes nothing', async () => {
    const { id, reference, cookie, ticketId, buyerEmail } = await heldOrder();
    const first = await openSandboxBank(t, id, { cookie });
    const refusal = await decideAtSandbox(t, first.token, 'refuse', '00021');
    const back = new URL(refusal.headers.location as string);
    const landing = await t.app.inject({ method: 'GET', url: back.pathname + back.search });
    expect(landing.headers.location).toBe(`/validationpaiement/refuse?retour=00021&ref=${reference}`);

    // The hold lasts: the order still awaits its payment, its two places held, no ticket issued.
    const kept = await resultOf(reference, cookie);
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toMatchObject({ id, status: 'awaiting_payment', totalCents: 2000 });
    expect(kept.json().secondsLeft).toBeGreaterThan(0);
    expect(kept.json().secondsLeft).toBeLessThanOrEqual(180);
    expect(await ticketRow(ticketId)).toMatchObject({ held: 2, sold: 0 });
    expect(await issued(id)).toBe(0);

    // A new attempt on the same order, paid this time.
    const second = await openSandboxBank(t, id, { cookie });
    expect(second.token).not.toBe(first.token);
    expect((await decideAtSandbox(t, second.token, 'pay')).statusCode).toBe(303);
    expect((await resultOf(reference, cookie)).json()).toMatchObject({ status: 'paid', secondsLeft: 0 });

    // The refused attempt's notification, delivered again late, neither undoes nor repeats anything.
    const replay = await t.app.inject({ method: 'GET', url: `/api/payments/sandbox/ipn${back.search}` });
    expect(replay.statusCode).toBe(200);
    expect((await resultOf(reference, cookie)).json().status).toBe('paid');
    expect(await ticketRow(ticketId)).toMatchObject({ held: 0, sold: 2 });
    // Its two places, each its own ticket, issued once.
    expect(await issued(id)).toBe(2);
    const mails = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, buyerEmail));
    expect(mails.filter((mail) => mail.subject.includes('vos billets'))).toHaveLength(1);
  });

  it('a cancellation at the bank still gives the places back at once', async () => {
    const { id, reference, cookie, ticketId } = await heldOrder();
    const { token } = await openSandboxBank(t, id, { cookie });
    await decideAtSandbox(t, token, 'cancel');
    expect((await resultOf(reference, cookie)).json()).toMatchObject({ status: 'cancelled', secondsLeft: 0 });
    expect(await ticketRow(ticketId)).toMatchObject({ held: 0, sold: 0 });
  });
});

describe('paying an order already paid (issue 26, item 6)', () => {
  it('answers that it is paid, not that the time has run out', async () => {
    const { id, cookie } = await heldOrder();
    const { token } = await openSandboxBank(t, id, { cookie });
    await decideAtSandbox(t, token, 'pay');
    const again = await t.app.inject({ method: 'POST', url: `/api/orders/${id}/payment`, headers: { cookie } });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'ORDER_ALREADY_PAID', message: checkoutFr.orderPaidAlready });
    expect(checkoutFr.orderPaidAlready).toBe('Cette commande est déjà payée : vos billets sont dans « Mes billets ».');
  });
});

describe('the result page reads the order by its reference (issue 26, item 12)', () => {
  it('tells the order to its buyer only, and the same 404 for a reference nobody has', async () => {
    const { reference, cookie } = await heldOrder();
    const other = await sessionCookie(t, (await createUser(t)).id);
    for (const [ref, who] of [
      [reference, other],
      [reference, undefined],
      ['FAKE123', cookie],
      ['FAKE123', undefined],
    ] as const) {
      const answer = await resultOf(ref, who);
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toMatchObject({ code: 'ORDER_NOT_FOUND', message: checkoutFr.orderNotFound });
    }
  });
});
