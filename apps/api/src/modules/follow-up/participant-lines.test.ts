import { readFileSync } from 'node:fs';
import type { ParticipantsPage } from '@guichet/shared';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createEvent, createUser, getAs, loginAs, uniqueEmail } from '../../../test/helpers';
import { participationWithCode } from '../../../test/modules/checkin/support';
import { payAtSandboxBank, postOrder } from '../../../test/modules/checkout/support';
import { itWith } from '../../../test/services';
import { useTestApp } from '../../../test/use-test-app';
import { openDatabase, queryRows } from '../../db/client';
import { runOwedStatements } from '../../db/declared-sql';
import { owedStatements, participations, tickets, users } from '../../db/schema';
import { participantsPageOfEvent } from './repository';

// The participants list is read from rows the database keeps beside the places (participant_lines,
// follow-up/sql/). Each change a place can go through must reach them, and what they hold must
// always equal what computing them again from the places gives.
const t = useTestApp();

async function soldEvent() {
  const organizer = await createUser(t, { isVerified: true });
  const cookie = await loginAs(t, organizer.email);
  const { event, tickets: [fosse, balcon] = [] } = await createEvent(t, organizer.id, { nbMaxParticipants: 40 }, [
    { title: 'Fosse', priceCents: 2000, quantity: 30 },
    { title: 'Balcon', priceCents: 3000, quantity: 20 },
  ]);
  if (!fosse || !balcon) throw new Error('tickets missing');
  const buyer = await createUser(t, { firstName: 'Régis', lastName: 'Acheteur' });
  const buyerCookie = await loginAs(t, buyer.email);
  const created = await postOrder(t, buyerCookie, {
    eventId: event.id,
    lines: [{ ticketId: fosse.id, quantity: 2 }],
    acceptTerms: true,
  });
  expect(created.statusCode, created.body).toBe(201);
  await payAtSandboxBank(t, created.json().id, { cookie: buyerCookie });
  const door = await t.app.inject({
    method: 'POST',
    url: `/api/console/events/${event.id}/manual-entries`,
    headers: { cookie },
    payload: {
      ticketId: balcon.id,
      quantity: 3,
      payment: 'cash',
      participant: {
        email: uniqueEmail('porte'),
        firstName: 'Paul',
        lastName: 'Zorro',
        phone: '',
        birthDate: '1990-06-01',
      },
    },
  });
  expect(door.statusCode, door.body).toBe(201);
  const list = async (query = '') =>
    (await getAs(t, `/api/console/events/${event.id}/participants${query}`, cookie)).json() as ParticipantsPage;
  return { organizer, event, fosse, balcon, buyer, list };
}

/** The event's rows as kept, and as computed again from scratch: they must be equal. */
async function keptAndRecomputed(eventId: string) {
  const read = () =>
    queryRows<Record<string, unknown>>(
      t.database.db,
      sql`select l.*, e.entries_used, e.status from participant_lines l
            join participant_line_entries e on e.key = l.key
           where l.event_id = ${eventId} order by l.key`,
    );
  // The list's totals as kept: what a page shows in its header without a search.
  const totals = () =>
    queryRows<{ lines: number; places: number }>(
      t.database.db,
      sql`select coalesce(sum(lines), 0)::int as lines, coalesce(sum(places), 0)::int as places
            from participant_line_counts where event_id = ${eventId}`,
    );
  // The rows' words, each with its row's places: what a search finds and counts.
  const words = () =>
    queryRows<Record<string, unknown>>(
      t.database.db,
      sql`select word, key, quantity from participant_line_words where event_id = ${eventId} order by word, key`,
    );
  const rows = await read();
  const kept = [...rows, ...(await totals()), ...(await words())];
  await t.database.db.transaction(async (tx) => {
    const keys = rows.map((row) => String(row.key));
    await tx.execute(sql`delete from participant_lines where event_id = ${eventId}`);
    await tx.execute(sql`delete from participant_line_entries where event_id = ${eventId}`);
    await tx.execute(sql`delete from participant_line_counts where event_id = ${eventId}`);
    await tx.execute(sql`delete from participant_line_words where event_id = ${eventId}`);
    await tx.execute(sql`select guichet_refresh_participant_lines(array(
      select guichet_participant_line_key(order_id, ticket_id, is_gift, split_from, id)
        from participations where event_id = ${eventId} and cancelled_at is null))`);
    // Nothing else than what was kept: no row of a place gone, none missing.
    expect(keys.length).toBeGreaterThan(0);
  });
  return { kept, recomputed: [...(await read()), ...(await totals()), ...(await words())] };
}

describe('the participants list’s rows', () => {
  it('follow a scan, a holder’s name, a ticket renamed and a place refunded, and equal a computation from scratch', async () => {
    const s = await soldEvent();
    expect((await s.list()).places).toBe(5);

    // A scan: the status sort and the row's entries follow.
    const regis = await t.database.db.select().from(participations).where(eq(participations.userId, s.buyer.id));
    const [first] = regis;
    if (!first) throw new Error('no place');
    await t.database.db.update(participations).set({ entriesUsed: 1 }).where(eq(participations.id, first.id));
    const byStatus = await s.list('?sort=status&dir=desc');
    expect(byStatus.items[0]).toMatchObject({ lastName: 'Acheteur', status: 'incomplete', entriesUsed: 1 });

    // A holder named: found by that name, as the page shows it.
    await t.database.db
      .update(participations)
      .set({ holderFirstName: 'Éloïse', holderLastName: 'Nouvelle' })
      .where(eq(participations.id, first.id));
    const found = await s.list('?q=eloise');
    expect(found.total).toBe(1);
    expect(found.items[0]?.places.map((p) => p.holderName)).toContain('Éloïse Nouvelle');
    // Renamed again: the old name finds nobody, the new one the row and its two places, once
    // although two of its words begin with 'zo' (Paul Zorro's row of three places is the other).
    await t.database.db
      .update(participations)
      .set({ holderFirstName: 'Zoé', holderLastName: 'Zoellner' })
      .where(eq(participations.id, first.id));
    expect(await s.list('?q=eloise')).toMatchObject({ total: 0, places: 0, items: [] });
    expect(await s.list('?q=zoe%20zoel')).toMatchObject({ total: 1, places: 2 });
    const zo = await s.list('?q=zo');
    expect(zo).toMatchObject({ total: 2, places: 5 });
    expect(zo.items.map((row) => row.lastName).sort()).toEqual(['Acheteur', 'Zorro']);

    // A ticket renamed: the type sort follows.
    await t.database.db.update(tickets).set({ title: 'Assis' }).where(eq(tickets.id, s.balcon.id));
    expect((await s.list('?sort=type&dir=asc')).items[0]?.ticketTitle).toBe('Assis');

    // One of the door's three places cancelled: its row counts two, the list five places less one.
    const [doorPlace] = await t.database.db
      .select()
      .from(participations)
      .where(and(eq(participations.eventId, s.event.id), eq(participations.ticketId, s.balcon.id)))
      .limit(1);
    await t.database.db
      .update(participations)
      .set({ cancelledAt: new Date(), quantity: 0 })
      .where(eq(participations.id, doorPlace?.id ?? ''));
    const after = await s.list('?sort=quantity&dir=desc');
    expect(after.places).toBe(4);
    expect(after.items.map((row) => row.quantity)).toEqual([2, 2]);

    const { kept, recomputed } = await keptAndRecomputed(s.event.id);
    expect(recomputed).toEqual(kept);
  });

  it('find an e-mail whose words a text parser would split (a number in scientific notation glued to letters)', async () => {
    const s = await soldEvent();
    const email = `marc-12e45abc-${Date.now()}@test.guichet.fr`;
    const marc = await createUser(t, { email, firstName: 'Marc', lastName: 'Dupont' });
    await t.database.db
      .insert(participations)
      .values({ eventId: s.event.id, ticketId: s.fosse.id, userId: marc.id, quantity: 1, source: 'web' });
    for (const q of [email.toUpperCase(), '12e45abc', '12e45', 'marc 12e4']) {
      const found = await s.list(`?q=${encodeURIComponent(q)}`);
      expect(
        found.items.map((row) => row.email),
        q,
      ).toEqual([email]);
      expect(found.total, q).toBe(1);
    }
    // Another sort finds the same row (the words found are few: sorted whole, not walked by an index).
    expect((await s.list('?q=12e45abc&sort=date&dir=desc')).total).toBe(1);
  });

  it('follow their places’ numbers: a row of several lists them by number, a row of one is left as it was', async () => {
    const s = await soldEvent();
    const zorro = await t.database.db
      .select()
      .from(participations)
      .where(and(eq(participations.eventId, s.event.id), eq(participations.ticketId, s.balcon.id)));
    expect(zorro).toHaveLength(3);
    // Numbered against the order of their ids, one place at a time, as the numbering job does.
    const byId = zorro.map((place) => place.id).sort();
    for (const [index, id] of byId.entries()) {
      await t.database.db
        .update(participations)
        .set({ firstTicketNumber: 900 - index })
        .where(eq(participations.id, id));
    }
    const row = (await s.list('?q=zorro')).items[0];
    expect(row?.places.map((place) => place.ticketNumber)).toEqual([898, 899, 900]);
    expect(row?.places.map((place) => place.id)).toEqual([...byId].reverse());
    // The row is its first place's: the one numbered first.
    expect(row?.id).toBe(byId[2]);

    // A place alone in its row: its number shows, and its row was not written again.
    const [alone] = await t.database.db
      .insert(participations)
      .values({ eventId: s.event.id, ticketId: s.fosse.id, userId: s.buyer.id, quantity: 1, source: 'web' })
      .returning();
    const version = () =>
      queryRows<{ version: string }>(
        t.database.db,
        sql`select xmin::text as version from participant_lines where key = ${alone?.id ?? ''}`,
      );
    const before = await version();
    expect(before).toHaveLength(1);
    await t.database.db
      .update(participations)
      .set({ firstTicketNumber: 42 })
      .where(eq(participations.id, alone?.id ?? ''));
    expect(await version()).toEqual(before);
    const rows = (await s.list('?sort=quantity&dir=asc')).items;
    expect(rows.find((item) => item.places[0]?.id === alone?.id)?.places[0]?.ticketNumber).toBe(42);

    const { kept, recomputed } = await keptAndRecomputed(s.event.id);
    expect(recomputed).toEqual(kept);
  });

  it('follow one statement over thousands of places (an event cancelled), beyond one lock per row', async () => {
    const s = await soldEvent();
    // More rows than the server's lock table holds (64 × its connections by default).
    const many = 8000;
    await t.database.db.execute(
      sql`insert into participations (event_id, ticket_id, user_id, quantity, source)
          select ${s.event.id}, ${s.fosse.id}, ${s.buyer.id}, 1, 'web' from generate_series(1, ${many})`,
    );
    expect((await s.list()).places).toBe(5 + many);
    // On one connection, after a change of one place: the triggers' plans are kept per connection
    // from their first call, and a plan made for one row compared each of 8,000 with every other
    // (64 million comparisons, 26 s a trigger) where a hash of the changed places takes a moment.
    await t.database.db.transaction(async (tx) => {
      await tx.execute(
        sql`update participations set holder_first_name = 'Une' where id = (
              select id from participations where event_id = ${s.event.id} and order_id is null limit 1)`,
      );
      await tx.execute(
        sql`update participations set cancelled_at = now(), quantity = 0
             where event_id = ${s.event.id} and order_id is null`,
      );
    });
    expect((await s.list()).places).toBe(5);
  });

  it('page a search alike whether its words find few rows (sorted whole) or many (read by the sort’s index)', async () => {
    const s = await soldEvent();
    // 1,200 more rows of Régis Acheteur (the index's way: more than 1,000 found), 20 of Zélie Rare (sorted whole).
    const rare = await createUser(t, { firstName: 'Zélie', lastName: 'Rare' });
    await t.database.db.execute(
      sql`insert into participations (event_id, ticket_id, user_id, quantity, source)
          select ${s.event.id}, ${s.fosse.id}, ${s.buyer.id}, 1, 'web' from generate_series(1, 1200)`,
    );
    await t.database.db.execute(
      sql`insert into participations (event_id, ticket_id, user_id, quantity, source)
          select ${s.event.id}, ${s.balcon.id}, ${rare.id}, 1, 'web' from generate_series(1, 20)`,
    );
    const many = await s.list('?q=regis&sort=date&dir=desc');
    expect(many).toMatchObject({ total: 1201, places: 1202 });
    expect(new Set(many.items.map((row) => row.firstName))).toEqual(new Set(['Régis']));
    expect(many.items).toHaveLength(50);
    expect((await s.list('?q=regis&sort=date&dir=desc&offset=1200')).items).toHaveLength(1);

    // By name the 20 rows of Rare come after the 1,201 of Acheteur, before Zorro: the unsearched
    // list read by the index shows the same rows in the same order as the search sorting them.
    for (const dir of ['asc', 'desc']) {
      const found = await s.list(`?q=zelie&sort=name&dir=${dir}`);
      expect(found).toMatchObject({ total: 20, places: 20 });
      const listed = await s.list(`?sort=name&dir=${dir}&offset=${dir === 'asc' ? 1201 : 1}&limit=20`);
      expect(found.items.map((row) => row.id)).toEqual(listed.items.map((row) => row.id));
    }
    for (const sort of ['quantity', 'type', 'date', 'status', 'promo', 'price']) {
      const found = await s.list(`?q=zelie&sort=${sort}&dir=desc&limit=5`);
      expect(found.items.map((row) => row.lastName)).toEqual(['Rare', 'Rare', 'Rare', 'Rare', 'Rare']);
    }
  });

  // A page's statement is prepared once per connection (db/prepared.ts); PostgreSQL plans it afresh
  // at each call as long as it costs its one plan above the plans made for the call's values
  // (1–1.5 ms of a 5–7 ms searched page at 50,000 places). Counted on a connection of its own.
  itWith(['postgres'], 'are searched by a statement PostgreSQL plans once per connection', async () => {
    const s = await soldEvent();
    // A big event's rows, counted by the planner: with a handful the one plan is always as cheap.
    const crowd = await createUser(t, { firstName: 'Foule', lastName: 'Nombreuse' });
    await t.database.db.execute(
      sql`insert into participations (event_id, ticket_id, user_id, quantity, source)
          select ${s.event.id}, ${s.fosse.id}, ${crowd.id}, 1, 'web' from generate_series(1, 2000)`,
    );
    await t.database.db.execute(sql`analyze participant_lines, participant_line_entries, participant_line_words`);
    const own = await openDatabase({ url: process.env.DATABASE_URL, dataDir: 'memory://', poolSize: 1 });
    try {
      const reader = { id: s.organizer.id, followsAny: false, followsOwn: true };
      const pages = [
        { sort: 'date', dir: 'desc', q: 'régis' },
        { sort: 'name', dir: 'asc', q: 'zorro pa' },
      ] as const;
      const plans: Record<string, { generic: number; custom: number }> = {};
      for (const page of pages) {
        for (let call = 0; call < 8; call++) {
          const read = await participantsPageOfEvent(own.db, s.event.id, reader, { ...page, offset: 0, limit: 50 });
          expect(read?.page?.total).toBe(1);
        }
        const [counted] = await queryRows<{ generic: number; custom: number }>(
          own.db,
          sql`select generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements
               where name like 'participants_page_%' order by prepare_time desc limit 1`,
        );
        plans[`${page.sort} ${page.q}`] = counted ?? { generic: 0, custom: 0 };
      }
      // The first five calls are planned for their values, then the one plan is kept.
      expect(plans).toEqual(
        Object.fromEntries(pages.map((page) => [`${page.sort} ${page.q}`, { generic: 3, custom: 5 }])),
      );
    } finally {
      await own.close();
    }
  });

  it('forget an account’s old name once it is renamed or deleted', async () => {
    const s = await soldEvent();
    // A place without an order (issued by hand): its row is named after the account.
    const alone = await participationWithCode(t, s.event.id, s.fosse.id, 1, { firstName: 'Zoé', lastName: 'Lefèvre' });
    await t.database.db
      .update(participations)
      .set({ orderId: null })
      .where(eq(participations.id, alone.participation.id));
    expect((await s.list('?q=lefevre')).total).toBe(1);

    await t.database.db
      .update(users)
      .set({ firstName: 'Supprimé', lastName: 'Supprimé' })
      .where(eq(users.id, alone.participation.userId ?? ''));
    expect((await s.list('?q=lefevre')).total).toBe(0);
    expect((await s.list('?q=supprime')).total).toBe(1);

    const { kept, recomputed } = await keptAndRecomputed(s.event.id);
    expect(recomputed).toEqual(kept);
  });

  it('of places sold before they existed are computed once at the next start (the migration’s owed statement)', async () => {
    const s = await soldEvent();
    const before = (await s.list()).items;
    await t.database.db.execute(sql`delete from participant_lines where event_id = ${s.event.id}`);
    await t.database.db.execute(sql`delete from participant_line_entries where event_id = ${s.event.id}`);
    await t.database.db.execute(sql`delete from participant_line_counts where event_id = ${s.event.id}`);
    expect((await s.list()).total).toBe(0);

    const migration = readFileSync(new URL('../../db/migrations/0054_participant_lines.sql', import.meta.url), 'utf8');
    const statement = /VALUES \('participant_lines',\s*'([^']+)'\)/.exec(migration)?.[1];
    expect(statement).toBeDefined();
    await t.database.db.insert(owedStatements).values({ name: 'participant_lines', statement: statement ?? '' });
    await runOwedStatements(t.database.db);

    expect((await s.list()).items).toEqual(before);
    expect(await t.database.db.select().from(owedStatements)).toHaveLength(0);
  });
});
