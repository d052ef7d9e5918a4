import type { ResaleHistoryItem } from '@guichet/shared';
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client';
import { isoTimestamp } from '../../db/iso-timestamp';
import { resaleListings } from '../../db/schema';
import { findHandOnInProgress, type HandOnInProgress } from '../participations/place.repository';

/** A holder's place as a resale decides on it, locked until the transaction ends. */
export type PlaceToResell = HandOnInProgress & {
  id: string;
  eventId: string;
  ticketId: string;
  /** The place's date (issue 32); none for a pass and for a one-date event. */
  dateId: string | null;
  userId: string;
  orderId: string | null;
  quantity: number;
  isGift: boolean;
  entriesUsed: number;
  isLive: boolean;
  isRevokedInvitation: boolean;
  isRefundRequested: boolean;
  isEventOver: boolean;
  unitPriceCents: number;
  discountPercent: number | null;
  provider: string | null;
  transactionId: string | null;
  resaleAllowed: boolean;
  resaleDeadline: string | null;
  resaleFeeCents: number;
};

/**
 * The participation, what it cost (its order line's unit price, the order's discount) and what
 * its event says of resale, the participation's row locked: a resale, its withdrawal, its sale,
 * a transfer, a scan's entry and a refund of the same place queue on it.
 */
export async function lockPlace(tx: Database, participationId: string, now: Date): Promise<PlaceToResell | undefined> {
  const [row] = await queryRows<Omit<PlaceToResell, keyof HandOnInProgress>>(
    tx,
    sql`select p.id, p.event_id as "eventId", p.ticket_id as "ticketId", p.date_id as "dateId", p.user_id as "userId",
               p.order_id as "orderId", p.quantity, p.is_gift as "isGift", p.entries_used as "entriesUsed",
               (p.cancelled_at is null and p.transferred_at is null) as "isLive",
               (p.source = 'invitation' and p.cancelled_at is not null and p.transferred_at is null) as "isRevokedInvitation",
               (p.refund_requested_at is not null) as "isRefundRequested",
               (e.cancelled_at is not null or e.deleted_at is not null
                or e.date_end <= ${now.toISOString()}::timestamptz) as "isEventOver",
               coalesce(l.unit_price_cents, 0) as "unitPriceCents",
               o.discount_percent as "discountPercent", o.provider, o.transaction_id as "transactionId",
               e.resale_allowed as "resaleAllowed", ${isoTimestamp('e.resale_deadline')} as "resaleDeadline",
               e.resale_fee_cents as "resaleFeeCents"
          from participations p
          join events e on e.id = p.event_id
          left join orders o on o.id = p.order_id and o.status = 'paid'
          left join lateral (select unit_price_cents from order_lines
                              where order_id = p.order_id and ticket_id = p.ticket_id and is_gift = p.is_gift
                              order by date_id is not distinct from p.date_id desc limit 1) l on o.id is not null
         where p.id = ${participationId}
         for update of p`,
  );
  if (!row) return undefined;
  return { ...row, ...(await findHandOnInProgress(tx, participationId, now)) };
}

/** Lists the place: empty when it is listed already (the partial unique index). */
export async function insertListing(tx: Database, values: typeof resaleListings.$inferInsert): Promise<string> {
  const [row] = await tx
    .insert(resaleListings)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: resaleListings.id });
  return row?.id ?? '';
}

/** The place's live listing, locked. */
export async function lockLiveListing(tx: Database, participationId: string) {
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`select id from resale_listings where participation_id = ${participationId} and status = 'listed' for update`,
  );
  return row;
}

export async function endListing(tx: Database, id: string, at: Date): Promise<void> {
  await queryRows(
    tx,
    sql`update resale_listings set status = 'withdrawn', ended_at = ${at.toISOString()}::timestamptz where id = ${id}`,
  );
}

/**
 * A new place sold, locked: the sale of a listing queues on it, so that a job run twice sells
 * once. Its listings sold are counted by a statement of their own once the lock is granted: one
 * in the locking statement would read the snapshot taken before the wait, missing the sale of
 * the run it waited for.
 */
export async function lockBuyerPlace(tx: Database, participationId: string) {
  const [row] = await queryRows<{ id: string; ticketId: string; dateId: string | null; quantity: number }>(
    tx,
    sql`select p.id, p.ticket_id as "ticketId", p.date_id as "dateId", p.quantity
          from participations p where p.id = ${participationId} and p.cancelled_at is null
         for update of p`,
  );
  if (!row) return undefined;
  const [count] = await queryRows<{ sold: number }>(
    tx,
    sql`select count(*)::int as sold from resale_listings where buyer_participation_id = ${participationId}`,
  );
  return { ...row, sold: count?.sold ?? 0 };
}

export type ListingToSell = {
  id: string;
  eventId: string;
  participationId: string;
  priceCents: number;
  feeCents: number;
};

/**
 * The ticket's oldest live listing for the same date (issue 32: a place of another date is not
 * the one sold), locked; one another sale holds is skipped.
 */
export async function lockOldestListing(
  tx: Database,
  place: { ticketId: string; dateId: string | null },
): Promise<ListingToSell | undefined> {
  const [row] = await queryRows<ListingToSell>(
    tx,
    sql`select l.id, l.event_id as "eventId", l.participation_id as "participationId", l.price_cents as "priceCents",
               l.fee_cents as "feeCents"
          from resale_listings l join participations p on p.id = l.participation_id
         where l.ticket_id = ${place.ticketId} and l.status = 'listed' and p.date_id is not distinct from ${place.dateId}::uuid
         order by l.created_at, l.id
         limit 1
         for update of l skip locked`,
  );
  return row;
}

export async function markSold(
  tx: Database,
  id: string,
  values: { buyerParticipationId: string; refundId: string | null; at: Date },
): Promise<void> {
  await queryRows(
    tx,
    sql`update resale_listings set status = 'sold', buyer_participation_id = ${values.buyerParticipationId},
               refund_id = ${values.refundId}, ended_at = ${values.at.toISOString()}::timestamptz
         where id = ${id}`,
  );
}

/** Every resale of a place of the event, oldest first, as the organiser's participant detail shows them. */
export function findHistory(db: Database, eventId: string, participationId: string) {
  return queryRows<ResaleHistoryItem>(
    db,
    sql`select r.id, r.status, u.email as "sellerEmail", r.price_cents as "priceCents", r.fee_cents as "feeCents",
               ${isoTimestamp('r.created_at')} as "createdAt", ${isoTimestamp('r.ended_at')} as "endedAt"
          from resale_listings r
          join users u on u.id = r.seller_id
         where r.event_id = ${eventId}
           and (r.participation_id = ${participationId} or r.buyer_participation_id = ${participationId})
         order by r.created_at, r.id`,
  );
}
