import { and, eq, inArray, lt, or, sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client';
import { events, orders, refunds } from '../../db/schema';

export type RefundRow = typeof refunds.$inferSelect;
type NewRefund = Omit<typeof refunds.$inferInsert, 'id' | 'createdAt'>;

/** A holder's request as the organiser decides it: the participation, what it cost, who holds it. */
export type RequestedParticipation = {
  id: string;
  eventId: string;
  orderId: string | null;
  quantity: number;
  entriesUsed: number;
  refundPlaces: number;
  refundRequestedAt: Date | null;
  cancelledAt: Date | null;
  unitPriceCents: number;
  discountPercent: number | null;
  provider: RefundRow['provider'];
  transactionId: string | null;
};

// What one place of participation p (ticket t) cost: its order line's unit price, else the ticket's.
const unitPriceJoin = sql`left join lateral (select unit_price_cents from order_lines
                              where order_id = p.order_id and ticket_id = p.ticket_id and is_gift = p.is_gift
                              order by date_id is not distinct from p.date_id desc limit 1) l on true`;
const unitPriceCents = sql`coalesce(l.unit_price_cents, t.price_cents) as "unitPriceCents"`;

/** One participation of the event, locked to the end of `tx` (decisions on it queue one after the other). */
export async function lockParticipationOfEvent(
  tx: Database,
  eventId: string,
  participationId: string,
): Promise<RequestedParticipation | undefined> {
  const [row] = await queryRows<RequestedParticipation>(
    tx,
    sql`select p.id, p.event_id as "eventId", p.order_id as "orderId", p.quantity, p.entries_used as "entriesUsed",
               p.refund_places as "refundPlaces", p.refund_requested_at as "refundRequestedAt",
               p.cancelled_at as "cancelledAt",
               ${unitPriceCents},
               o.discount_percent as "discountPercent", o.provider, o.transaction_id as "transactionId"
          from participations p
          join tickets t on t.id = p.ticket_id
          left join orders o on o.id = p.order_id
          ${unitPriceJoin}
         where p.id = ${participationId} and p.event_id = ${eventId}
         for update of p`,
  );
  return row;
}

/** Writes a refund unless one of its kind exists already for that participation or order. */
export async function insertRefund(tx: Database, values: NewRefund): Promise<RefundRow | undefined> {
  const [row] = await tx.insert(refunds).values(values).onConflictDoNothing().returning();
  return row;
}

export function findRequestRefund(db: Database, participationId: string): Promise<RefundRow | undefined> {
  return db.query.refunds.findFirst({
    where: and(eq(refunds.participationId, participationId), eq(refunds.cause, 'request')),
  });
}

export function findRefund(db: Database, id: string): Promise<RefundRow | undefined> {
  return db.query.refunds.findFirst({ where: eq(refunds.id, id) });
}

/** A refund still to make, one that failed, or one left 'refunding' by a process cut off before `staleBefore`. */
const isToCarryOut = (staleBefore: Date) =>
  or(
    inArray(refunds.status, ['pending', 'failed']),
    and(eq(refunds.status, 'refunding'), lt(refunds.claimedAt, staleBefore)),
  );

/** Claims a refund to carry out for one call to its provider (one cut off is asked again under the same key). */
export async function claimRefund(db: Database, id: string, now: Date, staleBefore: Date) {
  const [row] = await db
    .update(refunds)
    .set({ status: 'refunding', claimedAt: now, attempts: sql`${refunds.attempts} + 1` })
    .where(and(eq(refunds.id, id), isToCarryOut(staleBefore)))
    .returning();
  return row;
}

/** The refund is done: locked to the end of `tx`, and only the first settlement counts. */
export async function settleRefund(tx: Database, id: string, at: Date): Promise<RefundRow | undefined> {
  const [row] = await tx
    .update(refunds)
    .set({ status: 'refunded', refundedAt: at, lastError: null })
    .where(and(eq(refunds.id, id), inArray(refunds.status, ['pending', 'refunding', 'failed'])))
    .returning();
  return row;
}

export async function markRefundFailed(db: Database, id: string, error: string): Promise<void> {
  await db
    .update(refunds)
    .set({ status: 'failed', lastError: error.slice(0, 500) })
    .where(and(eq(refunds.id, id), eq(refunds.status, 'refunding')));
}

export async function findOrderReference(db: Database, orderId: string): Promise<string | undefined> {
  const [row] = await db.select({ reference: orders.reference }).from(orders).where(eq(orders.id, orderId));
  return row?.reference;
}

/** Who to tell about a refund, and what about. */
type RefundRecipient = { email: string; firstName: string; eventTitle: string; message: string | null };

export async function findRefundRecipient(db: Database, refund: RefundRow): Promise<RefundRecipient | undefined> {
  const [row] = await queryRows<RefundRecipient>(
    db,
    sql`select coalesce(o.buyer_email, u.email) as email, coalesce(o.buyer_first_name, u.first_name) as "firstName",
               e.title as "eventTitle", e.cancellation_message as message
          from events e
          left join orders o on o.id = ${refund.orderId}
          left join participations p on p.id = ${refund.participationId}
          left join users u on u.id = coalesce(p.user_id, o.user_id)
         where e.id = ${refund.eventId}`,
  );
  return row;
}

/** Every request of the event, with its refund when one was decided, oldest first. */
export async function findEventRefundRequests(db: Database, eventId: string) {
  return queryRows<{
    participationId: string;
    holderName: string;
    holderEmail: string;
    ticketTitle: string;
    refundPlaces: number;
    unitPriceCents: number;
    discountPercent: number | null;
    requestedAt: Date | string;
    refundPlacesDone: number | null;
    refundAmountCents: number | null;
    status: RefundRow['status'] | null;
    reason: string | null;
    lastError: string | null;
  }>(
    db,
    sql`select p.id as "participationId",
               guichet_holder_name(coalesce(p.holder_first_name, o.buyer_first_name), coalesce(p.holder_last_name, o.buyer_last_name),
                                   u.first_name, u.last_name) as "holderName",
               coalesce(o.buyer_email, u.email) as "holderEmail", t.title as "ticketTitle",
               p.refund_places as "refundPlaces", ${unitPriceCents},
               o.discount_percent as "discountPercent", p.refund_requested_at as "requestedAt",
               r.places as "refundPlacesDone", r.amount_cents as "refundAmountCents", r.status, r.reason,
               r.last_error as "lastError"
          from participations p
          join tickets t on t.id = p.ticket_id
          left join users u on u.id = p.user_id
          left join orders o on o.id = p.order_id
          ${unitPriceJoin}
          left join refunds r on r.participation_id = p.id and r.cause = 'request'
         where p.event_id = ${eventId} and p.refund_requested_at is not null
         order by p.refund_requested_at, p.id`,
  );
}

/** The event's refunds that a run should carry out (new, failed, or cut off before `staleBefore`). */
export async function findRefundsToCarryOut(db: Database, eventId: string, staleBefore: Date) {
  const rows = await db
    .select({ id: refunds.id })
    .from(refunds)
    .where(and(eq(refunds.eventId, eventId), isToCarryOut(staleBefore)));
  return rows.map((row) => row.id);
}

/** The event row locked for its cancellation. */
export async function lockEvent(tx: Database, eventId: string) {
  const [row] = await tx.select().from(events).where(eq(events.id, eventId)).for('no key update');
  return row;
}

export type OrderToCancel = {
  id: string;
  totalCents: number;
  provider: NonNullable<RefundRow['provider']>;
  transactionId: string | null;
  ticketCount: number;
};

/** Paid orders of the event that its cancellation has not reached yet, a page at a time. */
export function findOrdersToCancel(db: Database, eventId: string, limit: number) {
  return queryRows<OrderToCancel>(
    db,
    sql`select o.id, o.total_cents as "totalCents", o.provider, o.transaction_id as "transactionId",
               o.ticket_count as "ticketCount"
          from orders o
         where o.event_id = ${eventId} and o.status = 'paid'
           and not exists (select 1 from refunds r where r.order_id = o.id and r.cause = 'cancellation')
         order by o.id
         limit ${limit}`,
  );
}

/** What the order's earlier refunds (accepted requests) already give back or will. */
export async function refundedSoFar(tx: Database, orderId: string): Promise<number> {
  const [row] = await queryRows<{ cents: number }>(
    tx,
    sql`select coalesce(sum(amount_cents), 0)::float8 as cents from refunds
         where order_id = ${orderId} and status in ('pending', 'refunding', 'refunded', 'failed')`,
  );
  return row?.cents ?? 0;
}

/** The cancellation's refunds by state, one per order. */
export async function countCancellationRefunds(db: Database, eventId: string) {
  const rows = await db
    .select({ status: refunds.status, count: sql<number>`count(*)::int` })
    .from(refunds)
    .where(and(eq(refunds.eventId, eventId), eq(refunds.cause, 'cancellation')))
    .groupBy(refunds.status);
  return new Map(rows.map((row) => [row.status, row.count]));
}

export async function countOrdersToCancel(db: Database, eventId: string): Promise<number> {
  const [row] = await queryRows<{ count: number }>(
    db,
    sql`select count(*)::int as count from orders o
         where o.event_id = ${eventId} and o.status = 'paid'
           and not exists (select 1 from refunds r where r.order_id = o.id and r.cause = 'cancellation')`,
  );
  return row?.count ?? 0;
}

export function findUserContacts(db: Database, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return queryRows<{ email: string; firstName: string }>(
    db,
    sql`select email, first_name as "firstName" from users
         where id in (${sql.join(
           ids.map((id) => sql`${id}::uuid`),
           sql`, `,
         )}) and deleted_at is null`,
  );
}

export async function findEventCancellation(db: Database, eventId: string) {
  const [row] = await db
    .select({ title: events.title, cancelledAt: events.cancelledAt, cancellationMessage: events.cancellationMessage })
    .from(events)
    .where(eq(events.id, eventId));
  return row;
}

/** The order, locked, if it is still paid (not refunded meanwhile). */
export async function lockPaidOrder(tx: Database, orderId: string) {
  const [row] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.status, 'paid')))
    .for('no key update');
  return row;
}

/** The fee the organiser kept from a resale's refund (docs/decisions.md, "Resale"). */
export async function resaleFeeOf(db: Database, refundId: string): Promise<number> {
  const [row] = await queryRows<{ fee: number }>(
    db,
    sql`select fee_cents as fee from resale_listings where refund_id = ${refundId}`,
  );
  return row?.fee ?? 0;
}

/** Whether the participation is a place bought for that date (not a pass covering it). */
export async function placeBoughtForDate(tx: Database, participationId: string, dateId: string): Promise<boolean> {
  const [row] = await queryRows<{ found: boolean }>(
    tx,
    sql`select exists (select 1 from participations where id = ${participationId} and date_id = ${dateId}) as found`,
  );
  return row?.found === true;
}

/** The start of a date of a multi-date event, for the mail of its refund. */
export async function findDateBegin(db: Database, dateId: string): Promise<Date | null> {
  const [row] = await queryRows<{ at: Date | string }>(
    db,
    sql`select date_begin as at from event_dates where id = ${dateId}`,
  );
  return row ? new Date(row.at) : null;
}
