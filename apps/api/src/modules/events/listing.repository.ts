import type { PriceFilter } from '@guichet/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client';
import { isoTimestamp } from '../../db/iso-timestamp';
import { namedRows } from '../../db/prepared';
import { BANNER_SRCSET_SQL } from '../images/processing';

/** A position in the list's order: after the event that starts at `dateBegin` with this `id`. */
export type ListPosition = { dateBegin: string; id: string };

/** What a page of the list is asked for, once checked and resolved by the service. */
export type ListingFilter = {
  price: PriceFilter;
  /** Events that overlap this period (Paris days resolved to instants). */
  window: { start: Date; end: Date } | null;
  typeId: number | null;
  /** Compared without case nor accents. */
  city: string | null;
  /** The words of a search, letters and digits only (see `searchQuery`); each must be found. */
  search: string[] | null;
  near: { latitude: number; longitude: number; radiusKm: number } | null;
  after: ListPosition | null;
  limit: number;
};

const EARTH_RADIUS_KM = 6371;
const KM_PER_DEGREE = 111.32;

/**
 * The conditions shared by both halves of the list (public events; a viewer's own private ones).
 * Each is written as its index expects it (migration 0016_delivery): the cursor as a row comparison on
 * (date_begin, id), the city through guichet_unaccent(lower(city)), the text through the search
 * vector, the distance as a box on point(longitude, latitude) before the exact distance.
 */
function filters(filter: ListingFilter, now: Date): SQL {
  const parts: SQL[] = [
    sql`e.deleted_at is null`,
    sql`e.cancelled_at is null`,
    sql`e.date_end >= ${now.toISOString()}::timestamptz`,
  ];
  if (filter.price === 'paid') parts.push(sql`e.max_price_cents > 0`);
  if (filter.price === 'free') parts.push(sql`e.max_price_cents = 0`);
  if (filter.window) {
    parts.push(sql`e.date_begin < ${filter.window.end.toISOString()}::timestamptz`);
    parts.push(sql`e.date_end >= ${filter.window.start.toISOString()}::timestamptz`);
    // An event of several dates (issue 32) spans its first start to its last end: it is found for
    // a day only when one of its live dates is on it. A one-date event has no row: one probe.
    parts.push(sql`(not exists (select 1 from event_dates d where d.event_id = e.id)
      or exists (select 1 from event_dates d where d.event_id = e.id and d.cancelled_at is null
                    and d.date_begin < ${filter.window.end.toISOString()}::timestamptz
                    and d.date_end >= ${filter.window.start.toISOString()}::timestamptz))`);
  }
  if (filter.typeId !== null) parts.push(sql`e.type_id = ${filter.typeId}`);
  if (filter.city !== null) parts.push(sql`guichet_unaccent(lower(e.city)) = guichet_unaccent(lower(${filter.city}))`);
  // The query is made once, by the statement's `search` CTE (guichet_search_tsquery).
  if (filter.search !== null) parts.push(sql`e.search_vector @@ (select q from search)`);
  if (filter.near) {
    const { latitude, longitude, radiusKm } = filter.near;
    const dLat = radiusKm / KM_PER_DEGREE;
    const dLon = radiusKm / (KM_PER_DEGREE * Math.max(0.01, Math.cos((latitude * Math.PI) / 180)));
    parts.push(sql`e.latitude is not null and e.longitude is not null`);
    parts.push(
      sql`point(e.longitude, e.latitude) <@ box(point(${longitude - dLon}, ${latitude - dLat}), point(${longitude + dLon}, ${latitude + dLat}))`,
    );
    // Haversine: the box's corners are further than the radius.
    parts.push(sql`2 * ${EARTH_RADIUS_KM} * asin(sqrt(
        power(sin(radians(e.latitude - ${latitude}) / 2), 2)
        + cos(radians(${latitude})) * cos(radians(e.latitude)) * power(sin(radians(e.longitude - ${longitude}) / 2), 2)
      )) <= ${radiusKm}`);
  }
  if (filter.after) {
    parts.push(sql`(e.date_begin, e.id) > (${filter.after.dateBegin}::timestamptz, ${filter.after.id}::uuid)`);
  }
  return sql.join(parts, sql` and `);
}

/**
 * Whether every place of event `e` a visitor could buy is sold, as the event page counts (its
 * visible tickets all sold out, or its participant cap reached), from sold places only: a hold
 * lasts minutes and may come back, and a kept page of the list must not say 'Complet' for it
 * (docs/decisions.md, issue 26). One look at the event's tickets through their index.
 */
const SOLD_OUT_SQL = sql.raw(`coalesce((
  select (e.nb_max_participants <> -1
          and coalesce(sum(tk.sold) filter (where not tk.is_multipart), 0) >= e.nb_max_participants)
      or coalesce(bool_and(
           case when tk.is_multipart then not exists(
                  select 1 from tickets o
                   where o.event_id = e.id and o.parent_id = tk.id and o.deleted_at is null
                     and not o.is_hidden and o.is_available and o.quantity > o.sold)
                else tk.quantity <= tk.sold end
         ) filter (where tk.parent_id is null and not tk.is_hidden), false)
    from tickets tk
   where tk.event_id = e.id and tk.deleted_at is null
), false)`);

/** The listed events a search reads inside the search index first, counted from the page's start. */
const SEARCH_NEAR = 1000;
/** How many times the days of that first stretch the second one spans. */
const SEARCH_MID_FACTOR = 10;

/** The day of the SEARCH_NEAR-th listed event from `start`, where a search's near stretch ends ('infinity' before it). */
function nearEndDay(start: string): SQL {
  return sql`coalesce((select (e.date_begin at time zone 'UTC')::date from events e
                        where e.is_public and e.deleted_at is null and e.cancelled_at is null
                          and e.date_begin >= ${start}::timestamptz
                        order by e.date_begin, e.id offset ${SEARCH_NEAR} limit 1), 'infinity'::date)`;
}

/** Where the near stretch of a search's first page ends now (listing.service keeps it a few seconds). */
export async function findSearchNearDay(db: Database, now: Date): Promise<string> {
  const [row] = await queryRows<{ day: string }>(db, sql`select ${nearEndDay(now.toISOString())}::text as day`);
  return row?.day ?? 'infinity';
}

/** The search's query as a CTE that the filters read (`select q from search`), made once per statement. */
function searchCte(filter: ListingFilter): SQL {
  if (filter.search === null) return sql``;
  // Letters and digits only (searchQuery): an array literal needs no escaping.
  const words = `{${filter.search.map((word) => `"${word}"`).join(',')}}`;
  return sql`search as materialized (select guichet_search_tsquery(${words}::text[]) as q),`;
}

/**
 * The public events of a page: the first `take` in the list's order. Without a search, the
 * (start, id) index (or its per-filter variants) is read in order and stops at `take`.
 *
 * A search cannot be read that way: the ordered index would walk every row whose words do not
 * match, the whole table for a search that finds nothing (the planner, counting its words as
 * independent, often chose it: p99 649 ms at 50 connections). It reads the search index, which
 * holds the start day beside the words (btree_gin), stretch by stretch, each only when the ones
 * before hold less than a page:
 * - `near`: the days before the day of the SEARCH_NEAR-th listed event from the page's start, a
 *   range inside the index, so that a word every event holds reads that stretch's rows only;
 * - `mid`: SEARCH_MID_FACTOR times as many days, its end inside the index and its start
 *   outside (btree_gin reads each bound of a range on its own, to the end of the index: a
 *   two-sided range read every later day, 12 ms, where the end alone reads 0.4 ms); read only
 *   when `near` found some rows but not a page: a search `near` finds nothing of is rare, and
 *   most searches typed are (2.8 events found on average in bench/read-api's mix), so it would
 *   cost them a second pass over the index's days (0.4 ms) for nothing;
 * - `far`: the rest (from `mid`'s end, or `near`'s when `mid` was not read), the day compared
 *   outside the index (by then the search is rare: few rows).
 * The stretches split the days exactly, whatever their sizes, so the page is the same; the rows
 * found are sorted after, and never counted beyond a stretch.
 */
function publicCandidates(filter: ListingFilter, where: SQL, now: Date, take: number, nearDay?: string): SQL {
  if (filter.search === null) {
    return sql`(select e.id, e.date_begin from events e
        where e.is_public and ${where}
        order by e.date_begin, e.id limit ${take})`;
  }
  const start = filter.after?.dateBegin ?? now.toISOString();
  const day = sql.raw(`(e.date_begin at time zone 'UTC')::date`);
  // A first page may be given the near stretch's end read a few seconds before: any day splits
  // the days exactly, and finding it read 1,000 entries of the index at every search.
  const nearEnd = nearDay && !filter.after ? sql`${nearDay}::date` : nearEndDay(start);
  return sql`(with near_end as materialized (select ${nearEnd} as day),
      mid_end as materialized (
        select case when n.day = 'infinity'::date then n.day
                    else greatest(n.day + 1, f.day + ${SEARCH_MID_FACTOR}::int * (n.day - f.day)) end as day
          from near_end n, (select (${start}::timestamptz at time zone 'UTC')::date as day) f),
      near as materialized (
        select e.id, e.date_begin from events e
         where e.is_public and ${where} and ${day} < (select day from near_end)),
      mid as materialized (
        select e.id, e.date_begin from events e
         where e.is_public and ${where}
           and ${day} < (select day from mid_end)
           and e.date_begin >= ((select day from near_end)::timestamp at time zone 'UTC')
           and (select count(*) from near) between 1 and ${take} - 1),
      far as materialized (
        select e.id, e.date_begin from events e
         where e.is_public and ${where}
           and e.date_begin >= ((case when (select count(*) from near) = 0 then (select day from near_end)
                                      else (select day from mid_end) end)::timestamp at time zone 'UTC')
           and (select count(*) from near) + (select count(*) from mid) < ${take})
      select id, date_begin from (select * from near union all select * from mid union all select * from far) matches
       order by date_begin, id limit ${take})`;
}

/**
 * One page of the list, serialised to JSON by PostgreSQL in one round trip (the busiest read of
 * the site). It reads one event more than the page, to know whether another page follows, and
 * returns the position of the page's last event for the next cursor. A logged-in viewer also
 * sees the private events they organise or hold a ticket for (docs/decisions.md, "Private events
 * in the list"): a second, small half of the query, so that the public half keeps its indexes.
 */
export async function findListingPage(
  db: Database,
  filter: ListingFilter,
  now: Date,
  viewerId: string | null,
  nearDay?: string,
): Promise<{ body: string; last: ListPosition | null; hasMore: boolean }> {
  const where = filters(filter, now);
  const take = filter.limit + 1;
  const own = viewerId
    ? sql`union all
      (select e.id, e.date_begin from events e
        where not e.is_public and ${where}
          and (e.organizer_id = ${viewerId}
               or exists(select 1 from participations lp where lp.event_id = e.id and lp.user_id = ${viewerId}
                                                          and lp.cancelled_at is null))
        order by e.date_begin, e.id limit ${take})`
    : sql``;
  // Named after its text: a page's statement took longer to plan than to run (1.5 ms of planning
  // for a search found in the index in 0.3 ms).
  const rows = await namedRows<{
    body: string | null;
    last_begin: string | null;
    last_id: string | null;
    more: boolean;
  }>(
    db,
    'listing',
    sql`
    with ${searchCte(filter)}
    candidates as (
      ${publicCandidates(filter, where, now, take, nearDay)}
      ${own}
    ),
    page as (
      select id, date_begin, row_number() over (order by date_begin, id) as position
        from candidates order by date_begin, id limit ${take}
    )
    select
      (select json_agg(x.item order by x.position)::text from (
        select p.position, json_build_object(
               'id', e.id,
               'title', e.title,
               'type', t.label,
               'dateBegin', ${isoTimestamp('coalesce(nd.date_begin, e.date_begin)')},
               'dateEnd', ${isoTimestamp('coalesce(nd.date_end, e.date_end)')},
               'dateCount', coalesce(nd.count, 1),
               'minPriceCents', e.min_price_cents,
               'isFree', e.max_price_cents = 0,
               'isSoldOut', ${SOLD_OUT_SQL},
               'isPublic', e.is_public,
               'organizerId', e.organizer_id,
               'organizerName', u.first_name || ' ' || u.last_name,
               'city', e.city,
               'bannerUrl', '/api/images/' || e.banner_path,
               'bannerSrcset', ${sql.raw(BANNER_SRCSET_SQL('e.banner_path'))}
             ) as item
          from page p
          join events e on e.id = p.id
          join users u on u.id = e.organizer_id
          left join event_types t on t.id = e.type_id
          -- Several dates (issue 32): the card shows the next one to come and how many there are.
          left join lateral (
            select d.date_begin, d.date_end,
                   (select count(*) from event_dates c where c.event_id = e.id and c.cancelled_at is null)::int as count
              from event_dates d
             where d.event_id = e.id and d.cancelled_at is null and d.date_end >= ${now.toISOString()}::timestamptz
             order by d.date_begin limit 1) nd on true
         where p.position <= ${filter.limit}
      ) x) as body,
      (select to_char(date_begin at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') from page where position = ${filter.limit}) as last_begin,
      (select id::text from page where position = ${filter.limit}) as last_id,
      (select count(*) > ${filter.limit} from page) as more`,
  );
  const row = rows[0];
  const last = row?.last_begin && row.last_id ? { dateBegin: row.last_begin, id: row.last_id } : null;
  return { body: row?.body ?? '[]', last, hasMore: Boolean(row?.more) };
}

/** The plan PostgreSQL chooses for a page (bench/read-api prints it, to check every filter's index). */
export async function explainListingPage(db: Database, filter: ListingFilter, now: Date): Promise<string> {
  const rows = await queryRows<{ 'QUERY PLAN': string }>(
    db,
    sql`explain (analyze, costs off, timing off, summary on)
        with ${searchCte(filter)} page as ${publicCandidates(filter, filters(filter, now), now, filter.limit + 1)}
        select id from page`,
  );
  return rows.map((row) => row['QUERY PLAN']).join('\n');
}
