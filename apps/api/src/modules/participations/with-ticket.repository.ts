import { eq } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { events, participations, tickets } from '../../db/schema';

/**
 * Joins to the participations `query` reads the event and the ticket they are places of: where
 * every view of someone's places starts (their tickets, one ticket, their data export). The
 * query is dynamic (`$dynamic()`), its selection the caller's.
 */
export function withEventAndTicket<T extends PgSelect>(query: T) {
  return query
    .innerJoin(events, eq(events.id, participations.eventId))
    .innerJoin(tickets, eq(tickets.id, participations.ticketId));
}
