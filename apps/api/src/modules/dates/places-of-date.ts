import { type SQL, sql } from 'drizzle-orm';

/**
 * Place `p` of ticket `t` is one of the date's (issue 32): bought for it, or a pass covering it
 * (a pass without dates of its own covers every date). The places of a one-date event name no
 * date: they are its one date's, whose id is the event's. No date asked: every place.
 */
export function placeOfDate(dateId: string | null | undefined, eventId: string): SQL {
  if (!dateId) return sql`true`;
  return sql`(p.date_id = ${dateId}
              or (p.date_id is null and not t.is_pass and ${dateId}::uuid = ${eventId}::uuid)
              or (t.is_pass and (not exists (select 1 from ticket_dates td where td.ticket_id = t.id)
                                 or exists (select 1 from ticket_dates td
                                             where td.ticket_id = t.id and td.date_id = ${dateId}))))`;
}
