import type { PriceFilter } from '@guichet/shared';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client';
import { events, eventTypes, participations, shareLinks, ticketGifts, tickets, users } from '../../db/schema';

const priceCondition: Record<PriceFilter, ReturnType<typeof sql>> = {
  all: sql`true`,
  paid: sql`coalesce(p.max_price, 0) > 0`,
  free: sql`coalesce(p.max_price, 0) = 0`,
};

/**
 * The public listing, serialised to JSON by PostgreSQL in one round trip: this is the
 * busiest read of the site, and it never writes.
 */
export async function findPublicEventsJson(db: Database, price: PriceFilter, now: Date): Promise<string> {
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
             and ke.is_public and ke.deleted_at is null and ke.date_end >= ${now.toISOString()}::timestamptz
           group by k.event_id
        ) p on p.event_id = e.id
       where e.is_public and e.deleted_at is null and e.date_end >= ${now.toISOString()}::timestamptz
         and ${priceCondition[price]}
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

export async function isParticipant(db: Database, eventId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: participations.id })
    .from(participations)
    .where(
      and(eq(participations.eventId, eventId), eq(participations.userId, userId), isNull(participations.cancelledAt)),
    )
    .limit(1);
  return Boolean(row);
}

export function findEventTypes(db: Database) {
  return db.select().from(eventTypes).orderBy(asc(eventTypes.position), asc(eventTypes.label));
}

export async function findShareLink(db: Database, eventId: string, key: string) {
  return db.query.shareLinks.findFirst({ where: and(eq(shareLinks.eventId, eventId), eq(shareLinks.key, key)) });
}
