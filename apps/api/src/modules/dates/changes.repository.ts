import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client';
import { placeCoversDate } from './places-of-date';

/**
 * A live place for one date of a multi-date event, as moving or cancelling that date needs it:
 * a place bought for the date, or a pass covering it, with what one place cost and who bought it.
 */
export type DatePlace = {
  participationId: string;
  orderId: string | null;
  userId: string | null;
  ticketId: string;
  isPass: boolean;
  quantity: number;
  entriesUsed: number;
  unitPriceCents: number;
  discountPercent: number | null;
  provider: 'free' | 'sandbox' | 'etransactions' | 'stripe' | 'onsite' | null;
  transactionId: string | null;
  /** The dates the pass covers (its links, else every date of the event); 1 for a dated place. */
  coveredDates: number;
  email: string | null;
  firstName: string | null;
};

const placeColumns = sql`p.id as "participationId", p.order_id as "orderId", p.user_id as "userId",
       p.ticket_id as "ticketId", t.is_pass as "isPass", p.quantity, p.entries_used as "entriesUsed",
       coalesce(l.unit_price_cents, t.price_cents) as "unitPriceCents", o.discount_percent as "discountPercent",
       o.provider, o.transaction_id as "transactionId",
       case when not t.is_pass then 1
            else coalesce(nullif((select count(*) from ticket_dates c where c.ticket_id = t.id), 0),
                          (select count(*) from event_dates c where c.event_id = p.event_id))::int end as "coveredDates",
       coalesce(o.buyer_email, u.email) as email, coalesce(o.buyer_first_name, u.first_name) as "firstName"`;

const placeJoins = sql`join tickets t on t.id = p.ticket_id
  left join orders o on o.id = p.order_id
  left join users u on u.id = p.user_id
  left join lateral (select unit_price_cents from order_lines
                      where order_id = p.order_id and ticket_id = p.ticket_id and is_gift = p.is_gift
                      order by date_id is not distinct from p.date_id desc limit 1) l on true`;

/** Whether the place (participation p, ticket t) is for the date: bought for it, or a pass covering it. */
const coversDate = (dateId: string | null) => placeCoversDate(sql`${dateId}::uuid`);

/**
 * The live places of the date (a paid order's, an invitation's), in id order, locked when `lock`:
 * a cancellation ends them in its transaction. An unpaid order's places are not live yet.
 */
export function findDatePlaces(db: Database, eventId: string, dateId: string, lock = false): Promise<DatePlace[]> {
  return queryRows<DatePlace>(
    db,
    sql`select ${placeColumns}
          from participations p ${placeJoins}
         where p.event_id = ${eventId} and p.cancelled_at is null and ${coversDate(dateId)}
           and (p.order_id is null or o.status = 'paid')
         order by p.id
         ${lock ? sql`for update of p` : sql``}`,
  );
}

/**
 * The places bought for the date and resold before it was cancelled (docs/decisions.md, "Resale"):
 * the sellers' cancelled places whose resale kept a fee, in id order, with that fee; the seller's
 * order paid. A pass's resale is not a date's (it has no date of its own).
 */
export function findResoldPlaces(
  db: Database,
  eventId: string,
  dateId: string,
): Promise<(DatePlace & { feeCents: number })[]> {
  return queryRows<DatePlace & { feeCents: number }>(
    db,
    sql`select ${placeColumns}, s.fee_cents as "feeCents"
          from participations p ${placeJoins}
          join resale_listings s on s.participation_id = p.id
         where s.event_id = ${eventId} and s.status = 'sold' and s.fee_cents > 0
           and p.date_id = ${dateId} and o.status = 'paid'
         order by p.id`,
  );
}

/** One of the user's live places, locked, with whether it is for the date. */
export async function lockOwnPlace(
  tx: Database,
  participationId: string,
  userId: string,
  dateId: string | null,
): Promise<(DatePlace & { eventId: string; eventTitle: string; isForDate: boolean }) | undefined> {
  const [row] = await queryRows<DatePlace & { eventId: string; eventTitle: string; isForDate: boolean }>(
    tx,
    sql`select ${placeColumns}, p.event_id as "eventId", e.title as "eventTitle", coalesce(${coversDate(dateId)}, false) as "isForDate"
          from participations p ${placeJoins}
          join events e on e.id = p.event_id
         where p.id = ${participationId} and p.user_id = ${userId} and p.cancelled_at is null
           and (p.order_id is null or o.status = 'paid')
         for update of p`,
  );
  return row;
}

/** The date of a live place bought for one date (null for a pass or a one-date event's place). */
export async function findPlaceDateId(db: Database, participationId: string): Promise<string | null> {
  const [row] = await queryRows<{ dateId: string | null }>(
    db,
    sql`select date_id as "dateId" from participations where id = ${participationId}`,
  );
  return row?.dateId ?? null;
}

/** A date's move: its new span, and its former start kept (the first one, if moved twice). */
export async function moveDate(tx: Database, dateId: string, span: { dateBegin: Date; dateEnd: Date }) {
  await tx.execute(sql`
    update event_dates set moved_from = coalesce(moved_from, date_begin),
           date_begin = ${span.dateBegin.toISOString()}::timestamptz, date_end = ${span.dateEnd.toISOString()}::timestamptz
     where id = ${dateId}`);
}

export async function markDateCancelled(tx: Database, dateId: string, at: Date, message: string) {
  await tx.execute(sql`
    update event_dates set cancelled_at = ${at.toISOString()}::timestamptz, cancellation_message = ${message}
     where id = ${dateId}`);
}

/** Whether the participation was refunded already for that date (a pass once per date). */
export async function hasDateRefund(tx: Database, participationId: string, dateId: string): Promise<boolean> {
  const [row] = await queryRows<{ found: boolean }>(
    tx,
    sql`select exists (select 1 from refunds where participation_id = ${participationId} and date_id = ${dateId}
                         and cause in ('date_cancelled', 'date_moved') and status <> 'refused') as found`,
  );
  return row?.found === true;
}
