import { checkoutFr } from '@guichet/shared';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { raceMode, sessionCookie } from '../../../test/helpers';
import { createBuyers, guestBuyer, notifySandbox, raceEvent } from '../../../test/modules/checkout/support';
import { useListeningTestApp, useOrganiser } from '../../../test/use-test-app';
import { events, orders, participations, tickets } from '../../db/schema';
import { hashPassword } from '../auth/passwords';

// The core guarantee (booking issue): with many concurrent buyers through the HTTP API, exactly
// the capacity is sold, never more, and every buyer either holds tickets or is told why not.
let now = Date.now();
const t = useListeningTestApp({ clock: { now: () => new Date(now) } });
const organiser = useOrganiser(t);
let passwordHash: string;
beforeAll(async () => {
  passwordHash = await hashPassword('Motdepasse1');
});

const refusals: string[] = [checkoutFr.ticketUnavailable, checkoutFr.noPlaceLeft];

async function race(eventId: string, choices: string[], buyers: { id: string; email: string }[]) {
  // Each buyer signed in beforehand (every order needs the proof of its e-mail), so that the race is the orders'.
  const cookies = await Promise.all(buyers.map((buyer) => sessionCookie(t, buyer.id)));
  return Promise.all(
    buyers.map(async (buyer, index) => {
      const response = await fetch(`${t.base}/api/orders`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: cookies[index] ?? '' },
        body: JSON.stringify({
          eventId,
          buyer: guestBuyer(buyer),
          lines: [{ ticketId: choices[index % choices.length], quantity: 1 }],
        }),
      });
      return {
        status: response.status,
        body: (await response.json()) as { id?: string; message?: string; totalCents?: number },
      };
    }),
  );
}

async function soldAndHeld(eventId: string) {
  const rows = await t.database.db.select().from(tickets).where(eq(tickets.eventId, eventId));
  return rows
    .filter((r) => !r.isMultipart)
    .map((r) => ({ title: r.title, quantity: r.quantity, sold: r.sold, held: r.held }));
}

async function payAll(ids: string[], times = 1) {
  const rows = await t.database.db
    .select()
    .from(orders)
    .where(sql`${orders.id} in ${ids.length ? ids : ['00000000-0000-0000-0000-000000000000']}`);
  const results = rows.flatMap((row) =>
    Array.from({ length: times }, () =>
      notifySandbox(t, {
        reference: row.reference,
        status: 'paid',
        amountCents: row.totalCents,
        transactionId: `T-${row.id}`,
      }),
    ),
  );
  return Promise.all(results);
}

describe('no ticket is ever sold twice', () => {
  it(`sells exactly 50 places to 200 racing buyers over several tickets and options${raceMode}`, async () => {
    const { event, a, b, c1, c2 } = await raceEvent(t, organiser.id, { a: 20, b: 15, c1: 10, c2: 5 });
    const buyers = await createBuyers(t, 200, passwordHash);
    const answers = await race(event.id, [a.id, b.id, c1?.id ?? '', c2?.id ?? ''], buyers);

    const held = answers.filter((r) => r.status === 201);
    const refused = answers.filter((r) => r.status !== 201);
    expect(held).toHaveLength(50);
    expect(refused.every((r) => r.status === 409 && refusals.includes(r.body.message ?? ''))).toBe(true);

    // Duplicated notifications for every order: each is paid once.
    const outcomes = await payAll(
      held.map((r) => r.body.id ?? ''),
      2,
    );
    expect(outcomes.filter((o) => o === 'paid')).toHaveLength(50);
    const counters = await soldAndHeld(event.id);
    for (const row of counters) expect(row).toMatchObject({ sold: row.quantity, held: 0 });
    const issued = await t.database.db.select().from(participations).where(eq(participations.eventId, event.id));
    expect(issued.reduce((sum, p) => sum + p.quantity, 0)).toBe(50);
  }, 120_000);

  it(`never goes past the event's participant cap, whichever tickets the racing buyers pick${raceMode}`, async () => {
    const { event, a, b, c1, c2 } = await raceEvent(t, organiser.id, { a: 20, b: 15, c1: 10, c2: 5 });
    await t.database.db.update(events).set({ nbMaxParticipants: 30 }).where(eq(events.id, event.id));
    const answers = await race(
      event.id,
      [a.id, b.id, c1?.id ?? '', c2?.id ?? ''],
      await createBuyers(t, 120, passwordHash),
    );

    expect(answers.filter((r) => r.status === 201)).toHaveLength(30);
    expect(answers.filter((r) => r.status !== 201).every((r) => refusals.includes(r.body.message ?? ''))).toBe(true);
    const counters = await soldAndHeld(event.id);
    expect(counters.reduce((sum, row) => sum + row.held + row.sold, 0)).toBe(30);
  }, 120_000);

  it(`stays exact when holds expire in the middle of the race, and late payments are refunded or honoured${raceMode}`, async () => {
    const { event, a, b, c1, c2 } = await raceEvent(t, organiser.id, { a: 20, b: 15, c1: 10, c2: 5 });
    const choices = [a.id, b.id, c1?.id ?? '', c2?.id ?? ''];
    const firstWave = await race(event.id, choices, await createBuyers(t, 100, passwordHash));
    const firstHolds = firstWave.filter((r) => r.status === 201).map((r) => r.body.id ?? '');
    expect(firstHolds).toHaveLength(50);
    // Half the first wave pays in time.
    await payAll(firstHolds.slice(0, 25));

    now += 181_000; // the other holds expire
    const secondWave = await race(event.id, choices, await createBuyers(t, 100, passwordHash));
    const secondHolds = secondWave.filter((r) => r.status === 201).map((r) => r.body.id ?? '');
    expect(secondHolds).toHaveLength(25);
    expect(secondWave.filter((r) => r.status !== 201).every((r) => refusals.includes(r.body.message ?? ''))).toBe(true);

    // The late payers of the first wave and the second wave pay at the same time, twice each.
    const outcomes = await payAll([...firstHolds.slice(25), ...secondHolds], 2);
    expect(outcomes.filter((o) => o === 'paid')).toHaveLength(25);
    expect(outcomes.filter((o) => o === 'refund_needed').length).toBeGreaterThanOrEqual(25);

    const counters = await soldAndHeld(event.id);
    for (const row of counters) {
      expect(row.sold).toBe(row.quantity);
      expect(row.held).toBe(0);
    }
    const issued = await t.database.db.select().from(participations).where(eq(participations.eventId, event.id));
    expect(issued.reduce((sum, p) => sum + p.quantity, 0)).toBe(50);
  }, 120_000);
});
