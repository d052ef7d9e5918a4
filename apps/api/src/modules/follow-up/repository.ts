import { type Answers, PARTICIPANTS_LIST, type ParticipantSort, type QuestionView } from '@guichet/shared';
import { type SQL, sql } from 'drizzle-orm';
import { arrayLiteral } from '../../db/array-literal';
import { type Database, queryRows } from '../../db/client';
import { namedRows } from '../../db/prepared';
import { type EventAccessRow, eventAccessColumns, eventStaffJoin } from '../../policy/event-access.repository';
import { type SessionGuard, sessionHolds } from '../auth/session-copy';
import { placeEntriesOnDate, placeOfDate } from '../dates/places-of-date';
import { UNKNOWN_BIRTH_DATE } from '../users/users.repository';
import { foundByKey, foundTotals, searched, searchWords } from './list-search';

/*
 * The follow-up's aggregates, read from the rows the database keeps beside the places (issue 34:
 * event_ticket_totals, event_sold_hours, event_scan_hours, event_ages, event_holder_counts,
 * event_promo_uses; follow-up/sql/): each figure is the sum of a few dozen rows, whatever the
 * event's size. A place is priced there by its order line (same order, ticket and gift flag), the
 * order's promo percentage taken off each place as the checkout charged it; a place without an
 * order (issued by hand) at its ticket's price.
 */

const PARIS = 'Europe/Paris';

/** The discounted unit price in cents, rounded half up like `discountedUnitPriceCents`. */
const discountedUnit = (unit: SQL, percent: SQL) => sql`((2 * ${unit} * (100 - coalesce(${percent}, 0)) + 100) / 200)`;

/** Place p (ticket t) of one date (issue 32), as ` and …`; no date: every place. */
const ofDate = (dateId: string | null | undefined) => (dateId ? sql` and ${placeOfDate(dateId)}` : sql``);

/**
 * An event's live participations of one date (issue 32) with what prices them: the statistics of
 * one date are counted from the places, the kept rows being the whole event's.
 */
const live = (eventId: string, dateId: string) => sql`
  select p.id, p.ticket_id, p.user_id, p.quantity, ${placeEntriesOnDate(sql`${dateId}::uuid`)} as entries_used, p.source, p.is_gift, p.refund_places,
         coalesce(o.paid_at, p.created_at) as purchased_at,
         coalesce(l.unit_price_cents, t.price_cents) as unit_cents,
         o.discount_percent,
         p.quantity * ${discountedUnit(sql`coalesce(l.unit_price_cents, t.price_cents)`, sql`o.discount_percent`)} as total_cents
    from participations p
    join tickets t on t.id = p.ticket_id
    left join orders o on o.id = p.order_id
    left join lateral (select * from order_lines ol where ol.order_id = p.order_id and ol.ticket_id = p.ticket_id
                       and ol.is_gift = p.is_gift order by ol.date_id is not distinct from p.date_id desc limit 1) l on true
   where p.event_id = ${eventId} and p.cancelled_at is null${ofDate(dateId)}`;

/** Of one date only (issue 32): the participation `column` is one of the date's live places. */
const onDate = (eventId: string, dateId: string, column: string) =>
  sql` and ${sql.raw(column)} in (select id from (${live(eventId, dateId)}) on_date)`;

export type EventHead = { id: string; organizerId: string; title: string; dateBegin: Date; nbMaxParticipants: number };

export async function findEventHead(db: Database, eventId: string): Promise<EventHead | undefined> {
  const [row] = await queryRows<EventHead>(
    db,
    sql`select id, organizer_id as "organizerId", title, date_begin as "dateBegin",
               nb_max_participants as "nbMaxParticipants"
          from events where id = ${eventId}`,
  );
  return row;
}

export type TicketRow = {
  id: string;
  title: string;
  headTitle: string | null;
  quantity: number;
  web: number;
  presentiel: number;
  invitation: number;
  invendu: number;
  scanned: number;
  grossCents: number;
};

/** The tickets that hold places (options, not their choice heads), with their sales by source. */
export async function ticketTotals(db: Database, eventId: string, dateId: string | null = null): Promise<TicketRow[]> {
  if (dateId) return ticketTotalsOfDate(db, eventId, dateId);
  return queryRows<TicketRow>(db, ticketTotalsOfEvent(eventId));
}

const ticketTotalsOfEvent = (eventId: string) =>
  sql`with kept as (
          select ticket_id,
                 sum(places) filter (where source = 'web') as web,
                 sum(places) filter (where source = 'presentiel') as presentiel,
                 sum(places) filter (where source = 'invitation') as invitation,
                 sum(places) filter (where source = 'invendu') as invendu,
                 sum(entries) as scanned, sum(gross_cents) as gross
            from event_ticket_totals where event_id = ${eventId} group by ticket_id)
        select t.id, t.title, h.title as "headTitle", t.quantity,
               coalesce(k.web, 0)::int as web, coalesce(k.presentiel, 0)::int as presentiel,
               coalesce(k.invitation, 0)::int as invitation, coalesce(k.invendu, 0)::int as invendu,
               coalesce(k.scanned, 0)::int as scanned, coalesce(k.gross, 0)::float8 as "grossCents"
          from tickets t
          left join tickets h on h.id = t.parent_id
          left join kept k on k.ticket_id = t.id
         where t.event_id = ${eventId} and t.deleted_at is null and not t.is_multipart
         order by coalesce(h.position, t.position), t.position, t.title`;

/** The same, of one date (issue 32): counted from its places. */
async function ticketTotalsOfDate(db: Database, eventId: string, dateId: string): Promise<TicketRow[]> {
  return queryRows<TicketRow>(
    db,
    sql`with live as (${live(eventId, dateId)})
        select t.id, t.title, h.title as "headTitle", t.quantity,
               coalesce(sum(lv.quantity) filter (where lv.source = 'web'), 0)::int as web,
               coalesce(sum(lv.quantity) filter (where lv.source = 'presentiel'), 0)::int as presentiel,
               coalesce(sum(lv.quantity) filter (where lv.source = 'invitation'), 0)::int as invitation,
               coalesce(sum(lv.quantity) filter (where lv.source = 'invendu'), 0)::int as invendu,
               coalesce(sum(lv.entries_used), 0)::int as scanned,
               coalesce(sum(lv.total_cents), 0)::float8 as "grossCents"
          from tickets t
          left join tickets h on h.id = t.parent_id
          left join live lv on lv.ticket_id = t.id
         where t.event_id = ${eventId} and t.deleted_at is null and not t.is_multipart
         group by t.id, h.title, h.position
         order by coalesce(h.position, t.position), t.position, t.title`,
  );
}

type PeopleRow = { holders: number; regulars: number; absentees: number };

/**
 * Holders, regulars among them and places not scanned at all. A regular held a live ticket of an
 * earlier event (by start date) of the same organiser.
 */
export async function peopleTotals(db: Database, event: EventHead, dateId: string | null = null): Promise<PeopleRow> {
  if (dateId) return peopleTotalsOfDate(db, event, dateId);
  const [row] = await queryRows<PeopleRow>(db, peopleTotalsOfEvent(event.id));
  return row ?? { holders: 0, regulars: 0, absentees: 0 };
}

const peopleTotalsOfEvent = (eventId: string) =>
  sql`select coalesce((select sum(holders) from event_holder_counts where event_id = ${eventId}), 0)::int as holders,
             coalesce((select sum(regulars) from event_holder_counts where event_id = ${eventId}), 0)::int as regulars,
             coalesce((select sum(absentees) from event_ticket_totals where event_id = ${eventId}), 0)::int as absentees`;

/** The same, of one date (issue 32): counted from its places. */
async function peopleTotalsOfDate(db: Database, event: EventHead, dateId: string): Promise<PeopleRow> {
  const [row] = await queryRows<PeopleRow>(
    db,
    sql`with holders as (
          select distinct user_id from participations
           where event_id = ${event.id} and cancelled_at is null and user_id is not null${onDate(event.id, dateId, 'id')})
        select (select count(*) from holders)::int as holders,
               (select count(*) from holders h where exists (
                  select 1 from participations p2 join events e2 on e2.id = p2.event_id
                   where p2.user_id = h.user_id and p2.cancelled_at is null and p2.event_id <> ${event.id}
                     and e2.organizer_id = ${event.organizerId} and e2.date_begin < ${event.dateBegin}))::int as regulars,
               (select count(*) from (${live(event.id, dateId)}) lv where lv.entries_used = 0)::int as absentees`,
  );
  return row ?? { holders: 0, regulars: 0, absentees: 0 };
}

type PromoRow = { code: string; percent: number; uses: number; discountCents: number };

/** Every promo code of the event with the paid orders that used it. */
export async function promoTotals(db: Database, eventId: string): Promise<PromoRow[]> {
  return queryRows<PromoRow>(db, promoTotalsOfEvent(eventId));
}

const promoTotalsOfEvent = (eventId: string) =>
  sql`select d.code, d.percent,
               coalesce(sum(u.uses), 0)::int as uses,
               coalesce(sum(u.discount_cents), 0)::float8 as "discountCents"
          from discount_codes d
          left join event_promo_uses u on u.discount_code_id = d.id
         where d.event_id = ${eventId}
         group by d.id
         order by d.code`;

type HistogramRow = { at: string; quantity: number };

/** Places sold per Paris hour ('YYYY-MM-DDTHH:00') or day ('YYYY-MM-DD'). */
export async function soldHistogram(
  db: Database,
  eventId: string,
  unit: 'hour' | 'day',
  dateId: string | null = null,
): Promise<HistogramRow[]> {
  if (dateId) return soldHistogramOfDate(db, eventId, unit, dateId);
  return queryRows<HistogramRow>(db, soldHistogramOfEvent(eventId, unit));
}

const soldHistogramOfEvent = (eventId: string, unit: 'hour' | 'day') =>
  sql`select to_char(date_trunc(${unit}, hour), ${unit === 'hour' ? 'YYYY-MM-DD"T"HH24:00' : 'YYYY-MM-DD'}) as at,
             sum(places)::int as quantity
        from event_sold_hours where event_id = ${eventId}
       group by 1 having sum(places) > 0 order by 1`;

/** The same, of one date (issue 32): counted from its places. */
async function soldHistogramOfDate(
  db: Database,
  eventId: string,
  unit: 'hour' | 'day',
  dateId: string,
): Promise<HistogramRow[]> {
  const format = unit === 'hour' ? 'YYYY-MM-DD"T"HH24:00' : 'YYYY-MM-DD';
  return queryRows<HistogramRow>(
    db,
    sql`with live as (${live(eventId, dateId)})
        select to_char(date_trunc(${unit}, purchased_at at time zone ${PARIS}), ${format}) as at,
               sum(quantity)::int as quantity
          from live group by 1 order by 1`,
  );
}

/** Entries taken at the door per Paris hour. */
export async function scannedHistogram(
  db: Database,
  eventId: string,
  dateId: string | null = null,
): Promise<HistogramRow[]> {
  if (dateId) return scannedHistogramOfDate(db, eventId, dateId);
  return queryRows<HistogramRow>(db, scannedHistogramOfEvent(eventId));
}

const scannedHistogramOfEvent = (eventId: string) =>
  sql`select to_char(hour, 'YYYY-MM-DD"T"HH24:00') as at, sum(scans)::int as quantity
        from event_scan_hours where event_id = ${eventId}
       group by hour having sum(scans) > 0 order by hour`;

/** The same, of one date (issue 32): counted from its places. */
async function scannedHistogramOfDate(db: Database, eventId: string, dateId: string): Promise<HistogramRow[]> {
  return queryRows<HistogramRow>(
    db,
    sql`select to_char(date_trunc('hour', scanned_at at time zone ${PARIS}), 'YYYY-MM-DD"T"HH24:00') as at,
               count(*)::int as quantity
          from scans where event_id = ${eventId} and result = 'accepted'${onDate(eventId, dateId, 'participation_id')}
         group by 1 order by 1`,
  );
}

type AgeRow = { age: number; quantity: number };

/** Places by the holder's age on the event's first day. */
export async function ageHistogram(db: Database, event: EventHead, dateId: string | null = null): Promise<AgeRow[]> {
  if (dateId) return ageHistogramOfDate(db, event, dateId);
  return queryRows(db, ageHistogramOfEvent(event.id));
}

const ageHistogramOfEvent = (eventId: string) =>
  sql`select age, sum(places)::int as quantity from event_ages where event_id = ${eventId}
       group by age having sum(places) > 0 order by age`;

/** The same, of one date (issue 32): counted from its places. */
async function ageHistogramOfDate(db: Database, event: EventHead, dateId: string): Promise<AgeRow[]> {
  return queryRows(
    db,
    sql`select date_part('year', age((${event.dateBegin}::timestamptz at time zone ${PARIS})::date, u.birth_date))::int as age,
               sum(p.quantity)::int as quantity
          from participations p join users u on u.id = p.user_id
         where p.event_id = ${event.id} and p.cancelled_at is null and u.birth_date <> ${UNKNOWN_BIRTH_DATE}::date${onDate(event.id, dateId, 'p.id')}
         group by 1 order by 1`,
  );
}

export type ParticipantDbRow = {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  age: number | null;
  quantity: number;
  ticketTitle: string;
  source: 'web' | 'presentiel' | 'invendu' | 'invitation';
  isGift: boolean;
  /** A date, or its JSON text when the row was read as JSON (participantsPageOfEvent). */
  purchasedAt: Date | string;
  entriesUsed: number;
  lastScanAt: Date | string | null;
  promoCode: string | null;
  promoPercent: number | null;
  unitPriceCents: number;
  totalCents: number;
  refundPlaces: number;
  insuranceCents: number;
  studies: string | null;
  orderId: string | null;
  /** The row's places, by number: each its own ticket (issue 30). */
  places: {
    id: string;
    ticketNumber: number | null;
    holderName: string;
    entriesUsed: number;
    /** The answers to the questions asked for the place (attendee questions). */
    answers: Answers | null;
  }[];
  /** The answers to the questions asked once for its order. */
  orderAnswers: Answers | null;
  /** The export's (issue 32): the date the place was bought for (null for a pass or a one-date event). */
  dateBegin?: Date | string | null;
  isPass?: boolean;
};

/** The name on a place `p`: its holder's, else its order's buyer's `o`, else its account's `u` (orders/sql/guichet_holder_name.sql). */
const holderNameOf = (p: string, o: string, u: string) =>
  sql.raw(`guichet_holder_name(coalesce(${p}.holder_first_name, ${o}.buyer_first_name),
  coalesce(${p}.holder_last_name, ${o}.buyer_last_name), ${u}.first_name, ${u}.last_name)`);

/** Who bought it: the order's buyer, or the holder's account for a participation without an order. */
const participantColumns = (g: { quantity: SQL; entriesUsed: SQL; refundPlaces: SQL; ids: SQL; places: SQL }) => sql`
  p.id,
  coalesce(o.buyer_first_name, u.first_name, '') as "firstName",
  coalesce(o.buyer_last_name, u.last_name, '') as "lastName",
  coalesce(o.buyer_email, u.email, '') as email,
  date_part('year', age((e.date_begin at time zone ${PARIS})::date, nullif(coalesce(nullif(o.buyer_birth_date, ${UNKNOWN_BIRTH_DATE}::date), u.birth_date), ${UNKNOWN_BIRTH_DATE}::date)))::int as age,
  ${g.quantity} as quantity,
  case when h.title is null then t.title else h.title || ' - ' || t.title end as "ticketTitle",
  p.source, p.is_gift as "isGift",
  coalesce(o.paid_at, p.created_at) as "purchasedAt",
  ${g.entriesUsed} as "entriesUsed",
  (select max(s.scanned_at) from scans s where s.participation_id = any(${g.ids}) and s.result = 'accepted') as "lastScanAt",
  d.code as "promoCode",
  o.discount_percent as "promoPercent",
  coalesce(l.unit_price_cents, t.price_cents) as "unitPriceCents",
  ${g.quantity} * ${discountedUnit(sql`coalesce(l.unit_price_cents, t.price_cents)`, sql`o.discount_percent`)} as "totalCents",
  ${g.refundPlaces} as "refundPlaces",
  coalesce(l.insurance_cents, 0) as "insuranceCents",
  o.studies,
  p.order_id as "orderId",
  o.answers as "orderAnswers",
  ${g.places} as places`;

const placeJson = (p: string, o: string, u: string, entries: SQL) =>
  sql`json_build_object('id', ${sql.raw(p)}.id, 'ticketNumber', ${sql.raw(p)}.first_ticket_number,
                        'holderName', ${holderNameOf(p, o, u)}, 'entriesUsed', ${entries},
                        'answers', ${sql.raw(p)}.answers)`;

/** One place alone, as the export writes it (one row per place); of one date, a pass's entries on it. */
const placeColumns = (dateId: string | null) => {
  const entries = dateId ? placeEntriesOnDate(sql`${dateId}::uuid`) : sql`p.entries_used`;
  return participantColumns({
    quantity: sql`p.quantity`,
    entriesUsed: entries,
    refundPlaces: sql`p.refund_places`,
    ids: sql`array[p.id]`,
    places: sql`json_build_array(${placeJson('p', 'o', 'u', entries)})`,
  });
};

const participantJoins = sql`
  join events e on e.id = p.event_id
  join tickets t on t.id = p.ticket_id
  left join tickets h on h.id = t.parent_id
  left join orders o on o.id = p.order_id
  left join lateral (select * from order_lines ol where ol.order_id = p.order_id and ol.ticket_id = p.ticket_id
                       and ol.is_gift = p.is_gift order by ol.date_id is not distinct from p.date_id desc limit 1) l on true
  left join discount_codes d on d.id = o.discount_code_id
  left join users u on u.id = p.user_id`;

/** Each sort by the columns of participant_lines `g` (or its entries `pe`) that one of their indexes holds. */
const orderBy: Record<ParticipantSort, SQL[]> = {
  name: [sql`g.last_key`, sql`g.first_key`],
  quantity: [sql`g.quantity`],
  type: [sql`g.type_key`, sql`g.subtype_key`],
  date: [sql`g.purchased_at`],
  // By the entries' own index (event, status, first place): the page starts from it.
  status: [sql`pe.status`],
  // The rows without a promo code last either way (the one sort whose descending order sorts).
  promo: [sql`g.promo_key`],
  price: [sql`g.total_cents`],
};

type PageQuery = {
  q?: string;
  dateId?: string;
  sort: ParticipantSort;
  dir: 'asc' | 'desc';
  offset: number;
  limit: number;
};

/** The statement of a page's keys, read by the sort's index. */
function pageKeys(eventId: string, query: PageQuery, words: string[]): SQL {
  // The status sort reads the entries' index, every other the list's.
  const byEntries = query.sort === 'status';
  return sql`select g.key
          from participant_lines g
          ${byEntries ? sql`join participant_line_entries pe on pe.key = g.key` : sql``}
          ${ofOneDate(query.dateId)}
         where ${byEntries ? sql`pe.event_id` : sql`g.event_id`} = ${eventId} ${
           // One date's page is planned at each call: the rows found by the words' index, or the sort's index.
           query.dateId ? foundByKey(eventId, query.q, words) : searched(query.q, words)
         }${ofDate(query.dateId)}
         ${pageOrder(query, byEntries ? sql`pe.first_id` : sql`g.first_id`)}`;
}

/** A page's order and bounds; ties go by the row's first place `first`, in the same direction (a backward scan of the sort's index). */
function pageOrder(query: PageQuery, first: SQL, terms: SQL[] = orderBy[query.sort]): SQL {
  const direction = query.dir === 'desc' ? sql`desc` : sql`asc`;
  const nulls = query.sort === 'promo' ? sql` nulls last` : sql``;
  return sql`order by ${sql.join(
    terms.map((term) => sql`${term} ${direction}${nulls}`),
    sql`, `,
  )}, ${first} ${direction}
         ${pageBounds(query)}`;
}

/**
 * A page's bounds; those of an unsearched first page of the usual size are written into the
 * statement. Given as parameters, its one plan counted a tenth of the event's rows under the
 * limit, costed above the plans made for known bounds: PostgreSQL planned the statement afresh at
 * each page (0.6–1 ms of a 4–5 ms page of 50,000 places). A search keeps them as parameters: its
 * one plan, not knowing the words, would count a page as most of the sort's index.
 */
function pageBounds(query: PageQuery): SQL {
  const firstPage = query.offset === 0 && query.limit === PARTICIPANTS_LIST.pageSize;
  if (firstPage && !query.q?.trim()) return sql.raw(`limit ${PARTICIPANTS_LIST.pageSize}`);
  return sql`offset ${query.offset} limit ${query.limit}`;
}

/** Up to so many rows found, a searched page sorts them all rather than walk the sort's index. */
const FEW_FOUND = 1000;

/**
 * A searched page of the whole list: its keys read by the sort's index, filtered by the words,
 * when they find many rows (the page is full after a few hundred); when they find few, the rows
 * they find by the text index, sorted (`found`: read only then). By the sort's index alone, a word
 * few rows hold was looked for through thousands of rows ('nom0001' by date: 2,400 rows, 14 ms);
 * sorting all the rows found, a frequent one ('camille', 5,000 rows) cost 20 ms more.
 */
function searchedPageKeys(eventId: string, query: PageQuery, words: string[], total: SQL): { found: SQL; keys: SQL } {
  const byEntries = query.sort === 'status';
  const found = sql`select g.key, g.first_id, g.last_key, g.first_key, g.quantity, g.type_key, g.subtype_key,
                           g.purchased_at, g.promo_key, g.total_cents${byEntries ? sql`, pe.status` : sql``}
                      from participant_lines g
                      ${byEntries ? sql`join participant_line_entries pe on pe.key = g.key` : sql``}
                     where g.event_id = ${eventId} ${foundByKey(eventId, query.q, words)}`;
  const sorted = sql`select g.key from found g ${pageOrder(query, sql`g.first_id`, byEntries ? [sql`g.status`] : orderBy[query.sort])}`;
  return {
    found,
    keys: sql`case when ${total} <= ${sql.raw(String(FEW_FOUND))} then array(${sorted}) else array(${pageKeys(eventId, query, words)}) end`,
  };
}

// One date's rows (issue 32) read their first place and its ticket.
const ofOneDate = (dateId: string | undefined) =>
  dateId ? sql`join participations p on p.id = g.first_id join tickets t on t.id = p.ticket_id` : sql``;

/** The statement of the list's totals: without a search its kept counts; with one, the rows it finds. */
function pageTotals(eventId: string, query: PageQuery, words: string[]): SQL {
  if (words.length === 0 && !query.q?.trim() && !query.dateId) {
    return sql`select coalesce(sum(lines), 0)::int as total, coalesce(sum(places), 0)::int as places
                 from participant_line_counts where event_id = ${eventId}`;
  }
  if (!query.dateId && words.length > 0) {
    // From the words' index alone: counting a frequent word's rows ('camille', 5,000) read each one.
    return foundTotals(eventId, words);
  }
  return sql`select count(*)::int as total, coalesce(sum(g.quantity), 0)::int as places
               from participant_lines g ${ofOneDate(query.dateId)}
              where g.event_id = ${eventId} ${foundByKey(eventId, query.q, words)}${ofDate(query.dateId)}`;
}

/**
 * One page of the event's rows (one per order line, its places inside), sorted and searched by
 * the buyer's name or e-mail or a holder's name; the whole list's rows and places apart.
 */
export async function participantsPage(
  db: Database,
  eventId: string,
  query: PageQuery,
): Promise<{ rows: ParticipantDbRow[]; total: number; places: number }> {
  const words = searchWords(query.q);
  // The page's keys by the sort's index, its rows built from them by a function whose plan is kept
  // (follow-up/sql/guichet_participant_rows.sql): planning that join at each page cost more than
  // running it. One statement, one round trip.
  const [rows, [totals]] = await Promise.all([
    queryRows<ParticipantDbRow>(
      db,
      sql`select * from guichet_participant_rows(array(${pageKeys(eventId, query, words)}))`,
    ),
    queryRows<{ total: number; places: number }>(db, pageTotals(eventId, query, words)),
  ]);
  const shown = query.dateId ? await withPassEntriesOnDate(db, rows, query.dateId) : rows;
  return { rows: shown, total: totals?.total ?? 0, places: totals?.places ?? 0 };
}

/**
 * One date's rows (issue 32): a pass's places show their entries on that date, not their most of
 * any date (the list's kept entries are the event's; passes are a few rows of a page).
 */
async function withPassEntriesOnDate(db: Database, rows: ParticipantDbRow[], dateId: string) {
  const ids = rows.flatMap((row) => row.places.map((place) => place.id));
  if (ids.length === 0) return rows;
  const passes = await queryRows<{ id: string; entries: number }>(
    db,
    sql`select p.id, ${placeEntriesOnDate(sql`${dateId}::uuid`)} as entries
          from participations p join tickets t on t.id = p.ticket_id
         where p.id = any(${arrayLiteral(ids)}::uuid[]) and t.is_pass and p.date_id is null`,
  );
  if (passes.length === 0) return rows;
  const entries = new Map(passes.map((pass) => [pass.id, pass.entries]));
  return rows.map((row) => {
    if (!row.places.some((place) => entries.has(place.id))) return row;
    const places = row.places.map((place) => ({ ...place, entriesUsed: entries.get(place.id) ?? place.entriesUsed }));
    return { ...row, places, entriesUsed: places.reduce((sum, place) => sum + place.entriesUsed, 0) };
  });
}

/** Who may read an event's follow-up before its row is read: any event's, or their own events' (policy/can.ts). */
export type FollowUpReader = { id: string; followsAny: boolean; followsOwn: boolean };

/** What a follow-up statement answers besides its figures. */
type FollowedEventRow = {
  /** False when the session copy the statement was given no longer holds (nothing else was read). */
  sessionHolds: boolean;
} & EventAccessRow;

/** The same, the event's access apart. */
export type FollowedEvent = { sessionHolds: boolean; access: EventAccessRow };

/**
 * The statement of the event as `reader` relates to it (policy/event-access.repository.ts), with
 * `more` columns of the event `e` and the columns of `read`, a subquery of the figures that runs
 * only where `mayRead` holds: the session copy `guard` still holds and the reader may follow this
 * event's sales (a bound, the policy decides on the access row). A follow-up's screen took four
 * round trips one after another (the session, the event's access, its head, then its figures side
 * by side), each costing more than the figures' own reads of the kept rows; it takes this one.
 */
function followedEventStatement(
  eventId: string,
  reader: FollowUpReader,
  guard: SessionGuard | undefined,
  more: SQL,
  read: (mayRead: SQL) => SQL,
): SQL {
  const mayRead = sql`copy.holds and (${reader.followsAny} or (${reader.followsOwn} and e.organizer_id = ${reader.id}))`;
  return sql`with copy as (select ${sessionHolds(guard, reader.id)} as holds)
        select copy.holds as "sessionHolds", ${eventAccessColumns(reader.id)}, ${more}, figures.*
          from copy, events e ${eventStaffJoin(reader.id)}
          left join lateral (${read(mayRead)}) figures on true
         where e.id = ${eventId} and e.deleted_at is null`;
}

type EventPage = FollowedEvent & {
  questions: QuestionView[];
  /** Read only when the reader may follow this event's sales. */
  page: { rows: ParticipantDbRow[]; total: number; places: number } | null;
};

/** The event as the viewer relates to it, its questions and one page of its whole list (no date chosen) with its totals, in one statement. */
export async function participantsPageOfEvent(
  db: Database,
  eventId: string,
  reader: FollowUpReader,
  wholeEvent: PageQuery,
  guard?: SessionGuard,
): Promise<EventPage | undefined> {
  const query = { ...wholeEvent, dateId: undefined };
  const words = searchWords(query.q);
  const search = words.length > 0 ? searchedPageKeys(eventId, query, words, sql`totals.total`) : undefined;
  const questions = sql`coalesce((select json_agg(json_build_object('id', q.id, 'label', q.label, 'kind', q.kind,
                                   'choices', q.choices, 'isRequired', q.is_required, 'scope', q.scope,
                                   'ticketId', q.ticket_id) order by q.position, q.created_at)
                           from event_questions q where q.event_id = e.id), '[]') as questions`;
  // Named after its text (one per sort and search shape): planning it cost more than running it.
  const [row] = await namedRows<
    FollowedEventRow & {
      questions: QuestionView[];
      rows: ParticipantDbRow[] | null;
      total: number | null;
      places: number | null;
    }
  >(
    db,
    'participants_page',
    followedEventStatement(
      eventId,
      reader,
      guard,
      questions,
      (mayRead) => sql`
            ${search ? sql`with found as materialized (${search.found})` : sql``}
            select (select coalesce(json_agg(r order by r.ordinality), '[]')
                      from guichet_participant_rows(${search?.keys ?? sql`array(${pageKeys(eventId, query, words)})`}) with ordinality as r) as rows,
                   totals.total, totals.places
              from (${pageTotals(eventId, query, words)}) totals
             where ${mayRead}`,
    ),
  );
  if (!row) return undefined;
  const { questions: asked, rows, total, places, sessionHolds: holds, ...access } = row;
  return {
    sessionHolds: holds,
    access,
    questions: asked,
    page: rows === null ? null : { rows, total: total ?? 0, places: places ?? 0 },
  };
}

/** The Statistiques tab's figures of a whole event (no date chosen), each the sum of a few kept rows. */
export type EventFigures = {
  tickets: TicketRow[];
  people: PeopleRow;
  promoCodes: PromoRow[];
  soldByHour: HistogramRow[];
  soldByDay: HistogramRow[];
  scannedByHour: HistogramRow[];
  ages: AgeRow[];
};

type EventStatistics = FollowedEvent & {
  nbMaxParticipants: number;
  /** Read only when the reader may follow this event's sales. */
  figures: EventFigures | null;
};

/** A query's rows as one JSON array, in the query's order (its ORDER BY keeps it a subquery of its own). */
const jsonRows = (query: SQL) => sql`(select coalesce(json_agg(x), '[]') from (${query}) x)`;

/**
 * The event as the viewer relates to it and every figure of its Statistiques tab, in one statement
 * (named: the same text for every event): ten statements before, three of them one after another.
 */
export async function statisticsOfEvent(
  db: Database,
  eventId: string,
  reader: FollowUpReader,
  guard?: SessionGuard,
): Promise<EventStatistics | undefined> {
  const [row] = await namedRows<FollowedEventRow & { nbMaxParticipants: number; figures: EventFigures | null }>(
    db,
    'event_statistics',
    followedEventStatement(
      eventId,
      reader,
      guard,
      sql`e.nb_max_participants as "nbMaxParticipants"`,
      (mayRead) => sql`
            select json_build_object(
                     'tickets', ${jsonRows(ticketTotalsOfEvent(eventId))},
                     'people', (select row_to_json(x) from (${peopleTotalsOfEvent(eventId)}) x),
                     'promoCodes', ${jsonRows(promoTotalsOfEvent(eventId))},
                     'soldByHour', ${jsonRows(soldHistogramOfEvent(eventId, 'hour'))},
                     'soldByDay', ${jsonRows(soldHistogramOfEvent(eventId, 'day'))},
                     'scannedByHour', ${jsonRows(scannedHistogramOfEvent(eventId))},
                     'ages', ${jsonRows(ageHistogramOfEvent(eventId))}) as figures
             where ${mayRead}`,
    ),
  );
  if (!row) return undefined;
  const { sessionHolds: holds, nbMaxParticipants, figures, ...access } = row;
  return { sessionHolds: holds, access, nbMaxParticipants, figures };
}

/** The next page of the export, in order of purchase after the row `after` (keyset, bounded memory). */
export type ExportCursor = { createdKey: string; id: string };

/** The export's rows: one per live place, in order of purchase (then by id), with its number and holder. */
export async function exportPage(
  db: Database,
  eventId: string,
  after: ExportCursor | null,
  limit: number,
  dateId: string | null = null,
): Promise<(ParticipantDbRow & ExportCursor)[]> {
  // The cursor keeps the database's microseconds: a JavaScript date would repeat a row.
  const from = after ? sql` and (p.created_at, p.id) > (${after.createdKey}::timestamptz, ${after.id}::uuid)` : sql``;
  return queryRows(
    db,
    sql`select ${placeColumns(dateId)},
               (select dd.date_begin from event_dates dd where dd.id = p.date_id) as "dateBegin",
               t.is_pass as "isPass", p.created_at::text as "createdKey"
          from participations p
          ${participantJoins}
         where p.event_id = ${eventId} and p.cancelled_at is null ${from}${ofDate(dateId)}
         order by p.created_at, p.id
         limit ${limit}`,
  );
}

/** Whether the event has dates of its own (issue 32), and whether `dateId` is one of them. */
export async function findEventDateIds(db: Database, eventId: string): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(db, sql`select id from event_dates where event_id = ${eventId}`);
  return rows.map((row) => row.id);
}
