import { eventStats } from '@guichet/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createEvent, createUser, getAs, loginAs } from '../../../test/helpers';
import { payAtSandboxBank, postOrder } from '../../../test/modules/checkout/support';
import { useTestApp } from '../../../test/use-test-app';
import { queryRows } from '../../db/client';
import { discountCodes } from '../../db/schema';
import { foldKeptStatistics } from './fold';

// The kept figures are spread over the writing backends' process ids; a pool's connections come
// and go, and the rows of those gone must be folded, the figures unchanged.
const t = useTestApp();

const SLOTTED = [
  'event_ticket_totals',
  'event_sold_hours',
  'event_scan_hours',
  'event_ages',
  'event_holder_counts',
  'participant_line_counts',
] as const;

/** A process id no backend has (beyond Linux's pid_max). */
const GONE = 2_000_000_000;
/** A process of the server that lives as long as it does (the pool's connections may change). */
const LIVE = sql`select min(pid) from pg_stat_activity where backend_type = 'checkpointer'`;

describe('folding the kept statistics', () => {
  it('moves the rows of backends gone into one, leaves a live backend’s, and every figure stays', async () => {
    const organizer = await createUser(t, { isVerified: true });
    const cookie = await loginAs(t, organizer.email);
    const {
      event,
      tickets: [ticket],
    } = await createEvent(t, organizer.id, {}, [{ title: 'Fosse', priceCents: 2000, quantity: 100 }]);
    await t.database.db.insert(discountCodes).values({ eventId: event.id, code: 'MOINS', percent: 20 });
    for (const birthDate of ['2000-01-15', '1980-03-01']) {
      const buyer = await createUser(t, { birthDate });
      const buyerCookie = await loginAs(t, buyer.email);
      const created = await postOrder(t, buyerCookie, {
        eventId: event.id,
        lines: [{ ticketId: ticket?.id ?? '', quantity: 2 }],
        acceptTerms: true,
        discountCode: 'MOINS',
      });
      expect(created.statusCode, created.body).toBe(201);
      await payAtSandboxBank(t, created.json().id, { cookie: buyerCookie });
    }
    await t.database.db.execute(
      sql`update participations set entries_used = 1
           where id = (select id from participations where event_id = ${event.id} order by id limit 1)`,
    );
    const stats = async () => {
      const response = await getAs(t, `/api/console/events/${event.id}/stats`, cookie);
      expect(response.statusCode, response.body).toBe(200);
      return eventStats.parse(response.json());
    };
    const participants = async () =>
      (await getAs(t, `/api/console/events/${event.id}/participants`, cookie)).json() as {
        total: number;
        places: number;
      };
    const before = await stats();
    const listed = await participants();
    expect(before).toMatchObject({ participants: 4, scanned: 1, grossCents: 4 * 1600 });

    // Each row split over three backends gone (the figure in thirds, rounded into the first), as
    // a pool's connections replaced over days leave them; and a live backend's row of zeros.
    const rowsOf = async (table: string, slot: 'gone' | 'live' | 'all') => {
      const [row] = await queryRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from ${sql.identifier(table)}
             where event_id = ${event.id}
               and ${slot === 'gone' ? sql`slot >= ${GONE}` : slot === 'live' ? sql`slot = (${LIVE})` : sql`true`}`,
      );
      return row?.n ?? 0;
    };
    await t.database.db.execute(sql`update event_ticket_totals set slot = ${GONE} where event_id = ${event.id}`);
    await t.database.db.execute(
      sql`insert into event_ticket_totals (event_id, ticket_id, source, slot, places, entries, absentees, gross_cents)
          select event_id, ticket_id, source, ${GONE} + n, 1, 0, 1, 100 from event_ticket_totals, generate_series(1, 2) n
           where event_id = ${event.id} and slot = ${GONE}`,
    );
    await t.database.db.execute(
      sql`update event_ticket_totals set places = places - 2, absentees = absentees - 2, gross_cents = gross_cents - 200
           where event_id = ${event.id} and slot = ${GONE}`,
    );
    for (const table of SLOTTED.slice(1)) {
      await t.database.db.execute(
        sql`update ${sql.identifier(table)} set slot = ${GONE} + 7 where event_id = ${event.id}`,
      );
    }
    await t.database.db.execute(sql`update event_promo_uses set slot = ${GONE} + 7
                                     where discount_code_id in (select id from discount_codes where event_id = ${event.id})`);
    await t.database.db.execute(
      sql`insert into event_scan_hours (event_id, hour, slot, scans)
          values (${event.id}, date_trunc('hour', now()), (${LIVE}), 0)`,
    );
    expect(await rowsOf('event_ticket_totals', 'gone')).toBe(3);
    expect(await stats()).toEqual(before);
    // Events ahead of this one in id order, many times what a sweep reads at a time, also hold rows of
    // backends gone (a database shared by many events): this event is folded all the same.
    await t.database.db.execute(
      sql`insert into event_scan_hours (event_id, hour, slot, scans)
          select ('00000000-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid, date_trunc('hour', now()), ${GONE}, 1
            from generate_series(1, 2000) n on conflict do nothing`,
    );

    expect(await foldKeptStatistics(t.database.db)).toBeGreaterThanOrEqual(3);
    for (const table of SLOTTED) expect(await rowsOf(table, 'gone'), table).toBe(0);
    expect(await rowsOf('event_ticket_totals', 'all')).toBe(1);
    // The live backend's row stays where it is (its backend would write it again at once).
    expect(await rowsOf('event_scan_hours', 'live')).toBe(1);
    expect(await stats()).toEqual(before);
    expect(await participants()).toMatchObject({ total: listed.total, places: listed.places });
    // Nothing left to fold for this event; a computation from scratch agrees.
    await foldKeptStatistics(t.database.db);
    expect(await rowsOf('event_ticket_totals', 'all')).toBe(1);
    await t.database.db.execute(sql`select guichet_count_event_statistics(${event.id}::uuid)`);
    expect(await stats()).toEqual(before);
    await t.database.db.execute(
      sql`delete from event_scan_hours where event_id <= '00000000-0000-4000-8000-000000002000'::uuid`,
    );
  });
});
