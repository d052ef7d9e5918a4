import type { EventPreview, HistoryType } from '@guichet/shared';
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client';
import { isoTimestamp } from '../../db/iso-timestamp';
import { BANNER_SRCSET_SQL } from '../images/processing';

/**
 * A person's past events (participated in, ended) or organised events, as event previews.
 * Private events are included only when `withPrivate` (their owner looking).
 */
export function findHistory(
  db: Database,
  userId: string,
  type: HistoryType,
  withPrivate: boolean,
  now: Date,
): Promise<EventPreview[]> {
  const which =
    type === 'past'
      ? sql`exists(select 1 from participations p where p.event_id = e.id and p.user_id = ${userId}
                and p.cancelled_at is null)
            and e.date_end < ${now.toISOString()}::timestamptz`
      : sql`e.organizer_id = ${userId}`;
  return queryRows<EventPreview>(
    db,
    sql`
    select e.id,
           e.title,
           t.label as "type",
           ${isoTimestamp('e.date_begin')} as "dateBegin",
           ${isoTimestamp('e.date_end')} as "dateEnd",
           coalesce(p.min_price, 0)::int as "minPriceCents",
           coalesce(p.max_price, 0) = 0 as "isFree",
           e.is_public as "isPublic",
           e.organizer_id as "organizerId",
           u.first_name || ' ' || u.last_name as "organizerName",
           e.city,
           case when e.banner_path is null then null else '/api/images/' || e.banner_path end as "bannerUrl",
           ${sql.raw(BANNER_SRCSET_SQL('e.banner_path'))} as "bannerSrcset"
      from events e
      join users u on u.id = e.organizer_id
      left join event_types t on t.id = e.type_id
      left join lateral (
        select min(k.price_cents) as min_price, max(k.price_cents) as max_price
          from tickets k
         where k.event_id = e.id and not k.is_hidden and k.deleted_at is null
      ) p on true
     where e.deleted_at is null
       and (e.is_public or ${withPrivate ? sql`true` : sql`false`})
       and ${which}
     order by e.date_begin desc, e.id`,
  );
}
