import { checkoutFr } from '@guichet/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createEvent, createUser, DAY, loginAs, raceMode, sessionCookie } from '../../../test/helpers';
import {
  createBuyers,
  decideAtSandbox,
  guestBuyer,
  notifySandbox,
  payAtSandboxBank,
  postBankForm,
} from '../../../test/modules/checkout/support';
import { useListeningTestApp, useOrganiser } from '../../../test/use-test-app';
import { discountCodes, mailOutbox, orders, participations, paymentTransactions, tickets } from '../../db/schema';
import { hashPassword } from '../auth/passwords';

// Limits found broken by an attack on the checkout (issue 16, "Money"): a promo code's quantity,
// a second capture of a paid order, and the free-ticket limit split over several lines or orders.
let now = Date.now();
const t = useListeningTestApp({ clock: { now: () => new Date(now) } });
const organiser = useOrganiser(t);

const order = (payload: object, cookie?: string) =>
  t.app.inject({ method: 'POST', url: '/api/orders', payload, headers: cookie ? { cookie } : {} });
const codeRow = async (id: string) =>
  (await t.database.db.select().from(discountCodes).where(eq(discountCodes.id, id)))[0];

async function eventWithCode(quantity: number, percent: number, priceCents = 2000) {
  const { event, tickets: rows } = await createEvent(t, organiser.id, {}, [{ priceCents, quantity: 100 }]);
  const [code] = await t.database.db
    .insert(discountCodes)
    .values({ eventId: event.id, code: `UNE${Math.random().toString(36).slice(2, 7)}`, percent, quantity })
    .returning();
  if (!code || !rows[0]) throw new Error('setup failed');
  return { event, ticket: rows[0], code };
}

describe('a promo code of quantity 1', () => {
  it('discounts one paid order only, when orders come one after another', async () => {
    const { event, ticket, code } = await eventWithCode(1, 50);
    const buyers = await Promise.all([createUser(t), createUser(t), createUser(t)]);
    const answers = [];
    for (const buyer of buyers) {
      const cookie = await loginAs(t, buyer.email);
      const held = await order(
        { eventId: event.id, lines: [{ ticketId: ticket.id, quantity: 1 }], discountCode: code.code },
        cookie,
      );
      if (held.statusCode === 201) await payAtSandboxBank(t, held.json().id, { cookie });
      answers.push(held);
    }
    expect(answers.map((a) => a.statusCode)).toEqual([201, 400, 400]);
    expect(answers[1]?.json()).toMatchObject({ message: checkoutFr.promoExhausted, field: 'discountCode' });
    const discounted = await t.database.db
      .select()
      .from(orders)
      .where(and(eq(orders.eventId, event.id), eq(orders.discountCodeId, code.id)));
    expect(discounted.map((o) => o.status)).toEqual(['paid']);
    expect(await codeRow(code.id)).toMatchObject({ used: 1, quantity: 1 });
  });

  it(`gives its one use to a single buyer of 50 racing ones, 100 % codes (free orders) included${raceMode}`, async () => {
    const hash = await hashPassword('Motdepasse1');
    for (const percent of [20, 100]) {
      const { event, ticket, code } = await eventWithCode(1, percent);
      const buyers = await createBuyers(t, 50, hash);
      const answers = await Promise.all(
        buyers.map(async (buyer) => {
          const response = await fetch(`${t.base}/api/orders`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', cookie: await sessionCookie(t, buyer.id) },
            body: JSON.stringify({
              eventId: event.id,
              buyer: guestBuyer(buyer),
              lines: [{ ticketId: ticket.id, quantity: 1 }],
              discountCode: code.code,
            }),
          });
          return { status: response.status, body: (await response.json()) as { message?: string } };
        }),
      );
      expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
      expect(answers.filter((a) => a.status !== 201).every((a) => a.body.message === checkoutFr.promoExhausted)).toBe(
        true,
      );
      expect(await codeRow(code.id)).toMatchObject({ used: 1 });
      const placed = await t.database.db.select().from(orders).where(eq(orders.eventId, event.id));
      expect(placed).toHaveLength(1);
      expect(placed[0]?.status).toBe(percent === 100 ? 'paid' : 'awaiting_payment');
    }
  });

  it('comes back when the hold is given back or expires, and a late payment cannot take it twice', async () => {
    const { event, ticket, code } = await eventWithCode(1, 10);
    const [first, second, third] = await Promise.all([createUser(t), createUser(t), createUser(t)]);
    const line = { eventId: event.id, lines: [{ ticketId: ticket.id, quantity: 1 }], discountCode: code.code };
    const firstCookie = await loginAs(t, first?.email ?? '');
    const held = await order(line, firstCookie);
    expect(held.statusCode).toBe(201);
    expect(await codeRow(code.id)).toMatchObject({ used: 1 });
    await t.app.inject({ method: 'DELETE', url: `/api/orders/${held.json().id}`, headers: { cookie: firstCookie } });
    expect(await codeRow(code.id)).toMatchObject({ used: 0 });

    const secondCookie = await loginAs(t, second?.email ?? '');
    const again = await order(line, secondCookie);
    expect(again.statusCode).toBe(201);
    now += 181_000;
    // The expired hold is reclaimed when the next buyer finds no use left.
    const thirdCookie = await loginAs(t, third?.email ?? '');
    const taken = await order(line, thirdCookie);
    expect(taken.statusCode, taken.body).toBe(201);
    expect((await t.database.db.select().from(orders).where(eq(orders.id, again.json().id)))[0]?.status).toBe(
      'expired',
    );
    // The second buyer pays their expired hold late: the use is gone, so the payment is refunded.
    const secondOrder = (await t.database.db.select().from(orders).where(eq(orders.id, again.json().id)))[0];
    const late = await notifySandbox(t, {
      reference: secondOrder?.reference ?? '',
      status: 'paid',
      amountCents: secondOrder?.totalCents ?? 0,
      transactionId: `T-${Math.random()}`,
    });
    expect(late).toBe('refund_needed');
    expect(await codeRow(code.id)).toMatchObject({ used: 1 });
    now = Date.now();
  });
});

describe('a second capture of a paid order', () => {
  it('is recorded, refunded once and told to the buyer; the tickets are issued once', async () => {
    const { event, tickets: rows } = await createEvent(t, organiser.id, {}, [{ priceCents: 1500, quantity: 10 }]);
    const buyer = await createUser(t);
    const cookie = await loginAs(t, buyer.email);
    const held = await order({ eventId: event.id, lines: [{ ticketId: rows[0]?.id, quantity: 2 }] }, cookie);
    const orderId = held.json().id as string;
    // The buyer opens the payment page twice (two forms, a second apart) and pays on both.
    const forms = [];
    for (let i = 0; i < 2; i++) {
      if (i) await new Promise((resolve) => setTimeout(resolve, 1100));
      const start = await t.app.inject({ method: 'POST', url: `/api/orders/${orderId}/payment`, headers: { cookie } });
      forms.push(start.json().redirect);
    }
    for (const redirect of forms) {
      const { token } = await postBankForm(t, redirect);
      expect((await decideAtSandbox(t, token, 'pay')).statusCode).toBe(303);
    }
    const captures = await t.database.db
      .select()
      .from(paymentTransactions)
      .where(eq(paymentTransactions.orderId, orderId))
      .orderBy(paymentTransactions.createdAt);
    expect(captures.map((c) => [c.kind, c.refundStatus])).toEqual([
      ['payment', 'none'],
      ['duplicate', 'refunded'],
    ]);
    expect(new Set(captures.map((c) => c.transactionId)).size).toBe(2);
    const [paid] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(paid?.status).toBe('paid');
    // Its 2 places, each its own ticket, issued once.
    expect(await t.database.db.select().from(participations).where(eq(participations.orderId, orderId))).toHaveLength(
      2,
    );
    const mails = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, buyer.email));
    expect(mails.map((m) => m.subject)).toContain(checkoutFr.duplicateRefundedMail.subject(t.config.brandName));
    const [row] = await t.database.db
      .select()
      .from(tickets)
      .where(eq(tickets.id, rows[0]?.id ?? ''));
    expect(row).toMatchObject({ sold: 2, held: 0 });
  });
});

describe('the free-ticket limit', () => {
  it('applies to the sum of an order, not to each line', async () => {
    const { event, tickets: rows } = await createEvent(t, organiser.id, {}, [
      { title: 'Payant', priceCents: 1000, quantity: 50 },
      { title: 'Gratuit', priceCents: 0, quantity: 50 },
    ]);
    const free = rows[1]?.id;
    const cookie = await loginAs(t, (await createUser(t)).email);
    const five = await order(
      { eventId: event.id, lines: Array.from({ length: 5 }, () => ({ ticketId: free, quantity: 1 })) },
      cookie,
    );
    expect(five.statusCode).toBe(400);
    expect(five.json()).toMatchObject({ message: checkoutFr.aboveMax(1) });
    const [row] = await t.database.db
      .select()
      .from(tickets)
      .where(eq(tickets.id, free ?? ''));
    expect(row).toMatchObject({ sold: 0, held: 0 });
  });

  it('applies per account across orders, on a free event and to a free ticket of a paid event', async () => {
    const freeEvent = await createEvent(t, organiser.id, {}, [
      { title: 'Entrée', priceCents: 0, quantity: 50 },
      { title: 'Entrée VIP', priceCents: 0, quantity: 50 },
    ]);
    const mixed = await createEvent(t, organiser.id, { dateMaxRefund: new Date(now + 5 * DAY) }, [
      { title: 'Payant', priceCents: 1000, quantity: 50 },
      { title: 'Gratuit', priceCents: 0, quantity: 50 },
    ]);
    const cookie = await loginAs(t, (await createUser(t)).email);
    const one = (eventId: string, ticketId?: string) => order({ eventId, lines: [{ ticketId, quantity: 1 }] }, cookie);

    expect((await one(freeEvent.event.id, freeEvent.tickets[0]?.id)).statusCode).toBe(201);
    const again = await one(freeEvent.event.id, freeEvent.tickets[1]?.id);
    expect(again.json()).toMatchObject({ code: 'ONE_FREE_TICKET', message: checkoutFr.freeEventOneTicket });

    expect((await one(mixed.event.id, mixed.tickets[1]?.id)).statusCode).toBe(201);
    const secondFree = await one(mixed.event.id, mixed.tickets[1]?.id);
    expect(secondFree.json()).toMatchObject({ code: 'ONE_FREE_TICKET', message: checkoutFr.oneFreeTicket });
    // A free line in a paid order counts too; paid tickets stay unlimited across orders.
    const withPaid = await order(
      {
        eventId: mixed.event.id,
        lines: [
          { ticketId: mixed.tickets[0]?.id, quantity: 1 },
          { ticketId: mixed.tickets[1]?.id, quantity: 1 },
        ],
      },
      cookie,
    );
    expect(withPaid.json()).toMatchObject({ code: 'ONE_FREE_TICKET' });
    expect((await one(mixed.event.id, mixed.tickets[0]?.id)).statusCode).toBe(201);
    expect((await one(mixed.event.id, mixed.tickets[0]?.id)).statusCode).toBe(201);
    const [gratuit] = await t.database.db
      .select()
      .from(tickets)
      .where(eq(tickets.id, mixed.tickets[1]?.id ?? ''));
    expect(gratuit).toMatchObject({ sold: 1, held: 0 });
  });
});
