import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client';
import { events, eventTypes, shareLinks, ticketGifts, tickets, users } from '../../db/schema';
import { placeCoversDate } from '../dates/places-of-date';

export async function findEventWithOrganizer(db: Database, id: string) {
  const [row] = await db
    .select({
      event: events,
      typeLabel: eventTypes.label,
      organizerFirstName: users.firstName,
      organizerLastName: users.lastName,
      organizerVerified: users.isVerified,
    })
    .from(events)
    .innerJoin(users, eq(users.id, events.organizerId))
    .leftJoin(eventTypes, eq(eventTypes.id, events.typeId))
    .where(and(eq(events.id, id), isNull(events.deletedAt)))
    .limit(1);
  return row;
}

export function findEventTickets(db: Database, eventId: string) {
  return db
    .select()
    .from(tickets)
    .where(and(eq(tickets.eventId, eventId), isNull(tickets.deletedAt)))
    .orderBy(asc(tickets.position), asc(tickets.createdAt));
}

/** Which ticket of the event offers which (a ticket's gifts, 1-attendee.md "Gift-ticket modal"). */
export function findGiftLinks(db: Database, eventId: string) {
  return db
    .select({ ticketId: ticketGifts.ticketId, giftTicketId: ticketGifts.giftTicketId })
    .from(ticketGifts)
    .innerJoin(tickets, eq(tickets.id, ticketGifts.ticketId))
    .where(eq(tickets.eventId, eventId));
}

/**
 * Whether the user holds a live ticket of the event, and whether one of them is the one free
 * place an account may have there (any ticket of a free event; a free ticket, not a gift, elsewhere:
 * the rule of guichet_free_ticket_taken, which holds also counts).
 */
export async function findParticipation(
  db: Database,
  eventId: string,
  userId: string,
  isFreeEvent: boolean,
): Promise<{ participates: boolean; hasFreePlace: boolean }> {
  const [row] = await queryRows<{ participates: boolean; has_free_place: boolean }>(
    db,
    sql`select count(*) > 0 as participates,
               coalesce(bool_or(${isFreeEvent} or (t.price_cents = 0 and not p.is_gift)), false) as has_free_place
          from participations p join tickets t on t.id = p.ticket_id
         where p.event_id = ${eventId} and p.user_id = ${userId} and p.cancelled_at is null`,
  );
  return { participates: row?.participates ?? false, hasFreePlace: row?.has_free_place ?? false };
}

export function findEventTypes(db: Database) {
  return db.select().from(eventTypes).orderBy(asc(eventTypes.position), asc(eventTypes.label));
}

export async function findShareLink(db: Database, eventId: string, key: string) {
  return db.query.shareLinks.findFirst({ where: and(eq(shareLinks.eventId, eventId), eq(shareLinks.key, key)) });
}

/**
 * The places held per ticket, and per date of an event of several, as readers count them
 * (orders/sql/guichet_page_held.sql): holds past their deadline that nobody reclaimed yet are
 * free, places owed to the waiting lists are not.
 */
export async function findPageHeld(
  db: Database,
  eventId: string,
  now: Date,
): Promise<{ tickets: Map<string, number>; dates: Map<string, number> }> {
  const rows = await queryRows<{ ticket_id: string | null; date_id: string | null; held: number }>(
    db,
    sql`select ticket_id, date_id, held from guichet_page_held(${eventId}::uuid, ${now.toISOString()}::timestamptz)`,
  );
  const tickets = new Map<string, number>();
  const dates = new Map<string, number>();
  for (const row of rows) {
    if (row.ticket_id) tickets.set(row.ticket_id, row.held);
    else if (row.date_id) dates.set(row.date_id, row.held);
  }
  return { tickets, dates };
}

/** The one writer of an event's row: its organiser's edits, the back office, a cancellation. */
export async function updateEvent(db: Database, id: string, values: Partial<typeof events.$inferInsert>) {
  await db
    .update(events)
    .set({ updatedAt: sql`now()`, ...values })
    .where(eq(events.id, id));
}

/** The dates (issue 32) the user holds a live place for: a place's own, a pass's (its links, else every date). */
export async function findHeldDateIds(db: Database, eventId: string, userId: string): Promise<Set<string>> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select distinct d.id from participations p
          join tickets t on t.id = p.ticket_id
          join event_dates d on d.event_id = p.event_id
         where p.event_id = ${eventId} and p.user_id = ${userId} and p.cancelled_at is null
           and ${placeCoversDate(sql`d.id`)}`,
  );
  return new Set(rows.map((row) => row.id));
}
