import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createUser, sessionCookie } from '../../../test/helpers';
import { guestBuyer, postOrder, raceEvent } from '../../../test/modules/checkout/support';
import { useTestApp } from '../../../test/use-test-app';
import { orders, tickets } from '../../db/schema';
import { reclaimEveryExpiredHold } from './expired-holds';

// The sweep takes every expired hold of its database: this file has a database of its own.
const t = useTestApp({ isolated: true });

describe('the sweep of expired holds', () => {
  it('gives their places back without waiting for a buyer, and leaves live holds alone', async () => {
    const organizer = await createUser(t, { isVerified: true });
    const { event, a } = await raceEvent(t, organizer.id, { a: 10, b: 1, c1: 1, c2: 1 });
    const hold = async () => {
      const buyer = await createUser(t);
      const created = await postOrder(t, await sessionCookie(t, buyer.id), {
        eventId: event.id,
        buyer: guestBuyer(buyer),
        lines: [{ ticketId: a.id, quantity: 2 }],
      });
      expect(created.statusCode).toBe(201);
      return created.json().id as string;
    };
    const expired = await hold();
    const live = await hold();
    await t.database.db
      .update(orders)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(orders.id, expired));
    const heldOf = async () => (await t.database.db.select().from(tickets).where(eq(tickets.id, a.id)))[0]?.held;
    expect(await heldOf()).toBe(4);

    expect(await reclaimEveryExpiredHold(t.database.db, new Date())).toBe(1);
    expect(await heldOf()).toBe(2);
    const statuses = await t.database.db.select({ id: orders.id, status: orders.status }).from(orders);
    expect(statuses.find((o) => o.id === expired)?.status).toBe('expired');
    expect(statuses.find((o) => o.id === live)?.status).toBe('awaiting_payment');
    expect(await reclaimEveryExpiredHold(t.database.db, new Date())).toBe(0);
  });
});
