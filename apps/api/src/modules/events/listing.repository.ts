import type { PriceFilter } from '@guichet/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client';
import { isoTimestamp } from '../../db/iso-timestamp';
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
  /** A `to_tsquery` text made of prefix terms (see `searchQuery`). */
  search: string | null;
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
  }
  if (filter.typeId !== null) parts.push(sql`e.type_id = ${filter.typeId}`);
  if (filter.city !== null) parts.push(sql`guichet_unaccent(lower(e.city)) = guichet_unaccent(lower(${filter.city}))`);
  if (filter.search !== null) parts.push(sql`e.search_vector @@ to_tsquery('guichet_fr', ${filter.search})`);
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
  const rows = await queryRows<{
    body: string | null;
    last_begin: string | null;
    last_id: string | null;
    more: boolean;
  }>(
    db,
    sql`
    with candidates as (
      (select e.id, e.date_begin from events e
        where e.is_public and ${where}
        order by e.date_begin, e.id limit ${take})
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
               'dateBegin', ${isoTimestamp('e.date_begin')},
               'dateEnd', ${isoTimestamp('e.date_end')},
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
        select e.id from events e where e.is_public and ${filters(filter, now)} order by e.date_begin, e.id limit ${filter.limit + 1}`,
  );
  return rows.map((row) => row['QUERY PLAN']).join('\n');
}
