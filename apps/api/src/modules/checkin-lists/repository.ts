import { and, eq, isNull, sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client';
import { checkinLists, tickets } from '../../db/schema';
import { placeCoversAnyDate, placeCoversDate, placeEntriesOnDate } from '../dates/places-of-date';

export type ListRow = {
  id: string;
  name: string;
  ticketIds: string[];
  dateIds: string[];
  allowReentry: boolean;
  allowCheckout: boolean;
  deletedAt: Date | null;
};

/**
 * Whether list l admits the dates of place p (ticket t) (issue 32): a list of some dates admits a
 * place bought for one of them and a pass covering one; a list of no date, every place.
 */
const admitsDates = sql`(cardinality(l.date_ids) = 0 or ${placeCoversAnyDate(sql`l.date_ids`)})`;

const columns = {
  id: checkinLists.id,
  name: checkinLists.name,
  ticketIds: checkinLists.ticketIds,
  dateIds: checkinLists.dateIds,
  allowReentry: checkinLists.allowReentry,
  allowCheckout: checkinLists.allowCheckout,
  deletedAt: checkinLists.deletedAt,
};

/** The event's live lists, oldest first, with their people inside and the places that came in. */
export function findLists(db: Database, eventId: string) {
  return queryRows<Omit<ListRow, 'deletedAt'> & { inside: number; entered: number }>(
    db,
    sql`select l.id, l.name, l.ticket_ids::text[] as "ticketIds", l.date_ids::text[] as "dateIds", l.allow_reentry as "allowReentry",
               l.allow_checkout as "allowCheckout",
               coalesce((select sum(e.inside) from checkin_list_entries e where e.list_id = l.id), 0)::integer as inside,
               (select count(*) from checkin_list_entries e where e.list_id = l.id and e.entries > 0)::integer as entered
          from checkin_lists l
         where l.event_id = ${eventId} and l.deleted_at is null
         order by l.created_at, l.id`,
  );
}

/**
 * The whole event's figures (the implicit list): places in, and live places. On an event of
 * several dates (issue 32), those of the date the door lets in at `now` (guichet_event_date_at),
 * as its scans without a list are: the door counts tonight's people, a pass once.
 */
export async function findEventPresence(db: Database, eventId: string, now: Date) {
  const [row] = await queryRows<{ inside: number; total: number }>(
    db,
    sql`with d as (select guichet_event_date_at(${eventId}, ${now.toISOString()}::timestamptz) as id)
        select coalesce(sum(case when d.id is null then p.entries_used else ${placeEntriesOnDate(sql`d.id`)} end), 0)::integer as inside,
               coalesce(sum(p.quantity), 0)::integer as total
          from d, participations p
          join tickets t on t.id = p.ticket_id
         where p.event_id = ${eventId} and p.cancelled_at is null
           and (d.id is null or ${placeCoversDate(sql`d.id`)})`,
  );
  return row ?? { inside: 0, total: 0 };
}

/** A list of the event, deleted ones included (an offline queue made on it is still recorded). */
export async function findList(db: Database, eventId: string, listId: string): Promise<ListRow | undefined> {
  const [row] = await db
    .select(columns)
    .from(checkinLists)
    .where(and(eq(checkinLists.id, listId), eq(checkinLists.eventId, eventId)));
  return row;
}

/** Of these ticket ids, those of the event. */
export async function findEventTicketIds(db: Database, eventId: string, ticketIds: string[]): Promise<Set<string>> {
  if (ticketIds.length === 0) return new Set();
  const rows = await db.select({ id: tickets.id }).from(tickets).where(eq(tickets.eventId, eventId));
  const wanted = new Set(ticketIds);
  return new Set(rows.map((row) => row.id).filter((id) => wanted.has(id)));
}

export async function insertList(
  db: Database,
  values: {
    eventId: string;
    name: string;
    ticketIds: string[];
    dateIds: string[];
    allowReentry: boolean;
    allowCheckout: boolean;
  },
): Promise<string> {
  const [row] = await db.insert(checkinLists).values(values).returning({ id: checkinLists.id });
  if (!row) throw new Error('the list was not inserted');
  return row.id;
}

export async function updateList(
  db: Database,
  listId: string,
  values: { name: string; ticketIds: string[]; dateIds: string[]; allowReentry: boolean; allowCheckout: boolean },
): Promise<void> {
  await db.update(checkinLists).set(values).where(eq(checkinLists.id, listId));
}

export async function softDeleteList(db: Database, listId: string, at: Date): Promise<void> {
  await db
    .update(checkinLists)
    .set({ deletedAt: at })
    .where(and(eq(checkinLists.id, listId), isNull(checkinLists.deletedAt)));
}

/** The names of the event's live lists that admit a place's ticket (or the ticket its option belongs to). */
export async function findValidListNames(db: Database, eventId: string, participationId: string): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`select l.name from checkin_lists l
          join participations p on p.id = ${participationId}
          join tickets t on t.id = p.ticket_id
         where l.event_id = ${eventId} and l.deleted_at is null
           and (t.id = any(l.ticket_ids) or t.parent_id = any(l.ticket_ids)) and ${admitsDates}
         order by l.created_at, l.id`,
  );
  return rows.map((row) => row.name);
}

/**
 * A list's manifest figures: per live place of the event, whether the list admits it, its
 * entries and people inside on the list, and the lists where it is valid.
 */
export function findListPlaces(db: Database, eventId: string, listId: string) {
  return queryRows<{ id: string; isOnList: boolean; entries: number; inside: number; validLists: string[] }>(
    db,
    sql`with lists as (select id, name, ticket_ids, date_ids, created_at from checkin_lists
                        where event_id = ${eventId} and deleted_at is null)
        select p.id, ((t.id = any(l.ticket_ids) or coalesce(t.parent_id = any(l.ticket_ids), false))
                      and ${admitsDates}) as "isOnList",
               coalesce(e.entries, 0)::integer as entries, coalesce(e.inside, 0)::integer as inside,
               array(select l.name from lists l where (t.id = any(l.ticket_ids) or t.parent_id = any(l.ticket_ids))
                                                  and ${admitsDates}
                      order by l.created_at, l.id) as "validLists"
          from participations p
          join tickets t on t.id = p.ticket_id
          join checkin_lists l on l.id = ${listId}
          left join checkin_list_entries e on e.list_id = l.id and e.participation_id = p.id
         where p.event_id = ${eventId} and p.cancelled_at is null`,
  );
}
