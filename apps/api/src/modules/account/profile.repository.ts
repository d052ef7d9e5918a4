import type { PlaceDate } from '@guichet/shared';
import { and, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { isoTimestamp } from '../../db/iso-timestamp';
import { events, orders, participations, tickets, users } from '../../db/schema';
import { placeCoversDate } from '../dates/places-of-date';
import { withEventAndTicket } from '../participations/with-ticket.repository';

export type SessionUser = typeof users.$inferSelect;

/**
 * The counts of a profile, computed from the rows on every read so that they can never
 * drift from the follows and events they count, even under concurrent writes.
 * Aliases are explicit: drizzle leaves columns unqualified in single-table selects.
 */
function profileCounts(userId: string) {
  return {
    nbFollowers: sql<number>`(select count(*)::int from follows f where f.followed_id = ${userId})`,
    nbFollows: sql<number>`(select count(*)::int from follows f where f.follower_id = ${userId})`,
    // The organised-events list shows public events only, to everyone: so does its count.
    nbOrganizedEvents: sql<number>`(select count(*)::int from events e where e.organizer_id = ${userId}
      and e.deleted_at is null and e.is_public)`,
  };
}

/** A live (not deleted) user with the counts of their profile. */
export async function findProfile(db: Database, userId: string, viewerId: string | null) {
  const [row] = await db
    .select({
      user: users,
      ...profileCounts(userId),
      isFollowedByMe: viewerId
        ? sql<boolean>`exists(select 1 from follows f where f.follower_id = ${viewerId} and f.followed_id = ${userId})`
        : sql<boolean>`false`,
    })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .limit(1);
  return row;
}

export async function findLiveUser(db: Database, userId: string): Promise<SessionUser | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .limit(1);
  return row;
}

/** Records a new image key and returns the one it replaces, under a row lock so none is orphaned. */
export async function replaceImagePath(
  db: Database,
  userId: string,
  column: 'photoPath' | 'bannerPath',
  key: string,
): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ path: users[column] })
      .from(users)
      .where(eq(users.id, userId))
      .for('no key update');
    await tx
      .update(users)
      .set({ [column]: key })
      .where(eq(users.id, userId));
    return current?.path ?? null;
  });
}

/**
 * The user's live tickets (participations not cancelled, one per place) and those they resold,
 * newest event first, then by number; the holder's names are the place's holder's, else the
 * buyer's of the order, else the account's.
 */
export function findParticipations(db: Database, userId: string, now: Date) {
  return (
    withEventAndTicket(
      db
        .select({
          id: participations.id,
          eventId: events.id,
          eventTitle: events.title,
          // A place bought for one date of several (issue 32) is for that date's times.
          dateBegin: sql<
            Date | string
          >`coalesce((select d.date_begin from event_dates d where d.id = ${participations.dateId}), ${events.dateBegin})`,
          dateEnd: sql<
            Date | string
          >`coalesce((select d.date_end from event_dates d where d.id = ${participations.dateId}), ${events.dateEnd})`,
          dateMaxRefund: events.dateMaxRefund,
          dateId: participations.dateId,
          // The dates it admits to: its own, or a pass's (its links, else every date); none for a one-date event.
          dates: sql<PlaceDate[]>`(
          select coalesce(json_agg(json_build_object(
                   'id', d.id, 'dateBegin', ${isoTimestamp('d.date_begin')}, 'dateEnd', ${isoTimestamp('d.date_end')},
                   'movedFrom', ${isoTimestamp('d.moved_from')}, 'isCancelled', d.cancelled_at is not null)
                   order by d.date_begin), '[]'::json)
            from event_dates d
           where d.event_id = ${participations.eventId}
             and ${placeCoversDate(sql`d.id`, { place: 'participations', ticket: 'tickets' })})`,
          ticketId: tickets.id,
          ticketTitle: tickets.title,
          quantity: participations.quantity,
          bannerPath: events.bannerPath,
          // The place's holder; else the order's buyer, who names only their own places (a place
          // transferred to someone is theirs); else the account's.
          firstName: sql<string>`coalesce(${participations.holderFirstName}, case when ${orders.userId} = ${participations.userId} then ${orders.buyerFirstName} end, ${users.firstName})`,
          lastName: sql<string>`coalesce(${participations.holderLastName}, case when ${orders.userId} = ${participations.userId} then ${orders.buyerLastName} end, ${users.lastName})`,
          isNamed: events.isNamedTickets,
          holdersEditableUntil: sql<Date | string>`coalesce(${events.holdersEditableUntil}, ${events.dateBegin})`,
          hasQuestions: sql<boolean>`exists (select 1 from event_questions q where q.event_id = ${events.id})`,
          isGift: participations.isGift,
          refundPlaces: participations.refundPlaces,
          refundRequestedAt: participations.refundRequestedAt,
          orderId: participations.orderId,
          orderReference: orders.reference,
          firstTicketNumber: participations.firstTicketNumber,
          // The transfer its holder sent and nobody accepted yet (transfers/, one pending at most).
          pendingTransfer: sql<{ id: string; toEmail: string; expiresAt: string } | null>`(
          select json_build_object('id', x.id, 'toEmail', x.to_email,
                                   'expiresAt', to_char(x.expires_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
            from ticket_transfers x
           where x.participation_id = ${participations.id} and x.status = 'pending'
             and x.expires_at > ${now.toISOString()}::timestamptz)`,
          // What a resale would refund (resale/): the order line's price, the order's discount, the
          // event's rules; the service decides whether it is offered.
          unitPriceCents: sql<number>`coalesce((select l.unit_price_cents from order_lines l
          where l.order_id = ${participations.orderId} and l.ticket_id = ${participations.ticketId}
            and l.is_gift = ${participations.isGift} and ${orders.status} = 'paid' limit 1), 0)`,
          discountPercent: orders.discountPercent,
          resaleAllowed: events.resaleAllowed,
          resaleDeadline: events.resaleDeadline,
          resaleFeeCents: events.resaleFeeCents,
          // Its resale (resale/): the live listing, or the sale that ended the place.
          resale: sql<{ status: 'listed' | 'sold'; priceCents: number; feeCents: number } | null>`(
        select json_build_object('status', r.status, 'priceCents', r.price_cents, 'feeCents', r.fee_cents)
          from resale_listings r
         where r.participation_id = ${participations.id} and r.status in ('listed', 'sold')
         limit 1)`,
        })
        .from(participations)
        .$dynamic(),
    )
      .innerJoin(users, eq(users.id, participations.userId))
      .leftJoin(orders, eq(orders.id, participations.orderId))
      // A place resold stays on the seller's list as 'Revendu', with its refund and credit note.
      .where(
        and(
          eq(participations.userId, userId),
          or(
            isNull(participations.cancelledAt),
            sql`exists (select 1 from resale_listings r where r.participation_id = ${participations.id} and r.status = 'sold')`,
          ),
        ),
      )
      .orderBy(
        desc(events.dateBegin),
        desc(participations.createdAt),
        sql`${participations.firstTicketNumber} nulls last`,
        participations.id,
      )
  );
}
