import type { PayoutStatus } from '@guichet/shared';
import { eq, sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client';
import { isoTimestamp } from '../../db/iso-timestamp';
import { bankAccounts, payouts } from '../../db/schema';

/**
 * Serialises the payout requests of one event: two clicks, tabs or processes asking at once each
 * read the balance after the other's request is written (docs/decisions.md).
 */
export async function lockEventForPayout(db: Database, eventId: string): Promise<void> {
  await db.execute(sql`select id from events where id = ${eventId} for no key update`);
}

export type PayoutEventState = {
  isPaid: boolean;
  isCancelled: boolean;
  dateBegin: Date;
  dateEnd: Date;
  advancePercent: number;
};

/**
 * Whether the event sells paid places (or sold some), whether it was cancelled, when it ends, and
 * the advance its organiser is allowed.
 */
export async function findPayoutEvent(db: Database, eventId: string): Promise<PayoutEventState> {
  const [row] = await queryRows<{
    isPaid: boolean;
    isCancelled: boolean;
    dateBegin: string;
    dateEnd: string;
    advancePercent: number;
  }>(
    db,
    sql`select exists(select 1 from tickets where event_id = ${eventId} and price_cents > 0 and deleted_at is null)
               or exists(select 1 from orders where event_id = ${eventId} and total_cents > 0
                                                and status in ('paid', 'refunded')) as "isPaid",
               e.cancelled_at is not null as "isCancelled", ${isoTimestamp('e.date_begin')} as "dateBegin",
               ${isoTimestamp('e.date_end')} as "dateEnd",
               u.payout_advance_percent as "advancePercent"
          from events e join users u on u.id = e.organizer_id where e.id = ${eventId}`,
  );
  if (!row) throw new Error('event not found');
  return {
    ...row,
    isPaid: Boolean(row.isPaid),
    isCancelled: Boolean(row.isCancelled),
    dateBegin: new Date(row.dateBegin),
    dateEnd: new Date(row.dateEnd),
  };
}

export async function findBankAccount(db: Database, userId: string) {
  const [row] = await db.select().from(bankAccounts).where(eq(bankAccounts.userId, userId)).limit(1);
  return row;
}

export async function upsertBankAccount(
  db: Database,
  values: { userId: string; holderName: string; iban: string; bic: string | null; now: Date },
) {
  const { now, ...account } = values;
  await db
    .insert(bankAccounts)
    .values({ ...account, updatedAt: now })
    .onConflictDoUpdate({
      target: bankAccounts.userId,
      set: { holderName: account.holderName, iban: account.iban, bic: account.bic, updatedAt: now },
    });
}

/**
 * Cancels the event's payouts still requested, returning them; the caller holds the event's row
 * lock. Their rows are locked in id order, as a batch's creation locks them, so the two never wait
 * on each other in a circle.
 */
export function cancelRequestedPayouts(db: Database, eventId: string, at: Date) {
  return queryRows<{ id: string; amountCents: number }>(
    db,
    sql`with picked as (
          select id from payouts where event_id = ${eventId} and status = 'requested' order by id for no key update)
        update payouts p set status = 'cancelled', decided_at = ${at.toISOString()}::timestamptz
          from picked where p.id = picked.id
     returning p.id, p.amount_cents as "amountCents"`,
  );
}

/**
 * Cancels the event's payouts batched in a batch whose file was never downloaded: they leave their
 * batch. The batches are locked first, as a first download locks its batch before reading its
 * payouts, so that a payout is either in the file or cancelled, never both; one whose file was
 * downloaded meanwhile stays (it may be at the bank). Run after `cancelRequestedPayouts`, so that a
 * payout batched during the cancellation is seen here.
 */
export function cancelUnsentBatchedPayouts(db: Database, eventId: string, at: Date) {
  return queryRows<{ id: string; amountCents: number }>(
    db,
    sql`with unsent as (
          select id from payout_batches
           where id in (select batch_id from payouts where event_id = ${eventId} and status = 'batched')
             and downloaded_at is null
             for no key update)
        update payouts set status = 'cancelled', batch_id = null, decided_at = ${at.toISOString()}::timestamptz
         where event_id = ${eventId} and status = 'batched' and batch_id in (select id from unsent)
     returning id, amount_cents as "amountCents"`,
  );
}

export async function insertPayout(db: Database, values: typeof payouts.$inferInsert) {
  const [row] = await db.insert(payouts).values(values).returning({
    id: payouts.id,
    amountCents: payouts.amountCents,
    status: payouts.status,
    commissionExclVatCents: payouts.commissionExclVatCents,
    commissionVatCents: payouts.commissionVatCents,
  });
  if (!row) throw new Error('payout not inserted');
  return row;
}

/**
 * The event's commission (HT) no payout has invoiced yet: the commission entries of its stream less
 * what its payouts invoiced. Both only grow, and the payout requests of an event are serialised,
 * so each commission is invoiced once; one posted after this read waits for the next payout.
 */
export async function uninvoicedCommissionCents(db: Database, eventId: string): Promise<number> {
  const [row] = await queryRows<{ cents: string | number | null }>(
    db,
    sql`select (coalesce((select -sum(amount_cents) from ledger_entries
                           where event_id = ${eventId} and account = 'organizer' and kind = 'commission'), 0)
              - coalesce((select sum(commission_excl_vat_cents) from payouts where event_id = ${eventId}), 0)
               )::bigint as cents`,
  );
  return Math.max(0, Number(row?.cents ?? 0));
}

/** The commission invoiced with a payout (TTC) and whether its invoice exists, as the payout reads carry them. */
export const commissionColumns = (payout: string) =>
  sql.raw(`${payout}.commission_excl_vat_cents + ${payout}.commission_vat_cents as "commissionInclVatCents",
    exists(select 1 from invoices ci where ci.payout_id = ${payout}.id) as "hasCommissionInvoice"`);

type EventPayoutRow = {
  id: string;
  amountCents: number;
  status: PayoutStatus;
  iban: string;
  createdAt: string;
  decidedAt: string | null;
  bankReference: string | null;
  rejectReason: string | null;
  commissionInclVatCents: number;
  hasCommissionInvoice: boolean;
};

export function findEventPayouts(db: Database, eventId: string): Promise<EventPayoutRow[]> {
  return queryRows<EventPayoutRow>(
    db,
    sql`select id, amount_cents as "amountCents", status, iban, ${isoTimestamp('created_at')} as "createdAt",
               case when decided_at is null then null else ${isoTimestamp('decided_at')} end as "decidedAt",
               bank_reference as "bankReference", reject_reason as "rejectReason", ${commissionColumns('payouts')}
          from payouts where event_id = ${eventId}
         order by created_at desc, id`,
  );
}

/** Who a payout belongs to, for its commission invoice's readers. */
export async function findPayoutOwner(db: Database, payoutId: string) {
  const [row] = await db
    .select({ id: payouts.id, organizerId: payouts.organizerId })
    .from(payouts)
    .where(eq(payouts.id, payoutId))
    .limit(1);
  return row;
}

/** Rejects a payout still requested (not batched); false when it is no longer. */
export async function rejectRequestedPayout(
  db: Database,
  id: string,
  values: Pick<typeof payouts.$inferInsert, 'rejectReason' | 'decidedBy' | 'decidedAt'>,
): Promise<boolean> {
  const rows = await db
    .update(payouts)
    .set({ ...values, status: 'rejected' })
    .where(sql`${payouts.id} = ${id} and ${payouts.status} = 'requested'`)
    .returning({ id: payouts.id });
  return rows.length === 1;
}

/**
 * Whether refunds of a cancelled date (issue 32) are still to make: the event's money waits for
 * them, so that a payout never takes what the buyers of that date are owed.
 */
export async function hasDateRefundsInProgress(db: Database, eventId: string): Promise<boolean> {
  const [row] = await queryRows<{ found: boolean }>(
    db,
    sql`select exists (select 1 from refunds where event_id = ${eventId} and cause = 'date_cancelled'
                         and status in ('pending', 'refunding', 'failed')) as found`,
  );
  return row?.found === true;
}
