import { type EventStats, eventStats } from '@guichet/shared';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createEvent, createUser, DAY, getAs, loginAs } from '../../../test/helpers';
import { payAtSandboxBank, postOrder } from '../../../test/modules/checkout/support';
import { useTestApp } from '../../../test/use-test-app';
import { queryRows } from '../../db/client';
import { discountCodes, events, participations, tickets, users } from '../../db/schema';

// The Statistiques tab reads figures the database keeps beside the places (issue 34,
// follow-up/sql/): every change must reach them, concurrent sales and scans must add up exactly,
// and they must always equal what computing them again from the places, scans and orders gives.
const t = useTestApp();

async function organizerWithEvents() {
  const organizer = await createUser(t, { isVerified: true });
  const cookie = await loginAs(t, organizer.email);
  const earlier = await createEvent(t, organizer.id, { dateBegin: new Date(Date.now() - 30 * DAY) }, [
    { title: 'Entrée', priceCents: 1000, quantity: 100 },
  ]);
  const { event, tickets: [fosse, balcon] = [] } = await createEvent(t, organizer.id, { nbMaxParticipants: 200 }, [
    { title: 'Fosse', priceCents: 2000, quantity: 150 },
    { title: 'Balcon', priceCents: 3000, quantity: 50 },
  ]);
  const earlierTicket = earlier.tickets[0];
  if (!fosse || !balcon || !earlierTicket) throw new Error('tickets missing');
  const stats = async () => {
    const response = await getAs(t, `/api/console/events/${event.id}/stats`, cookie);
    expect(response.statusCode, response.body).toBe(200);
    return eventStats.parse(response.json());
  };
  return { organizer, cookie, event, fosse, balcon, earlier: earlier.event, earlierTicket, stats };
}

/** The statistics as kept, then as computed again from scratch (the kept rows thrown away first). */
async function keptAndRecomputed(eventId: string, stats: () => Promise<EventStats>) {
  const kept = await stats();
  await t.database.db.execute(sql`select guichet_count_event_statistics(${eventId}::uuid)`);
  return { kept, recomputed: await stats() };
}

/** Places issued by hand (no order), one per participation, as the door's tools write them. */
async function issue(eventId: string, ticketId: string, userId: string, count = 1) {
  await t.database.db.execute(
    sql`insert into participations (event_id, ticket_id, user_id, quantity, source)
        select ${eventId}, ${ticketId}, ${userId}, 1, 'invitation' from generate_series(1, ${count})`,
  );
}

describe('the kept statistics', () => {
  it('follow a sale, a scan, a refund, a birth date, a start date, a price and a promo, and equal a computation from scratch', async () => {
    const s = await organizerWithEvents();
    await t.database.db.insert(discountCodes).values({ eventId: s.event.id, code: 'MOINS', percent: 20 });
    const buyer = await createUser(t, { firstName: 'Anaïs', lastName: 'Achat', birthDate: '2000-01-15' });
    const buyerCookie = await loginAs(t, buyer.email);
    const created = await postOrder(t, buyerCookie, {
      eventId: s.event.id,
      lines: [{ ticketId: s.fosse.id, quantity: 2 }],
      acceptTerms: true,
      discountCode: 'MOINS',
    });
    expect(created.statusCode, created.body).toBe(201);
    await payAtSandboxBank(t, created.json().id, { cookie: buyerCookie });
    const guest = await createUser(t, { birthDate: '1980-03-01' });
    await issue(s.event.id, s.balcon.id, guest.id, 3);

    let stats = await s.stats();
    // 2 × 16,00 € (20 % off 20,00 €) online, 3 × 30,00 € issued by hand at the ticket's price.
    expect(stats).toMatchObject({ participants: 5, grossCents: 3200 + 9000, holders: 2, regulars: 0, absentees: 5 });
    expect(stats.promoCodes).toEqual([{ code: 'MOINS', percent: 20, uses: 1, discountCents: 800 }]);
    expect(stats.soldByHour.reduce((n, h) => n + h.quantity, 0)).toBe(5);

    // A scan of one of the guest's places.
    const [guestPlace] = await t.database.db.select().from(participations).where(eq(participations.userId, guest.id));
    await t.database.db
      .update(participations)
      .set({ entriesUsed: 1 })
      .where(eq(participations.id, guestPlace?.id ?? ''));
    stats = await s.stats();
    expect(stats).toMatchObject({ scanned: 1, absentees: 4, remainingScans: 4 });

    // The guest held a place at the earlier event: a regular now; gone again when it is cancelled.
    await issue(s.earlier.id, s.earlierTicket.id, guest.id);
    expect(await s.stats()).toMatchObject({ holders: 2, regulars: 1, regularsPercent: 50 });
    await t.database.db
      .update(participations)
      .set({ cancelledAt: new Date(), quantity: 0 })
      .where(eq(participations.eventId, s.earlier.id));
    expect(await s.stats()).toMatchObject({ holders: 2, regulars: 0 });

    // One of the buyer's places refunded (cancelled): the gross and the places follow.
    const [buyerPlace] = await t.database.db.select().from(participations).where(eq(participations.userId, buyer.id));
    await t.database.db
      .update(participations)
      .set({ cancelledAt: new Date(), quantity: 0 })
      .where(eq(participations.id, buyerPlace?.id ?? ''));
    expect(await s.stats()).toMatchObject({ participants: 4, grossCents: 1600 + 9000 });

    // A birth date given later, a start date moved, a price changed: the ages and the gross follow.
    const agesBefore = (await s.stats()).ages;
    await t.database.db.update(users).set({ birthDate: '1950-06-01' }).where(eq(users.id, guest.id));
    const ages = (await s.stats()).ages;
    expect(ages).not.toEqual(agesBefore);
    expect(ages.find((a) => a.age >= 75)?.quantity).toBe(3);
    await t.database.db.update(tickets).set({ priceCents: 4000 }).where(eq(tickets.id, s.balcon.id));
    expect(await s.stats()).toMatchObject({ grossCents: 1600 + 12000 });
    await issue(s.earlier.id, s.earlierTicket.id, buyer.id);
    expect(await s.stats()).toMatchObject({ regulars: 1 });
    await t.database.db
      .update(events)
      .set({ dateBegin: new Date(Date.now() - 60 * DAY), dateEnd: new Date(Date.now() - 59 * DAY) })
      .where(eq(events.id, s.event.id));
    // Moved before the other event: none of its holders held an earlier one.
    expect(await s.stats()).toMatchObject({ regulars: 0 });

    const { kept, recomputed } = await keptAndRecomputed(s.event.id, s.stats);
    expect(recomputed).toEqual(kept);
  });

  it('add up exactly under concurrent sales, scans and cancellations of the same accounts', async () => {
    const s = await organizerWithEvents();
    const accounts = await Promise.all(
      Array.from({ length: 6 }, (_, i) => createUser(t, { birthDate: `19${70 + i}-02-10` })),
    );
    // Each account buys four places of the event and one of the earlier event, each in a
    // transaction of its own that waits before committing: all run at once, on as many
    // connections, and an account becomes a holder (and a regular) in several of them at a time.
    const sale = (eventId: string, ticketId: string, userId: string) =>
      t.database.db.transaction(async (tx) => {
        await tx.execute(
          sql`insert into participations (event_id, ticket_id, user_id, quantity, source)
              values (${eventId}, ${ticketId}, ${userId}, 1, 'web')`,
        );
        await tx.execute(sql`select pg_sleep(0.02)`);
      });
    await Promise.all(
      accounts.flatMap((account, i) => [
        ...Array.from({ length: 4 }, (_, n) => sale(s.event.id, n % 2 === 0 ? s.fosse.id : s.balcon.id, account.id)),
        ...(i % 2 === 0 ? [sale(s.earlier.id, s.earlierTicket.id, account.id)] : []),
      ]),
    );
    let stats = await s.stats();
    expect(stats).toMatchObject({ participants: 24, holders: 6, regulars: 3, absentees: 24 });

    // Concurrent scans of every place, and cancellations of all the places of two accounts.
    const places = await queryRows<{ id: string; userId: string }>(
      t.database.db,
      sql`select id, user_id as "userId" from participations where event_id = ${s.event.id}`,
    );
    const leaving = new Set([accounts[0]?.id, accounts[1]?.id]);
    await Promise.all(
      places.map((place) =>
        t.database.db.transaction(async (tx) => {
          await tx.execute(
            leaving.has(place.userId)
              ? sql`update participations set cancelled_at = now(), quantity = 0 where id = ${place.id}`
              : sql`update participations set entries_used = 1 where id = ${place.id}`,
          );
          await tx.execute(sql`select pg_sleep(0.01)`);
        }),
      ),
    );
    stats = await s.stats();
    // Accounts 0 and 1 are gone (0 was a regular): 4 holders, 2 regulars (2 and 4).
    expect(stats).toMatchObject({ participants: 16, holders: 4, regulars: 2, scanned: 16, absentees: 0 });

    const { kept, recomputed } = await keptAndRecomputed(s.event.id, s.stats);
    expect(recomputed).toEqual(kept);
  });
});

describe('the kept statistics of one statement over many accounts', () => {
  it('count the holders and regulars again, beyond one lock per account', async () => {
    const s = await organizerWithEvents();
    // 300 accounts (more than the 256 locked one by one), a third of them at the earlier event too.
    const many = 300;
    await t.database.db.execute(
      sql`insert into users (email, password_hash, first_name, last_name, birth_date, terms_version_accepted)
          select 'masse-' || g || '-' || ${s.event.id} || '@test.local', 'x', 'Masse', 'N' || g, date '1990-01-01', 1
            from generate_series(1, ${many}) g`,
    );
    const accounts = sql`select id from users where email like ${`masse-%-${s.event.id}@test.local`}`;
    await t.database.db.execute(
      sql`insert into participations (event_id, ticket_id, user_id, quantity, source)
          select ${s.earlier.id}, ${s.earlierTicket.id}, id, 1, 'web' from (${accounts}) a
           where right(id::text, 1) in ('0', '1', '2', '3', '4')`,
    );
    const regulars = (
      await queryRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from participations where event_id = ${s.earlier.id}`,
      )
    )[0]?.n;
    await t.database.db.execute(
      sql`insert into participations (event_id, ticket_id, user_id, quantity, source)
          select ${s.event.id}, ${s.fosse.id}, id, 1, 'web' from (${accounts}) a`,
    );
    expect(await s.stats()).toMatchObject({ participants: many, holders: many, regulars });

    await t.database.db.execute(
      sql`update participations set cancelled_at = now(), quantity = 0 where event_id = ${s.earlier.id}`,
    );
    expect(await s.stats()).toMatchObject({ participants: many, holders: many, regulars: 0 });
    const { kept, recomputed } = await keptAndRecomputed(s.event.id, s.stats);
    expect(recomputed).toEqual(kept);
  });
});
