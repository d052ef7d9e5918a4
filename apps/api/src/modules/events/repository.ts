import type { PriceFilter } from '@guichet/shared';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client';
import { events, eventTypes, shareLinks, ticketGifts, tickets, users } from '../../db/schema';

const priceCondition: Record<PriceFilter, ReturnType<typeof sql>> = {
  all: sql`true`,
  paid: sql`coalesce(p.max_price, 0) > 0`,
  free: sql`coalesce(p.max_price, 0) = 0`,
};

/**
 * Which events a list shows: public ones, and for a logged-in viewer the private events they
 * organise or hold a ticket for (docs/decisions.md, "Private events in the list").
 */
function listedFor(alias: string, viewerId: string | null) {
  const e = sql.raw(alias);
  if (!viewerId) return sql`${e}.is_public`;
  return sql`(${e}.is_public or ${e}.organizer_id = ${viewerId}
              or exists(select 1 from participations lp where lp.event_id = ${e}.id and lp.user_id = ${viewerId}
                           and lp.cancelled_at is null))`;
}

/**
 * The listing, serialised to JSON by PostgreSQL in one round trip: this is the busiest read of
 * the site, and it never writes. Without a viewer it is the same for everyone.
 */
export async function findListedEventsJson(
  db: Database,
  price: PriceFilter,
  now: Date,
  viewerId: string | null = null,
): Promise<string> {
  const rows = await queryRows<{ body: string }>(
    db,
    sql`
    select coalesce(json_agg(x order by x."dateBegin", x.id), '[]')::text as body from (
      select e.id,
             e.title,
             t.label as "type",
             to_char(e.date_begin at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "dateBegin",
             to_char(e.date_end at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "dateEnd",
             coalesce(p.min_price, 0) as "minPriceCents",
             coalesce(p.max_price, 0) = 0 as "isFree",
             e.is_public as "isPublic",
             e.organizer_id as "organizerId",
             u.first_name || ' ' || u.last_name as "organizerName",
             case when e.banner_path is null then null else '/api/images/' || e.banner_path end as "bannerUrl"
        from events e
        join users u on u.id = e.organizer_id
        left join event_types t on t.id = e.type_id
        left join (
          select k.event_id, min(k.price_cents) as min_price, max(k.price_cents) as max_price
            from tickets k
            join events ke on ke.id = k.event_id
           where not k.is_hidden and k.deleted_at is null
             and ${listedFor('ke', viewerId)} and ke.deleted_at is null and ke.date_end >= ${now.toISOString()}::timestamptz
           group by k.event_id
        ) p on p.event_id = e.id
       where ${listedFor('e', viewerId)} and e.deleted_at is null and e.date_end >= ${now.toISOString()}::timestamptz
         and e.cancelled_at is null and ${priceCondition[price]}
    ) x`,
  );
  return rows[0]?.body ?? '[]';
}

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

/** Places held by orders whose deadline passed but that nobody reclaimed yet, per ticket: free for readers. */
export async function expiredHeldByTicket(db: Database, eventId: string, now: Date): Promise<Map<string, number>> {
  const rows = await queryRows<{ ticket_id: string; quantity: number }>(
    db,
    sql`select l.ticket_id, sum(l.quantity)::int as quantity
          from orders o join order_lines l on l.order_id = o.id
         where o.event_id = ${eventId} and o.status = 'awaiting_payment' and o.expires_at <= ${now.toISOString()}::timestamptz
         group by l.ticket_id`,
  );
  return new Map(rows.map((row) => [row.ticket_id, row.quantity]));
}
