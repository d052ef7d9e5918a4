import { asc, inArray, sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client';
import { invoices } from '../../db/schema';

/** A refund as its credit notes need it: what it gave back, and the ticket of a request's places. */
export type RefundToCredit = {
  id: string;
  eventId: string;
  orderId: string | null;
  cause: 'request' | 'cancellation' | 'resale' | 'date_cancelled' | 'date_moved';
  status: string;
  places: number;
  amountCents: number;
  ticketId: string | null;
  isGift: boolean | null;
};

export async function findRefundToCredit(db: Database, refundId: string): Promise<RefundToCredit | undefined> {
  const [row] = await queryRows<RefundToCredit>(
    db,
    sql`select r.id, r.event_id as "eventId", r.order_id as "orderId", r.cause, r.status, r.places,
               r.amount_cents as "amountCents", p.ticket_id as "ticketId", p.is_gift as "isGift"
          from refunds r left join participations p on p.id = r.participation_id
         where r.id = ${refundId}`,
  );
  return row;
}

/**
 * The places of the order that its holders' requests refund or will (refused ones aside), by
 * ticket: a cancellation credits what they leave, since each has its own credit note (a place of
 * a date refunded too; a pass's share of a date is not a place: known limit, docs/decisions.md).
 */
export async function findRequestedPlaces(db: Database, orderId: string): Promise<Map<string, number>> {
  const rows = await queryRows<{ ticketId: string; places: number }>(
    db,
    sql`select p.ticket_id as "ticketId", sum(r.places)::int as places
          from refunds r join participations p on p.id = r.participation_id
         where r.order_id = ${orderId} and not p.is_gift and r.status <> 'refused'
           and (r.cause in ('request', 'resale') or (r.cause in ('date_cancelled', 'date_moved') and p.date_id = r.date_id))
           -- A resold place's date cancelled gives its seller the fee back: the place is counted once, by its resale.
           and not (r.cause = 'date_cancelled' and exists (
             select 1 from refunds s where s.participation_id = r.participation_id and s.cause = 'resale'))
         group by p.ticket_id`,
  );
  return new Map(rows.map((row) => [row.ticketId, row.places]));
}

/**
 * The fees the order's resales kept (docs/decisions.md, "Resale"), by ticket: each resold place's
 * credit note gave back its price less the fee, so a cancellation of the order, which gives the
 * fee back, credits it. A fee given back already by its date's cancellation is not counted.
 */
export async function findResaleFeesKept(
  db: Database,
  orderId: string,
): Promise<Map<string, { places: number; cents: number }>> {
  const rows = await queryRows<{ ticketId: string; places: number; cents: number }>(
    db,
    sql`select p.ticket_id as "ticketId", count(*)::int as places, sum(l.fee_cents)::int as cents
          from resale_listings l
          join refunds r on r.id = l.refund_id
          join participations p on p.id = l.participation_id
         where r.order_id = ${orderId} and l.status = 'sold' and l.fee_cents > 0 and r.status <> 'refused'
           and not exists (select 1 from refunds f where f.participation_id = l.participation_id
                             and f.cause = 'date_cancelled' and f.status <> 'refused')
         group by p.ticket_id`,
  );
  return new Map(rows.map((row) => [row.ticketId, { places: row.places, cents: row.cents }]));
}

/** A late payment given back (its places were gone): the order it paid for, once refunded. */
export async function findRefundedLateCapture(
  db: Database,
  where: { id: string } | { provider: string; transactionId: string },
): Promise<{ id: string; orderId: string } | undefined> {
  const [row] = await queryRows<{ id: string; orderId: string }>(
    db,
    sql`select id, order_id as "orderId" from payment_transactions
         where kind = 'late' and refund_status = 'refunded'
           and ${'id' in where ? sql`id = ${where.id}` : sql`provider = ${where.provider} and transaction_id = ${where.transactionId}`}`,
  );
  return row;
}

/** The refunds carried out whose credit notes are owed (refunds_credit_notes_owed_idx), of one event or all. */
export async function findRefundsOwingCreditNotes(db: Database, limit: number, eventId?: string): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select id from refunds
         where credit_notes_issued_at is null and status in ('refunded', 'manual')
           ${eventId ? sql`and event_id = ${eventId}` : sql``}
         order by created_at
         limit ${limit}`,
  );
  return rows.map((row) => row.id);
}

/** The late payments given back whose credit notes are owed (payment_transactions_credit_notes_owed_idx). */
export async function findLateCapturesOwingCreditNotes(db: Database, limit: number): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select id from payment_transactions
         where credit_notes_issued_at is null and kind = 'late' and refund_status = 'refunded'
         order by created_at
         limit ${limit}`,
  );
  return rows.map((row) => row.id);
}

/** The refund's (or late payment's) credit notes are issued, or none is owed: the pass skips it. */
export async function markCreditNotesIssued(db: Database, source: { refundId: string } | { captureId: string }) {
  await queryRows(
    db,
    'refundId' in source
      ? sql`update refunds set credit_notes_issued_at = now() where id = ${source.refundId}`
      : sql`update payment_transactions set credit_notes_issued_at = now() where id = ${source.captureId}`,
  );
}

/** The order's invoices are still owed (not issued yet, nor an order paid before invoices existed). */
export async function orderDocumentsOwed(db: Database, orderId: string): Promise<boolean> {
  const rows = await queryRows(db, sql`select 1 from orders where id = ${orderId} and documents_issued_at is null`);
  return rows.length > 0;
}

/** The credit notes issued for these refunds, oldest first. */
export async function findCreditNotesOfRefunds(db: Database, refundIds: string[]): Promise<string[]> {
  const keys = refundIds.flatMap((id) => [`refund:${id}:organizer`, `refund:${id}:platform`]);
  const rows = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(inArray(invoices.sourceKey, keys))
    .orderBy(asc(invoices.issuedAt), asc(invoices.seq));
  return rows.map((row) => row.id);
}
