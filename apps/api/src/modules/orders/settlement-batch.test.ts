import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createEventWithTicket, createUser, meanObserved, raceMode, sessionCookie } from '../../../test/helpers';
import { postOrder } from '../../../test/modules/checkout/support';
import { itWith } from '../../../test/services';
import { useOrganiser, useTestApp } from '../../../test/use-test-app';
import { queryRows } from '../../db/client';
import { events, mailOutbox, orders, participations, paymentTransactions, tickets } from '../../db/schema';
import { settlementBatchSize } from '../../lib/metrics';
import { applyPaymentResult } from './payment-result';

// Payments of held orders notified together are settled together (group commit): each
// notification still gets its own verdict, and a replay, a second capture, a wrong amount or a
// cancelled event among them is answered as it would be alone.
const t = useTestApp();
const organiser = useOrganiser(t);

/** An event of the organiser with one ticket of `quantity` places at 15,00 €. */
const onSale = (quantity: number) => createEventWithTicket(t, organiser.id, { priceCents: 1500, quantity });

/** `count` buyers each hold one place of the event's ticket; their orders, in the buyers' order. */
async function holdOnePlaceEach(eventId: string, ticketId: string, count: number) {
  const buyers = await Promise.all(Array.from({ length: count }, () => createUser(t)));
  const held = [];
  for (const buyer of buyers) {
    const response = await postOrder(t, await sessionCookie(t, buyer.id), {
      eventId,
      lines: [{ ticketId, quantity: 1 }],
    });
    expect(response.statusCode, response.body).toBe(201);
    const order = await t.database.db.query.orders.findFirst({ where: eq(orders.id, response.json().id) });
    if (!order) throw new Error('the hold wrote no order');
    held.push(order);
  }
  return held;
}

/** What the settlement wrote for these orders: their status, captures, participations and e-mails. */
const written = async (held: { id: string; buyerEmail: string }[]) => {
  const ids = held.map((order) => order.id);
  const rows = await t.database.db.select().from(orders).where(inArray(orders.id, ids));
  const captures = await t.database.db
    .select({ orderId: paymentTransactions.orderId })
    .from(paymentTransactions)
    .where(inArray(paymentTransactions.orderId, ids));
  const issued = await t.database.db
    .select({ orderId: participations.orderId })
    .from(participations)
    .where(inArray(participations.orderId, ids));
  const mails = await t.database.db
    .select({ to: mailOutbox.to })
    .from(mailOutbox)
    .where(
      inArray(
        mailOutbox.to,
        held.map((order) => order.buyerEmail),
      ),
    );
  return held.map((order) => ({
    status: rows.find((row) => row.id === order.id)?.status,
    captures: captures.filter((c) => c.orderId === order.id).length,
    participations: issued.filter((p) => p.orderId === order.id).length,
    mails: mails.filter((m) => m.to === order.buyerEmail).length,
  }));
};

/** The ticket's places held and sold. */
async function placesOf(ticketId: string) {
  const [row] = await t.database.db
    .select({ held: tickets.held, sold: tickets.sold })
    .from(tickets)
    .where(eq(tickets.id, ticketId));
  return row;
}

const paid = (reference: string, transactionId: string, amountCents = 1500) => ({
  reference,
  status: 'paid' as const,
  amountCents,
  transactionId,
});

describe(`payments of held orders notified together${raceMode}`, () => {
  it('are each settled once, with their own verdict, the ticket turned sold for all of them', async () => {
    const { event, ticket } = await onSale(20);
    const cancelled = await onSale(5);
    const held = await holdOnePlaceEach(event.id, ticket.id, 11);
    const [doomed] = await holdOnePlaceEach(cancelled.event.id, cancelled.ticket.id, 1);
    await t.database.db.update(events).set({ cancelledAt: new Date() }).where(eq(events.id, cancelled.event.id));

    const [replayed, twice, wrongAmount] = [held[0], held[1], held[10]];
    if (!replayed || !twice || !wrongAmount || !doomed) throw new Error('orders missing');
    const deps = { db: t.database.db, config: t.config };
    const notifications = [
      ...held.slice(0, 10).map((order) => paid(order.reference, `tx-${order.id}`)),
      // The bank notifies the same payment again; a second payment page was paid too.
      paid(replayed.reference, `tx-${replayed.id}`),
      paid(twice.reference, `tx-other-${twice.id}`),
      paid(wrongAmount.reference, `tx-${wrongAmount.id}`, 1499),
      paid(doomed.reference, `tx-${doomed.id}`),
    ];
    const outcomes = await Promise.all(notifications.map((n) => applyPaymentResult(deps, n, 'sandbox')));

    expect(outcomes.slice(2, 10)).toEqual(Array(8).fill('paid'));
    expect([outcomes[0], outcomes[10]].sort()).toEqual(['already_paid', 'paid']);
    expect([outcomes[1], outcomes[11]].sort()).toEqual(['duplicate_capture', 'paid']);
    expect(outcomes[12]).toBe('amount_mismatch');
    expect(outcomes[13]).toBe('refund_needed');

    // Each paid once; the second payment page's capture is recorded beside the first, to refund.
    expect(await written(held)).toEqual(
      held.map((order) =>
        order.id === wrongAmount.id
          ? { status: 'awaiting_payment', captures: 0, participations: 0, mails: 0 }
          : { status: 'paid', captures: order.id === twice.id ? 2 : 1, participations: 1, mails: 1 },
      ),
    );
    const places = await placesOf(ticket.id);
    // The order paid the wrong amount stays held; the others are sold.
    expect(places).toEqual({ held: 1, sold: 10 });
    // On PostgreSQL the notifications meet in batches (PGlite answers its one connection's queries in turn).
    if (process.env.DATABASE_URL) expect(await meanObserved(settlementBatchSize)).toBeGreaterThan(1);
  });
});

describe('guichet_settle_held', () => {
  /** A settlement as the application sends it, for one order's one place. */
  const settlement = (order: { id: string; buyerEmail: string }, ticketId: string, amountCents: number) => ({
    orderId: order.id,
    provider: 'sandbox',
    transactionId: `tx-${randomUUID()}`,
    amountCents,
    participations: [{ id: randomUUID(), ticketId, quantity: 1, refundPlaces: 0, isGift: false }],
    mail: { to: order.buyerEmail, subject: 'Confirmation', text: 'Merci', html: null, attachments: null },
  });
  const settle = async (settlements: ReturnType<typeof settlement>[]) => {
    const [row] = await queryRows<{ outcomes: string[] }>(
      t.database.db,
      sql`select guichet_settle_held(${JSON.stringify({ mailMaxAttempts: 3, settlements })}::jsonb) as outcomes`,
    );
    return row?.outcomes;
  };
  const untouched = { status: 'awaiting_payment', captures: 0, participations: 0, mails: 0 };
  const paidOnce = { status: 'paid', captures: 1, participations: 1, mails: 1 };

  it('answers each settlement in its place: an order named twice is paid once, a wrong amount or a cancelled event not at all', async () => {
    const { event, ticket } = await onSale(5);
    const cancelled = await onSale(5);
    const [first, second] = await holdOnePlaceEach(event.id, ticket.id, 2);
    const [doomed] = await holdOnePlaceEach(cancelled.event.id, cancelled.ticket.id, 1);
    if (!first || !second || !doomed) throw new Error('orders missing');
    await t.database.db.update(events).set({ cancelledAt: new Date() }).where(eq(events.id, cancelled.event.id));

    const outcomes = await settle([
      settlement(second, ticket.id, 1400),
      settlement(first, ticket.id, 1500),
      settlement(first, ticket.id, 1500),
      settlement(doomed, cancelled.ticket.id, 1500),
    ]);

    expect(outcomes).toEqual(['changed', 'paid', 'changed', 'changed']);
    expect(await written([first, second, doomed])).toEqual([paidOnce, untouched, untouched]);
    const places = await placesOf(ticket.id);
    expect(places).toEqual({ held: 1, sold: 1 });
  });

  // An order another transaction holds would make every order of the batch wait for it.
  itWith(['postgres'], 'leaves an order locked elsewhere to the general path, without waiting for it', async () => {
    const { event, ticket } = await onSale(5);
    const [busy, free] = await holdOnePlaceEach(event.id, ticket.id, 2);
    if (!busy || !free) throw new Error('orders missing');
    const pool = (t.database.db as unknown as { $client: pg.Pool }).$client;
    const other = await pool.connect();
    try {
      await other.query('begin');
      await other.query('select 1 from orders where id = $1 for update', [busy.id]);
      const outcomes = await settle([settlement(busy, ticket.id, 1500), settlement(free, ticket.id, 1500)]);
      expect(outcomes).toEqual(['changed', 'paid']);
    } finally {
      await other.query('rollback');
      other.release();
    }
    expect(await written([busy, free])).toEqual([untouched, paidOnce]);
  });
});
