import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, createTestApp, createUser, raceMode, sessionCookie, type TestApp } from '../../../test/helpers';
import { discountCodes, tickets } from '../../db/schema';
import { holdBatchSize } from '../../lib/metrics';

// Holds of one event arriving together are combined (group commit): each buyer's rules still
// apply to them alone, and no more than the places is held.
let t: TestApp;
let organizerId: string;
beforeAll(async () => {
  t = await createTestApp();
  organizerId = (await createUser(t, { isVerified: true })).id;
}, 120_000);
afterAll(async () => t.close());

/** Holds that went in a statement with others: the histogram's sum over its count of statements. */
async function holdsPerStatement(): Promise<number> {
  const { values } = await holdBatchSize.get();
  const sum = values.find((v) => v.metricName === 'guichet_hold_batch_size_sum')?.value ?? 0;
  const count = values.find((v) => v.metricName === 'guichet_hold_batch_size_count')?.value ?? 0;
  return count === 0 ? 0 : sum / count;
}

describe(`holds combined in one statement${raceMode}`, () => {
  it("keep the event's cap, the promo code's uses and one live hold per buyer, each buyer answered", async () => {
    const {
      event,
      tickets: [ticket],
    } = await createEvent(t, organizerId, { nbMaxParticipants: 8 }, [{ priceCents: 1500, quantity: 100 }]);
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
            lines: [{ ticketId: ticket?.id, quantity: 1 }],
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
    const [row] = await t.database.db
      .select({ held: tickets.held })
      .from(tickets)
      .where(eq(tickets.id, ticket?.id ?? ''));
    expect(row?.held).toBe(8);
    // On PGlite the requests reach the hold one at a time; on PostgreSQL they meet.
    if (process.env.DATABASE_URL) expect(await holdsPerStatement()).toBeGreaterThan(1);
  });
});
