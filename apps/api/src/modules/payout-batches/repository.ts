import type { PayoutBatch } from '@guichet/shared';
import { inArray, sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client';
import { isoTimestamp } from '../../db/iso-timestamp';
import { payoutBatches, payouts } from '../../db/schema';

export async function insertBatch(db: Database, createdBy: string, at: Date): Promise<string> {
  const [row] = await db.insert(payoutBatches).values({ createdBy, createdAt: at }).returning({ id: payoutBatches.id });
  if (!row) throw new Error('batch not inserted');
  return row.id;
}

/**
 * Moves the payouts still requested (all, or those listed) into the batch. Their rows are locked
 * in id order first: two batches made at once wait for each other without a deadlock, and the
 * second, once the first committed, finds them no longer `requested` and leaves them (a locked
 * row is read again before it is taken), so that a payout is in one batch at most.
 */
export function moveRequestedIntoBatch(db: Database, batchId: string, ids: string[] | undefined) {
  return queryRows<{ id: string; amountCents: number }>(
    db,
    sql`with picked as (
          select id from payouts
           where status = 'requested' and ${ids ? inArray(payouts.id, ids) : sql`true`}
           order by id for no key update),
        moved as (
          update payouts p set status = 'batched', batch_id = ${batchId}
            from picked where p.id = picked.id
        returning p.id, p.amount_cents, p.created_at)
        select id, amount_cents as "amountCents" from moved order by created_at, id`,
  );
}

type BatchRow = {
  id: string;
  createdAt: Date;
  sepaXml: string | null;
  downloadedAt: Date | null;
  paidAt: Date | null;
};

/** The batch, its row locked: a first download, a payment and a cancellation are serialised on it. */
export async function lockBatch(db: Database, id: string): Promise<BatchRow | undefined> {
  const [row] = await queryRows<{
    id: string;
    createdAt: string;
    sepaXml: string | null;
    downloadedAt: string | null;
    paidAt: string | null;
  }>(
    db,
    sql`select id, ${isoTimestamp('created_at')} as "createdAt", sepa_xml as "sepaXml",
               ${isoTimestamp('downloaded_at')} as "downloadedAt", ${isoTimestamp('paid_at')} as "paidAt"
          from payout_batches where id = ${id} for no key update`,
  );
  if (!row) return undefined;
  const date = (value: string | null) => (value ? new Date(value) : null);
  return { ...row, createdAt: new Date(row.createdAt), downloadedAt: date(row.downloadedAt), paidAt: date(row.paidAt) };
}

type BatchPayoutRow = {
  id: string;
  amountCents: number;
  holderName: string;
  iban: string;
  bic: string | null;
  eventTitle: string;
  organizerEmail: string;
  organizerFirstName: string;
};

/** The batch's payouts still to pay, in the order they were asked. */
export function findBatchedPayouts(db: Database, batchId: string) {
  return queryRows<BatchPayoutRow>(
    db,
    sql`select p.id, p.amount_cents as "amountCents", p.holder_name as "holderName", p.iban, p.bic,
               e.title as "eventTitle", u.email as "organizerEmail", u.first_name as "organizerFirstName"
          from payouts p join events e on e.id = p.event_id join users u on u.id = p.organizer_id
         where p.batch_id = ${batchId} and p.status = 'batched'
         order by p.created_at, p.id`,
  );
}

export async function recordFirstDownload(db: Database, id: string, values: { xml: string; by: string; at: Date }) {
  await db.execute(
    sql`update payout_batches set sepa_xml = ${values.xml}, downloaded_by = ${values.by},
               downloaded_at = ${values.at.toISOString()}::timestamptz
         where id = ${id} and sepa_xml is null`,
  );
}

export async function markBatchPaid(db: Database, id: string, values: { reference: string; by: string; at: Date }) {
  const at = values.at.toISOString();
  await db.execute(
    sql`update payouts set status = 'paid', bank_reference = ${values.reference}, decided_by = ${values.by},
               decided_at = ${at}::timestamptz
         where batch_id = ${id} and status = 'batched'`,
  );
  await db.execute(
    sql`update payout_batches set paid_at = ${at}::timestamptz, paid_by = ${values.by}, bank_reference = ${values.reference}
         where id = ${id}`,
  );
}

/** A paid payout sent back by the bank; false when it is not (or no longer) paid. */
export async function markReturned(db: Database, id: string, at: Date): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`update payouts set status = 'returned', returned_at = ${at.toISOString()}::timestamptz
         where id = ${id} and status = 'paid' returning id`,
  );
  return rows.length === 1;
}

const batchColumns = sql`b.id, ${isoTimestamp('b.created_at')} as "createdAt",
  (select count(*)::int from payouts p where p.batch_id = b.id) as "payoutCount",
  (select coalesce(sum(p.amount_cents), 0)::float8 from payouts p where p.batch_id = b.id) as "totalCents",
  ${isoTimestamp('b.downloaded_at')} as "downloadedAt", ${isoTimestamp('b.paid_at')} as "paidAt", b.bank_reference as "bankReference"`;

/** The newest batches first (to_char of a null instant is null). */
export function findBatches(db: Database, limit: number): Promise<PayoutBatch[]> {
  return queryRows<PayoutBatch>(
    db,
    sql`select ${batchColumns} from payout_batches b order by b.created_at desc, b.id limit ${limit}`,
  );
}

export async function findBatch(db: Database, id: string): Promise<PayoutBatch | undefined> {
  const [row] = await queryRows<PayoutBatch>(db, sql`select ${batchColumns} from payout_batches b where b.id = ${id}`);
  return row;
}
