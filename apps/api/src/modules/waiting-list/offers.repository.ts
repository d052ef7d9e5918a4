import { sql } from 'drizzle-orm';
import { arrayLiteral } from '../../db/array-literal';
import { type Database, queryRows } from '../../db/client';
import { isoTimestamp } from '../../db/iso-timestamp';

export type OfferEventRow = {
  id: string;
  title: string;
  dateEnd: Date;
  isSaleOpen: boolean;
  offerHours: number | null;
  paymentProvider: 'sandbox' | 'etransactions' | 'stripe';
  isUserPaysFees: boolean;
};

/** What an offer of the event's places reads of it. */
export async function findOfferEvent(db: Database, eventId: string, now: Date): Promise<OfferEventRow | undefined> {
  const [row] = await queryRows<OfferEventRow & { dateEnd: Date | string }>(
    db,
    sql`select id, title, date_end as "dateEnd", waiting_list_offer_hours as "offerHours",
               payment_provider as "paymentProvider", is_user_pays_fees as "isUserPaysFees",
               (is_open and cancelled_at is null and deleted_at is null
                and date_end > ${now.toISOString()}::timestamptz) as "isSaleOpen"
          from events where id = ${eventId}`,
  );
  return row && { ...row, dateEnd: new Date(row.dateEnd) };
}

/** A line someone waits in: a ticket's, or one date's of it (issue 32), with that date's start. */
export type WaitedLine = {
  id: string;
  title: string;
  priceCents: number;
  dateId: string | null;
  dateBegin: string | null;
};

/** The event's lines someone waits in, in the page's order, a ticket's dates in date order. */
export function findTicketsWithWaiting(db: Database, eventId: string): Promise<WaitedLine[]> {
  return queryRows(
    db,
    sql`select t.id, coalesce(h.title || ' — ' || t.title, t.title) as title, t.price_cents as "priceCents",
               w.date_id as "dateId", ${isoTimestamp('d.date_begin')} as "dateBegin"
          from tickets t left join tickets h on h.id = t.parent_id
          join lateral (select distinct date_id from waiting_list_entries w
                         where w.ticket_id = t.id and w.status = 'waiting') w on true
          left join event_dates d on d.id = w.date_id
         where t.event_id = ${eventId} and t.deleted_at is null
         order by coalesce(h.position, t.position), t.position, t.created_at, d.date_begin nulls first`,
  );
}

export type Buyer = { id: string; email: string; firstName: string; lastName: string; birthDate: string };

export function findBuyers(db: Database, userIds: string[]): Promise<Buyer[]> {
  return queryRows<Buyer>(
    db,
    sql`select id, email, first_name as "firstName", last_name as "lastName", birth_date::text as "birthDate"
          from users where id = any(${arrayLiteral(userIds)}::uuid[])`,
  );
}

/** The entries picked for offers, in one statement: each one's places, link (hashed) and order; their deadline. */
export async function markOffered(
  tx: Database,
  offers: { entryId: string; quantity: number; tokenHash: string; orderId: string }[],
  expiresAt: Date,
) {
  if (offers.length === 0) return;
  const list = arrayLiteral;
  await tx.execute(
    sql`update waiting_list_entries w
           set status = 'offered', offered_quantity = o.quantity, offered_at = now(),
               offer_expires_at = ${expiresAt.toISOString()}::timestamptz,
               offer_token_hash = o.token_hash, offer_order_id = o.order_id
          from unnest(${list(offers.map((o) => o.entryId))}::uuid[], ${list(offers.map((o) => o.quantity))}::int[],
                      ${list(offers.map((o) => o.tokenHash))}::text[], ${list(offers.map((o) => o.orderId))}::uuid[])
               as o(entry_id, quantity, token_hash, order_id)
         where w.id = o.entry_id`,
  );
}

export type OfferRow = {
  entryId: string;
  userId: string;
  orderId: string;
  eventId: string;
  eventTitle: string;
  ticketTitle: string;
  quantity: number;
  totalCents: number;
  expiresAt: string;
  /** The date offered (issue 32), null for a pass's or a one-date event's offer. */
  dateBegin: string | null;
};

/** The offer a link names (by its token's hash), whatever became of it. */
export async function findOfferByTokenHash(db: Database, tokenHash: string): Promise<OfferRow | undefined> {
  const [row] = await queryRows<OfferRow>(
    db,
    sql`select w.id as "entryId", w.user_id as "userId", w.offer_order_id as "orderId", w.event_id as "eventId",
               e.title as "eventTitle", coalesce(h.title || ' — ' || t.title, t.title) as "ticketTitle",
               w.offered_quantity as quantity, o.total_cents as "totalCents",
               ${isoTimestamp('w.offer_expires_at')} as "expiresAt",
               (select ${isoTimestamp('d.date_begin')} from event_dates d where d.id = w.date_id) as "dateBegin"
          from waiting_list_entries w
          join events e on e.id = w.event_id
          join tickets t on t.id = w.ticket_id
          left join tickets h on h.id = t.parent_id
          join orders o on o.id = w.offer_order_id
         where w.offer_token_hash = ${tokenHash}`,
  );
  return row;
}

/**
 * The offer's link opened: its places are the person's payment hold. The entry becomes `converted`
 * once that order is paid, `expired` if the hold ends unpaid (orders_waiting_list_outcome).
 */
export async function markAccepted(tx: Database, orderId: string, now: Date) {
  await tx.execute(
    sql`update waiting_list_entries set status = 'accepted', accepted_at = ${now.toISOString()}::timestamptz
         where offer_order_id = ${orderId} and status = 'offered'`,
  );
}

/** Offers that ended before their link was opened: unused by their deadline, or given up. */
export async function markEntriesByOrder(tx: Database, orderIds: string[], status: 'expired' | 'left', now: Date) {
  await tx.execute(
    sql`update waiting_list_entries set status = ${status}, ended_at = ${now.toISOString()}::timestamptz
         where offer_order_id = any(${arrayLiteral(orderIds)}::uuid[]) and status = 'offered'`,
  );
}
