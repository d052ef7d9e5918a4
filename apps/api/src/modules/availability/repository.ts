import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client';

export type PlacesRow = {
  id: string;
  parent_id: string | null;
  is_multipart: boolean;
  is_available: boolean;
  quantity: number;
  sold: number;
  /**
   * Held places as the event page counts them (orders/sql/guichet_page_held.sql): less those of holds
   * past their deadline that nobody reclaimed yet, plus those owed to the waiting list.
   */
  held: number;
  /** The event's participant cap (-1: none). */
  cap: number;
  /** The next deadline of a hold of the event still running, when its places come back. */
  next_expiry: Date | string | null;
  /**
   * The event's dates (issue 32; null for a one-date event; their places left less those owed
   * to their waiting lines, as guichet_page_held counts them) and the dates this ticket is sold for
   * (null: every date). Read once per event (a CTE), repeated on its rows.
   */
  dates: { id: string; left: number | null; cancelled: boolean }[] | null;
  date_ids: string[] | null;
};

/**
 * The places of every ticket of one event, in one round trip whatever the number of readers
 * (docs/decisions.md, "Live availability"). Hidden tickets are included: each reader's view is
 * filtered in memory.
 */
export function findEventPlaces(db: Database, eventId: string, now: Date): Promise<PlacesRow[]> {
  const at = now.toISOString();
  return queryRows<PlacesRow>(
    db,
    sql`with running as (
          select o.expires_at from orders o
           where o.event_id = ${eventId} and o.status = 'awaiting_payment'
        )
        , page as (
          select * from guichet_page_held(${eventId}::uuid, ${at}::timestamptz)
        )
        , dated as (
          select json_agg(json_build_object(
                   'id', d.id, 'cancelled', d.cancelled_at is not null,
                   'left', case when d.capacity is null then null
                                else greatest(0, d.capacity - d.sold - coalesce(p.held, d.held)) end)
                   order by d.date_begin, d.id) as dates
            from event_dates d left join page p on p.date_id = d.id
           where d.event_id = ${eventId}
        )
        select t.id, t.parent_id, t.is_multipart, t.is_available, t.quantity, t.sold,
               coalesce(p.held, t.held) as held,
               e.nb_max_participants as cap,
               (select min(r.expires_at) from running r where r.expires_at > ${at}::timestamptz) as next_expiry,
               dated.dates,
               case when dated.dates is null then null
                    else (select array_agg(td.date_id) from ticket_dates td where td.ticket_id = t.id) end as date_ids
          from tickets t
          cross join dated
          join events e on e.id = t.event_id
          left join page p on p.ticket_id = t.id
         where t.event_id = ${eventId} and t.deleted_at is null
         order by t.position, t.created_at`,
  );
}
