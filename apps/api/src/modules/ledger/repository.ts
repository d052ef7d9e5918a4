import { sql } from 'drizzle-orm';
import { arrayLiteral } from '../../db/array-literal';
import { type Database, queryRows } from '../../db/client';

/** A bigint as the drivers give it (node-postgres: a string; PGlite: a bigint). */
type Bigint = string | number | bigint | null;

/** Cents summed in bigint, as a number: exact up to 2^53 cents, where an integer stops at 21.4 M€. */
function cents(value: Bigint | undefined): number {
  return value === null || value === undefined ? 0 : Number(value);
}

type LedgerAccount = 'organizer' | 'platform' | 'door' | 'bank';

type NewEntry = {
  organizerId: string;
  eventId: string | null;
  account: LedgerAccount;
  kind: string;
  amountCents: number;
  reason?: string | null;
  createdBy?: string | null;
};

/** Appends one entry through the database's own posting (guichet_ledger_post), with its stream. */
export async function postEntry(db: Database, entry: NewEntry): Promise<void> {
  await db.execute(
    sql`select guichet_ledger_post(${entry.organizerId}::uuid, ${entry.eventId}::uuid, ${entry.account}, ${entry.kind},
                                   ${entry.amountCents}::integer, p_reason => ${entry.reason ?? null},
                                   p_by => ${entry.createdBy ?? null}::uuid)`,
  );
}

/**
 * Serialises what moves money between an organiser's streams (payout requests, adjustments): each
 * reads the debts of their streams after the previous one recovered them.
 */
export async function lockOrganizer(db: Database, organizerId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(74201128, hashtext(${organizerId}))`);
}

/** Takes the streams' locks now, in their keys' order (guichet_ledger_lock_streams). */
export async function lockStreams(db: Database, streamIds: string[]): Promise<void> {
  await db.execute(sql`select guichet_ledger_lock_streams(${arrayLiteral(streamIds)}::uuid[])`);
}

/** A stream's balance: the sum written on its last entry, read by key. */
export async function streamBalance(db: Database, streamId: string): Promise<number> {
  const [row] = await queryRows<{ balance: Bigint }>(
    db,
    sql`select stream_balance_cents as balance from ledger_entries
         where stream_id = ${streamId} order by stream_seq desc limit 1`,
  );
  return cents(row?.balance);
}

type StreamBalance = { streamId: string; eventId: string | null; balanceCents: number };

/** Every stream of an organiser with its balance (guichet_organizer_balances). */
export async function organizerStreams(db: Database, organizerId: string): Promise<StreamBalance[]> {
  const rows = await queryRows<Omit<StreamBalance, 'balanceCents'> & { balanceCents: Bigint }>(
    db,
    sql`select stream_id as "streamId", event_id as "eventId", balance_cents as "balanceCents"
          from guichet_organizer_balances(${organizerId})`,
  );
  return rows.map((row) => ({ ...row, balanceCents: cents(row.balanceCents) }));
}

/** The organiser's balance over all their events and their own stream. */
export async function organizerBalance(db: Database, organizerId: string): Promise<number> {
  return (await organizerStreams(db, organizerId)).reduce((sum, stream) => sum + stream.balanceCents, 0);
}

/** The organiser's entries of one event, added up by kind (the console's breakdown). */
export async function eventTotalsByKind(db: Database, eventId: string): Promise<Map<string, number>> {
  const rows = await queryRows<{ kind: string; total: Bigint }>(
    db,
    sql`select kind, sum(amount_cents)::bigint as total from ledger_entries
         where event_id = ${eventId} and account = 'organizer' group by kind`,
  );
  return new Map(rows.map((row) => [row.kind, cents(row.total)]));
}

/**
 * What was taken from an event's balance: its payouts (net of those undone) and the debts of other
 * streams it paid back. Few entries, read through the event's (event, account, kind) index.
 */
export async function eventTakenCents(db: Database, eventId: string): Promise<number> {
  const [row] = await queryRows<{ total: Bigint }>(
    db,
    sql`select coalesce(sum(amount_cents), 0)::bigint as total from ledger_entries
         where event_id = ${eventId} and account = 'organizer'
           and kind in ('payout', 'payout_cancelled', 'payout_rejected', 'payout_returned', 'debt_recovery')`,
  );
  return -cents(row?.total);
}

/**
 * What the places still carrying the refund option brought the organiser (tickets after discount):
 * a holder may still ask for it back, so an advance never includes it.
 */
export async function insuredPlacesCents(db: Database, eventId: string): Promise<number> {
  const [row] = await queryRows<{ total: Bigint }>(
    db,
    sql`select coalesce(sum(p.refund_places * guichet_discounted_cents(l.unit_price_cents, o.discount_percent)), 0)::bigint as total
          from participations p
          join orders o on o.id = p.order_id
          join lateral (select unit_price_cents from order_lines
                         where order_id = p.order_id and ticket_id = p.ticket_id and is_gift = p.is_gift order by date_id is not distinct from p.date_id desc limit 1) l on true
         where p.event_id = ${eventId} and p.refund_places > 0 and p.cancelled_at is null
           and o.provider in ('sandbox', 'etransactions', 'stripe')`,
  );
  return cents(row?.total);
}
