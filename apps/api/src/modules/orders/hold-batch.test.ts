import { randomUUID } from 'node:crypto';
import { fr } from '@guichet/shared';
import { eq, inArray } from 'drizzle-orm';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createEventWithTicket, createUser, meanObserved, raceMode, sessionCookie } from '../../../test/helpers';
import { postOrder } from '../../../test/modules/checkout/support';
import { describeWith } from '../../../test/services';
import { useOrganiser, useTestApp } from '../../../test/use-test-app';
import { discountCodes, eventDates, orders, tickets } from '../../db/schema';
import { holdBatchSize } from '../../lib/metrics';

// Holds of one event arriving together are combined (group commit): each buyer's rules still
// apply to them alone, and no more than the places is held.
const t = useTestApp();
const organiser = useOrganiser(t);

describe(`holds combined in one statement${raceMode}`, () => {
  it("keep the event's cap, the promo code's uses and one live hold per buyer, each buyer answered", async () => {
    const { event, ticket } = await createEventWithTicket(
      t,
      organiser.id,
      { priceCents: 1500, quantity: 100 },
      { nbMaxParticipants: 8 },
    );
    const [code] = await t.database.db
      .insert(discountCodes)
      .values({ eventId: event.id, code: 'DUO', percent: 10, quantity: 3, isSingleUse: false })
      .returning();
    const buyers = await Promise.all(Array.from({ length: 24 }, () => createUser(t)));
    const cookies = await Promise.all(buyers.map((buyer) => sessionCookie(t, buyer.id)));
    // The first buyer also asks twice at once: one hold only is theirs in the end.
    const requests = [
      ...cookies.map((cookie, i) => ({ cookie, promo: i < 8 })),
      { cookie: cookies[0] as string, promo: false },
    ];
    const answers = await Promise.all(
      requests.map(async ({ cookie, promo }) => {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/orders',
          headers: { cookie },
          payload: {
            eventId: event.id,
            lines: [{ ticketId: ticket.id, quantity: 1 }],
            ...(promo ? { discountCode: 'DUO' } : {}),
          },
        });
        return {
          status: response.statusCode,
          code: response.json().code as string | undefined,
          field: response.json().field,
        };
      }),
    );
    const held = answers.filter((a) => a.status === 201);
    const refused = answers.filter((a) => a.status !== 201);
    expect(held.length).toBeGreaterThanOrEqual(8);
    for (const refusal of refused) {
      expect(
        (refusal.status === 409 && ['SOLD_OUT', 'HOLD_IN_PROGRESS'].includes(refusal.code ?? '')) ||
          (refusal.status === 400 && refusal.field === 'discountCode'),
        JSON.stringify(refusal),
      ).toBe(true);
    }

    const awaiting = await t.database.db.query.orders.findMany({
      where: (o, { and, eq: equals }) => and(equals(o.eventId, event.id), equals(o.status, 'awaiting_payment')),
    });
    expect(awaiting).toHaveLength(8);
    expect(new Set(awaiting.map((o) => o.userId)).size).toBe(8);
    expect(awaiting.filter((o) => o.discountCodeId === code?.id).length).toBeLessThanOrEqual(3);
    const [uses] = await t.database.db
      .select({ used: discountCodes.used })
      .from(discountCodes)
      .where(eq(discountCodes.id, code?.id ?? ''));
    expect(uses?.used).toBe(awaiting.filter((o) => o.discountCodeId === code?.id).length);
    const [row] = await t.database.db.select({ held: tickets.held }).from(tickets).where(eq(tickets.id, ticket.id));
    expect(row?.held).toBe(8);
    // On PGlite the requests reach the hold one at a time; on PostgreSQL they meet.
    if (process.env.DATABASE_URL) expect(await meanObserved(holdBatchSize)).toBeGreaterThan(1);
  });
});

/** A hold request as the application sends it (HoldRequest, named as guichet_hold_batch reads it). */
function holdRequest(
  sale: { eventId: string; ticketId: string; fingerprint: string },
  userId: string,
  discountCodeId: string | null,
) {
  const now = new Date();
  return {
    fingerprint: sale.fingerprint,
    eventId: sale.eventId,
    orderId: randomUUID(),
    userId,
    email: 'ignored@example.org',
    now: now.toISOString(),
    afterReclaim: false,
    hasFreeLines: false,
    giftTicketId: null,
    lines: [{ ticketId: sale.ticketId, quantity: 1, unitPriceCents: 1500, refundPlaces: 0, insuranceCents: 0 }],
    placeTickets: `{${sale.ticketId}}`,
    placeQuantities: '{1}',
    order: {
      reference: `T${randomUUID().slice(0, 12)}`,
      buyerFirstName: 'Jeanne',
      buyerLastName: 'Test',
      buyerBirthDate: '1995-05-05',
      studies: null,
      provider: 'sandbox',
      discountCodeId,
      discountPercent: discountCodeId ? 10 : null,
      subtotalCents: 1500,
      discountCents: 0,
      insuranceCents: 0,
      feeCents: 0,
      totalCents: 1500,
      ticketCount: 1,
      expiresAt: new Date(now.getTime() + 180_000).toISOString(),
      accessTokenHash: null,
    },
  };
}

describeWith(['postgres'], 'a batch counted under the lock', () => {
  // The first phase trusts counters read without a lock; a batch that committed meanwhile must
  // make the second phase refuse, delete the orders it had written and give the promo uses back.
  it('refuses what another batch took meanwhile, keeping neither its orders nor its promo uses', async () => {
    const { event, ticket } = await createEventWithTicket(t, organiser.id, { priceCents: 1500, quantity: 3 });
    const [code] = await t.database.db
      .insert(discountCodes)
      .values({ eventId: event.id, code: 'LATE', percent: 10, quantity: 10, isSingleUse: false })
      .returning();
    const first = await Promise.all(Array.from({ length: 3 }, () => createUser(t)));
    const late = await Promise.all(Array.from({ length: 2 }, () => createUser(t)));
    const pool = (t.database.db as unknown as { $client: pg.Pool }).$client;
    const [a, b] = [await pool.connect(), await pool.connect()];
    try {
      const fingerprint = (await a.query('select guichet_sale_fingerprint($1) as f', [event.id])).rows[0].f;
      const sale = { eventId: event.id, ticketId: ticket.id, fingerprint };
      await a.query('begin');
      const taken = await a.query('select guichet_hold_batch($1::jsonb) as outcomes', [
        JSON.stringify(first.map((u) => holdRequest(sale, u.id, null))),
      ]);
      expect(taken.rows[0].outcomes).toEqual(['held', 'held', 'held']);
      // Uncommitted: the second batch still reads three places left, writes its orders, then waits.
      const pid = (await b.query('select pg_backend_pid() as pid')).rows[0].pid;
      const second = b.query('select guichet_hold_batch($1::jsonb) as outcomes', [
        JSON.stringify(late.map((u) => holdRequest(sale, u.id, code?.id ?? null))),
      ]);
      for (let waited = 0; ; waited += 20) {
        const { rows } = await pool.query('select wait_event_type from pg_stat_activity where pid = $1', [pid]);
        if (rows[0]?.wait_event_type === 'Lock') break;
        if (waited > 10_000) throw new Error('the second batch never waited for the ticket rows');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await a.query('commit');
      expect((await second).rows[0].outcomes).toEqual(['sold_out', 'sold_out']);
    } finally {
      a.release();
      b.release();
    }
    const lateOrders = await t.database.db
      .select()
      .from(orders)
      .where(
        inArray(
          orders.userId,
          late.map((u) => u.id),
        ),
      );
    expect(lateOrders).toEqual([]);
    const [uses] = await t.database.db
      .select({ used: discountCodes.used })
      .from(discountCodes)
      .where(eq(discountCodes.id, code?.id ?? ''));
    expect(uses?.used).toBe(0);
    const [row] = await t.database.db
      .select({ held: tickets.held, sold: tickets.sold })
      .from(tickets)
      .where(eq(tickets.id, ticket.id));
    expect(row).toEqual({ held: 3, sold: 0 });
  });
});

describeWith(['postgres'], 'a pass held while its organiser adds a date', () => {
  // A pass for every date takes a place on each: one added while the hold waits for the event's
  // key (the date is added under the event's lock, dates/dates.repository.ts) is one of them too,
  // though the hold's first phase did not know it.
  it('takes its place on the new date as well', async () => {
    const { event, ticket } = await createEventWithTicket(t, organiser.id, {
      priceCents: 2500,
      quantity: 10,
      isPass: true,
    });
    const day = (n: number) => new Date(event.dateBegin.getTime() + n * 86_400_000);
    const [own, second] = await t.database.db
      .insert(eventDates)
      .values([
        { id: event.id, eventId: event.id, dateBegin: day(0), dateEnd: new Date(day(0).getTime() + 3_600_000) },
        { eventId: event.id, dateBegin: day(1), dateEnd: new Date(day(1).getTime() + 3_600_000) },
      ])
      .returning({ id: eventDates.id });
    const buyer = await createUser(t);
    const pool = (t.database.db as unknown as { $client: pg.Pool }).$client;
    const [a, b] = [await pool.connect(), await pool.connect()];
    let added = '';
    try {
      const fingerprint = (await b.query('select guichet_sale_fingerprint($1) as f', [event.id])).rows[0].f;
      const request = {
        ...holdRequest({ eventId: event.id, ticketId: ticket.id, fingerprint }, buyer.id, null),
        placeDates: `{${[own?.id, second?.id].sort().join(',')}}`,
        placeDateQuantities: '{1,1}',
      };
      await a.query('begin');
      await a.query('select 1 from events where id = $1 for update', [event.id]);
      const pid = (await b.query('select pg_backend_pid() as pid')).rows[0].pid;
      const hold = b.query('select guichet_hold_batch($1::jsonb) as outcomes', [JSON.stringify([request])]);
      for (let waited = 0; ; waited += 20) {
        const { rows } = await pool.query('select wait_event_type from pg_stat_activity where pid = $1', [pid]);
        if (rows[0]?.wait_event_type === 'Lock') break;
        if (waited > 10_000) throw new Error('the hold never waited for the event');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      added = (
        await a.query(`insert into event_dates (event_id, date_begin, date_end) values ($1, $2, $3) returning id`, [
          event.id,
          day(2),
          new Date(day(2).getTime() + 3_600_000),
        ])
      ).rows[0].id;
      await a.query('commit');
      expect((await hold).rows[0].outcomes).toEqual(['held']);
    } finally {
      a.release();
      b.release();
    }
    const counters = await t.database.db
      .select({ id: eventDates.id, held: eventDates.held })
      .from(eventDates)
      .where(eq(eventDates.eventId, event.id));
    expect(new Map(counters.map((d) => [d.id, d.held]))).toEqual(
      new Map([
        [own?.id, 1],
        [second?.id, 1],
        [added, 1],
      ]),
    );
  });
});

describeWith(['postgres'], 'a buyer whose row another transaction keeps', () => {
  // The process runs one batch of an event at a time: a lock that is never granted must not stop
  // the sale's other buyers.
  it('is told to try again, while the buyers beside them get their places', async () => {
    const { event, ticket } = await createEventWithTicket(t, organiser.id, { priceCents: 1500, quantity: 10 });
    const [stuck, ...others] = await Promise.all(Array.from({ length: 3 }, () => createUser(t)));
    if (!stuck) throw new Error('buyers missing');
    const cookies = await Promise.all([stuck, ...others].map((buyer) => sessionCookie(t, buyer.id)));
    const hold = (cookie: string) =>
      postOrder(t, cookie, { eventId: event.id, lines: [{ ticketId: ticket.id, quantity: 1 }] });
    const pool = (t.database.db as unknown as { $client: pg.Pool }).$client;
    const other = await pool.connect();
    let answers: { status: number; code?: string; message?: string }[];
    try {
      await other.query('begin');
      await other.query('select 1 from users where id = $1 for update', [stuck.id]);
      answers = (await Promise.all(cookies.map(hold))).map((response) => ({
        status: response.statusCode,
        code: response.json().code,
        message: response.json().message,
      }));
    } finally {
      await other.query('rollback');
      other.release();
    }
    expect(answers[0]).toEqual({ status: 503, code: 'BUSY', message: fr.common.busy });
    expect(answers.slice(1).map((a) => a.status)).toEqual([201, 201]);
    const [row] = await t.database.db.select({ held: tickets.held }).from(tickets).where(eq(tickets.id, ticket.id));
    expect(row?.held).toBe(2);
    // Nothing of the refused request was kept: the buyer holds once the row is free.
    expect((await hold(cookies[0] as string)).statusCode).toBe(201);
  }, 30_000);
});
