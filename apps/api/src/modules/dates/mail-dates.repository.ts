import { sql } from 'drizzle-orm';
import { arrayLiteral } from '../../db/array-literal';
import { type Database, queryRows } from '../../db/client';
import { isoTimestamp } from '../../db/iso-timestamp';
import { placeCoversDate } from './places-of-date';

/** A place of an event of several dates, with the dates it admits to (its own, a pass's every date covered). */
export type PlaceWithDates = { id: string; ticketTitle: string; quantity: number; dates: string[] };

/**
 * The dates of these places, in date order; a place of a one-date event is left out (its mails
 * stay as they were), and so is a date cancelled since.
 */
export function findPlacesWithDates(db: Database, participationIds: string[]): Promise<PlaceWithDates[]> {
  if (participationIds.length === 0) return Promise.resolve([]);
  return queryRows<PlaceWithDates>(
    db,
    sql`select p.id, t.title as "ticketTitle", p.quantity,
               array_agg(${isoTimestamp('d.date_begin')} order by d.date_begin) as dates
          from participations p
          join tickets t on t.id = p.ticket_id
          join event_dates d on d.event_id = p.event_id and d.cancelled_at is null
         where p.id = any(${arrayLiteral(participationIds)}::uuid[]) and ${placeCoversDate(sql`d.id`)}
         group by p.id, t.title, p.quantity, t.position
         order by t.position, min(d.date_begin), p.id`,
  );
}
