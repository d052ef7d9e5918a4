import type { WaitingListEntry, WaitingListStatus } from '@guichet/shared';
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client';
import { isoTimestamp } from '../../db/iso-timestamp';

export type WaitingTicketRow = {
  id: string;
  isHidden: boolean;
  isMultipart: boolean;
  isAvailable: boolean;
  priceCents: number;
  /** Places a buyer may take, as the event page counts them (orders/sql/guichet_page_held.sql). */
  placesLeft: number;
  /** The event's participant cap (-1: none) and its places taken, counted the same way. */
  cap: number;
  eventTaken: number;
  isSaleOpen: boolean;
};

/**
 * A ticket of the event with its places as the event page counts them: a hold past its deadline
 * that nobody reclaimed yet is free, places owed to the waiting list are taken. Reads only.
 */
export async function findWaitingTicket(
  db: Database,
  eventId: string,
  ticketId: string,
  now: Date,
): Promise<WaitingTicketRow | undefined> {
  const at = now.toISOString();
  const [row] = await queryRows<WaitingTicketRow>(
    db,
    sql`with live as (
          select t.id, t.is_hidden, t.is_multipart, t.is_available, t.price_cents, t.quantity, t.sold, p.held
            from tickets t join guichet_page_held(${eventId}::uuid, ${at}::timestamptz) p on p.ticket_id = t.id
           where t.event_id = ${eventId} and t.deleted_at is null
        )
        select l.id, l.is_hidden as "isHidden", l.is_multipart as "isMultipart", l.is_available as "isAvailable", l.price_cents as "priceCents",
               (l.quantity - l.sold - l.held)::int as "placesLeft",
               e.nb_max_participants as cap,
               (select coalesce(sum(a.sold + a.held), 0)::int from live a where not a.is_multipart) as "eventTaken",
               (e.is_open and e.cancelled_at is null and e.date_end > ${at}::timestamptz) as "isSaleOpen"
          from live l join events e on e.id = ${eventId}
         where l.id = ${ticketId}`,
  );
  return row;
}

/**
 * Locks the event's places as a hold does (the event when capped, the date, then its tickets in id order):
 * a join decided under these locks and places given back at the same moment are ordered, so
 * that either the join sees the places (and they are on sale, or owed to the people already
 * waiting) or the places' trigger sees the new entry and calls the line.
 */
export async function lockEventPlaces(tx: Database, eventId: string, dateId: string | null): Promise<void> {
  await tx.execute(sql`select 1 from events where id = ${eventId} and nb_max_participants <> -1 for no key update`);
  // The date waited for (issue 32) between them, as every path locks dates before tickets.
  if (dateId) await tx.execute(sql`select 1 from event_dates where id = ${dateId} for no key update`);
  await tx.execute(sql`select 1 from tickets where event_id = ${eventId} order by id for no key update`);
}

/**
 * Puts the account in line once: the partial unique index on live entries (ticket, account) makes
 * a second join, even at the same instant, insert nothing. False when already in line.
 */
export async function insertEntry(
  db: Database,
  entry: { eventId: string; ticketId: string; dateId: string | null; userId: string; quantity: number },
): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`insert into waiting_list_entries (event_id, ticket_id, date_id, user_id, quantity)
        values (${entry.eventId}, ${entry.ticketId}, ${entry.dateId}, ${entry.userId}, ${entry.quantity})
        on conflict do nothing returning id`,
  );
  return rows.length > 0;
}

/**
 * A date's places left (issue 32) as the event page counts them (orders/sql/guichet_page_held.sql:
 * those owed to its waiting line are taken): none once cancelled, null when it has no capacity of
 * its own.
 */
export async function findDateFree(db: Database, eventId: string, dateId: string, now: Date): Promise<number | null> {
  const [row] = await queryRows<{ free: number | null }>(
    db,
    sql`select case when d.cancelled_at is not null then 0 else d.capacity - d.sold - coalesce(p.held, d.held) end as free
          from event_dates d
          left join guichet_page_held(${eventId}::uuid, ${now.toISOString()}::timestamptz) p on p.date_id = d.id
         where d.id = ${dateId}`,
  );
  return row ? row.free : 0;
}

/** The account's live entry for one ticket (and date), if any, with the order of its running offer. */
export async function findLiveEntry(
  db: Database,
  eventId: string,
  line: { ticketId: string; dateId: string | null },
  userId: string,
): Promise<{ id: string; status: WaitingListStatus; offerOrderId: string | null } | undefined> {
  const [row] = await queryRows<{ id: string; status: WaitingListStatus; offerOrderId: string | null }>(
    db,
    sql`select id, status, offer_order_id as "offerOrderId" from waiting_list_entries
         where event_id = ${eventId} and ticket_id = ${line.ticketId} and user_id = ${userId}
           and date_id is not distinct from ${line.dateId}::uuid
           and status in ('waiting', 'offered', 'accepted')`,
  );
  return row;
}

/** The entry leaves the line; the row stays for the organiser's counts. */
export async function markLeft(db: Database, entryId: string, now: Date) {
  await db.execute(
    sql`update waiting_list_entries set status = 'left', ended_at = ${now.toISOString()}::timestamptz
         where id = ${entryId} and status in ('waiting', 'offered', 'accepted')`,
  );
}

/** The account's live entries for the event's tickets. */
export function findViewerEntries(db: Database, eventId: string, userId: string): Promise<WaitingListEntry[]> {
  return queryRows<WaitingListEntry>(
    db,
    sql`select ticket_id as "ticketId", date_id as "dateId", quantity, status, ${isoTimestamp('created_at')} as "joinedAt"
          from waiting_list_entries
         where event_id = ${eventId} and user_id = ${userId} and status in ('waiting', 'offered', 'accepted')
         order by created_at`,
  );
}

export type ListedEntryRow = {
  id: string;
  ticketId: string;
  dateId: string | null;
  dateBegin: string | null;
  title: string;
  firstName: string;
  lastName: string;
  email: string;
  quantity: number;
  status: WaitingListStatus;
  wasOffered: boolean;
  joinedAt: string;
};

/** Every entry of the event, ticket by ticket in the page's order, each line in join order. */
export function findEventEntries(db: Database, eventId: string): Promise<ListedEntryRow[]> {
  return queryRows<ListedEntryRow>(
    db,
    sql`select w.id, w.ticket_id as "ticketId", w.date_id as "dateId", ${isoTimestamp('d.date_begin')} as "dateBegin",
               coalesce(h.title || ' — ' || t.title, t.title) as title,
               u.first_name as "firstName", u.last_name as "lastName", u.email, w.quantity, w.status,
               (w.offered_at is not null) as "wasOffered", ${isoTimestamp('w.created_at')} as "joinedAt"
          from waiting_list_entries w
          join tickets t on t.id = w.ticket_id
          left join tickets h on h.id = t.parent_id
          join users u on u.id = w.user_id
          left join event_dates d on d.id = w.date_id
         where w.event_id = ${eventId}
         order by coalesce(h.position, t.position), t.position, t.created_at, w.ticket_id, d.date_begin nulls first,
                  w.created_at, w.id`,
  );
}

/** A deleted account leaves every line it waits in (an offer already made runs to its deadline). */
export async function leaveEveryLine(db: Database, userId: string, now: Date) {
  await db.execute(
    sql`update waiting_list_entries set status = 'left', ended_at = ${now.toISOString()}::timestamptz
         where user_id = ${userId} and status = 'waiting'`,
  );
}
