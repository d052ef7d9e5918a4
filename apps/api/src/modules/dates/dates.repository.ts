import { asc, eq, inArray, sql } from 'drizzle-orm';
import { arrayLiteral } from '../../db/array-literal';
import { type Database, queryRows } from '../../db/client';
import { eventDates, passDateEntries, ticketDates } from '../../db/schema';
import { placeCoversDate, placeEntriesOnDate } from './places-of-date';

export type DateRow = typeof eventDates.$inferSelect;

/** An event's dates (séances), by start; none for a one-date event. */
export function findDates(db: Database, eventId: string): Promise<DateRow[]> {
  return db.select().from(eventDates).where(eq(eventDates.eventId, eventId)).orderBy(asc(eventDates.dateBegin));
}

/** A ticket of the event as dates see it: a pass, or the dates it is sold for (none listed: every date). */
export type TicketDates = { id: string; isPass: boolean; dateIds: string[] };

/** The event's tickets with the dates each is sold for: its own links, else its choice head's. */
export function findTicketDates(db: Database, eventId: string): Promise<TicketDates[]> {
  return queryRows<TicketDates>(
    db,
    sql`select t.id, t.is_pass as "isPass", coalesce(
              (select array_agg(td.date_id) from ticket_dates td where td.ticket_id = t.id),
              (select array_agg(td.date_id) from ticket_dates td where td.ticket_id = t.parent_id),
              '{}') as "dateIds"
          from tickets t where t.event_id = ${eventId}`,
  );
}

/**
 * What the event page reads of its dates in one round trip: the dates (none for a one-date
 * event) and the ticket types' links to them.
 */
export async function findPageDates(
  db: Database,
  eventId: string,
): Promise<{ dates: DateRow[]; links: { ticketId: string; dateId: string }[] }> {
  const [row] = await queryRows<{
    dates: Record<string, unknown>[] | null;
    links: { ticketId: string; dateId: string }[] | null;
  }>(
    db,
    sql`select (select json_agg(json_build_object(
                  'id', d.id, 'eventId', d.event_id, 'dateBegin', d.date_begin, 'dateEnd', d.date_end,
                  'capacity', d.capacity, 'dateMaxRefund', d.date_max_refund, 'cancelledAt', d.cancelled_at,
                  'cancellationMessage', d.cancellation_message, 'movedFrom', d.moved_from,
                  'sold', d.sold, 'held', d.held, 'createdAt', d.created_at) order by d.date_begin, d.id)
                  from event_dates d where d.event_id = ${eventId}) as dates,
               (select json_agg(json_build_object('ticketId', td.ticket_id, 'dateId', td.date_id))
                  from ticket_dates td join tickets t on t.id = td.ticket_id where t.event_id = ${eventId}) as links`,
  );
  const at = (value: unknown) => (value == null ? null : new Date(value as string));
  const dates = (row?.dates ?? []).map(
    (d): DateRow => ({
      id: d.id as string,
      eventId: d.eventId as string,
      dateBegin: new Date(d.dateBegin as string),
      dateEnd: new Date(d.dateEnd as string),
      capacity: (d.capacity as number | null) ?? null,
      dateMaxRefund: at(d.dateMaxRefund),
      cancelledAt: at(d.cancelledAt),
      cancellationMessage: (d.cancellationMessage as string | null) ?? null,
      movedFrom: at(d.movedFrom),
      sold: d.sold as number,
      held: d.held as number,
      createdAt: new Date(d.createdAt as string),
    }),
  );
  return { dates, links: row?.links ?? [] };
}

/**
 * Places checked in per date (`placeCoversDate`, `placeEntriesOnDate`: a pass by its entries on
 * each date); a one-date event's, which has no dates, under no date.
 */
export async function countCheckedIn(db: Database, eventId: string): Promise<Map<string | null, number>> {
  const rows = await queryRows<{ date_id: string | null; entries: number }>(
    db,
    sql`select d.id as date_id, coalesce(sum(${placeEntriesOnDate(sql`d.id`)}), 0)::int as entries
          from event_dates d
          join participations p on p.event_id = d.event_id and p.cancelled_at is null
          join tickets t on t.id = p.ticket_id
         where d.event_id = ${eventId} and ${placeCoversDate(sql`d.id`)}
         group by d.id
        union all
        select null, coalesce(sum(entries_used), 0)::int from participations
         where event_id = ${eventId} and cancelled_at is null
           and not exists (select 1 from event_dates where event_id = ${eventId})`,
  );
  return new Map(rows.map((row) => [row.date_id, row.entries]));
}

/**
 * The event row, then its tickets in id order. FOR UPDATE, not the buyers' NO KEY UPDATE: it also
 * waits for every hold whose order is written (an order's foreign key shares the event's key) and
 * holds off the next until this commits, so that no hold counted without the dates it adds is
 * still under way (orders/sql/guichet_hold_batch.sql reads the dates again under its locks).
 */
export async function lockEventAndTickets(tx: Database, eventId: string) {
  const [event] = await queryRows<{
    id: string;
    date_begin: Date | string;
    date_end: Date | string;
    date_max_refund: Date | string | null;
    cancelled_at: Date | string | null;
  }>(
    tx,
    sql`select id, date_begin, date_end, date_max_refund, cancelled_at from events
         where id = ${eventId} and deleted_at is null for update`,
  );
  if (!event) return undefined;
  // Buyers of an uncapped event lock only the tickets: the first date's counters are read under them.
  await tx.execute(sql`select 1 from tickets where event_id = ${eventId} order by id for no key update`);
  return {
    id: event.id,
    dateBegin: new Date(event.date_begin),
    dateEnd: new Date(event.date_end),
    dateMaxRefund: event.date_max_refund === null ? null : new Date(event.date_max_refund),
    cancelledAt: event.cancelled_at === null ? null : new Date(event.cancelled_at),
  };
}

/**
 * Turns a one-date event's own dates into its first row, with the event's id (the id its page
 * gave stays valid): its counters are the tickets' (under their locks), and the lines and places
 * sold so far, a pass's apart, are for it.
 */
export async function insertOwnDate(
  tx: Database,
  event: { id: string; dateBegin: Date; dateEnd: Date; dateMaxRefund: Date | null },
): Promise<void> {
  await tx.execute(sql`
    insert into event_dates (id, event_id, date_begin, date_end, date_max_refund, sold, held)
    select ${event.id}, ${event.id}, ${event.dateBegin.toISOString()}::timestamptz,
           ${event.dateEnd.toISOString()}::timestamptz, ${event.dateMaxRefund?.toISOString() ?? null}::timestamptz,
           coalesce(sum(sold), 0), coalesce(sum(held), 0)
      from tickets where event_id = ${event.id} and not is_multipart and deleted_at is null`);
  await tx.execute(sql`
    update order_lines l set date_id = ${event.id}
      from orders o, tickets t
     where o.id = l.order_id and o.event_id = ${event.id} and t.id = l.ticket_id and not t.is_pass`);
  await tx.execute(sql`
    update participations p set date_id = ${event.id}
      from tickets t where p.event_id = ${event.id} and t.id = p.ticket_id and not t.is_pass`);
  // People waiting for a ticket of the event wait for its first date (a pass waits with none).
  await tx.execute(sql`
    update waiting_list_entries w set date_id = ${event.id}
      from tickets t where t.id = w.ticket_id and t.event_id = ${event.id} and not t.is_pass and w.date_id is null`);
  // A pass let in already was let in on that date: from now on a pass is let in once per date.
  await tx.execute(sql`
    insert into pass_date_entries (participation_id, date_id, entries)
    select p.id, ${event.id}, p.entries_used
      from participations p join tickets t on t.id = p.ticket_id
     where p.event_id = ${event.id} and t.is_pass and p.entries_used > 0 and p.cancelled_at is null`);
}

export async function insertDates(
  tx: Database,
  eventId: string,
  rows: { dateBegin: Date; dateEnd: Date; capacity: number | null; dateMaxRefund: Date | null }[],
): Promise<string[]> {
  if (rows.length === 0) return [];
  const inserted = await tx
    .insert(eventDates)
    .values(rows.map((row) => ({ ...row, eventId })))
    .returning({ id: eventDates.id, dateBegin: eventDates.dateBegin });
  const ids = inserted.sort((a, b) => a.dateBegin.getTime() - b.dateBegin.getTime()).map((row) => row.id);
  // A pass for every date (no dates of its own) covers the new ones too: its places held and sold
  // so far are theirs from the start, read under the tickets' locks (lockEventAndTickets).
  await tx.execute(sql`
    update event_dates d set sold = p.sold, held = p.held
      from (select coalesce(sum(t.sold), 0)::integer as sold, coalesce(sum(t.held), 0)::integer as held
              from tickets t
             where t.event_id = ${eventId} and t.is_pass
               and not exists (select 1 from ticket_dates td where td.ticket_id = t.id)) p
     where d.id = any(${arrayLiteral(ids)}::uuid[])`);
  return ids;
}

/** The event's start and end follow its dates: first start, last end (payouts follow the last end). */
export async function refreshEventSpan(tx: Database, eventId: string): Promise<void> {
  await tx.execute(sql`
    update events e set date_begin = s.first_begin, date_end = s.last_end, updated_at = now()
      from (select coalesce(min(date_begin) filter (where cancelled_at is null), min(date_begin)) as first_begin,
                   coalesce(max(date_end) filter (where cancelled_at is null), max(date_end)) as last_end
              from event_dates where event_id = ${eventId}) s
     where e.id = ${eventId} and s.first_begin is not null`);
}

export async function updateDate(
  tx: Database,
  dateId: string,
  values: Partial<Pick<DateRow, 'dateBegin' | 'dateEnd' | 'capacity' | 'dateMaxRefund'>>,
): Promise<void> {
  if (Object.keys(values).length === 0) return;
  await tx.update(eventDates).set(values).where(eq(eventDates.id, dateId));
}

/** Whether any place was ever taken for the date: held, sold, or a line or a place naming it. */
export async function hasSales(tx: Database, date: DateRow): Promise<boolean> {
  if (date.sold + date.held > 0) return true;
  const [row] = await queryRows<{ sold: boolean }>(
    tx,
    sql`select exists (select 1 from participations where event_id = ${date.eventId} and date_id = ${date.id})
            or exists (select 1 from order_lines l join orders o on o.id = l.order_id
                        where o.event_id = ${date.eventId} and l.date_id = ${date.id}) as sold`,
  );
  return row?.sold === true;
}

export async function deleteDate(tx: Database, dateId: string): Promise<void> {
  // A pass for every date may have been let in on it (the entries keep no foreign key).
  await tx.delete(passDateEntries).where(eq(passDateEntries.dateId, dateId));
  await tx.delete(eventDates).where(eq(eventDates.id, dateId));
}

/** The ticket types' links to dates, for the console and for a ticket's validation. */
export async function findTicketDateIds(db: Database, ticketIds: string[]): Promise<Map<string, string[]>> {
  const byTicket = new Map<string, string[]>();
  if (ticketIds.length === 0) return byTicket;
  const rows = await db
    .select({ ticketId: ticketDates.ticketId, dateId: ticketDates.dateId })
    .from(ticketDates)
    .where(inArray(ticketDates.ticketId, ticketIds));
  for (const row of rows) byTicket.set(row.ticketId, [...(byTicket.get(row.ticketId) ?? []), row.dateId]);
  return byTicket;
}

/** Replaces a ticket's dates and pass flag (an empty list: every date). */
export async function writeTicketDates(
  tx: Database,
  ticketId: string,
  dateIds: string[] | undefined,
  isPass: boolean | undefined,
): Promise<void> {
  if (isPass !== undefined) await tx.execute(sql`update tickets set is_pass = ${isPass} where id = ${ticketId}`);
  if (dateIds === undefined) return;
  await tx.delete(ticketDates).where(eq(ticketDates.ticketId, ticketId));
  if (dateIds.length > 0) await tx.insert(ticketDates).values(dateIds.map((dateId) => ({ ticketId, dateId })));
}
