import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client';

export type LedgerAccount = 'organizer' | 'platform' | 'door' | 'bank';

export type NewEntry = {
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
  await db.execute(sql`select guichet_ledger_lock_streams(${`{${streamIds.join(',')}}`}::uuid[])`);
}

/** A stream's balance: the sum written on its last entry, read by key. */
export async function streamBalance(db: Database, streamId: string): Promise<number> {
  const [row] = await queryRows<{ balance: number }>(
    db,
    sql`select stream_balance_cents::integer as balance from ledger_entries
         where stream_id = ${streamId} order by stream_seq desc limit 1`,
  );
  return row?.balance ?? 0;
}

export type StreamBalance = { streamId: string; eventId: string | null; balanceCents: number };

/** Every stream of an organiser with its balance (guichet_organizer_streams). */
export function organizerStreams(db: Database, organizerId: string): Promise<StreamBalance[]> {
  return queryRows<StreamBalance>(
    db,
    sql`select stream_id as "streamId", event_id as "eventId", balance_cents as "balanceCents"
          from guichet_organizer_streams(${organizerId})`,
  );
}

/** The organiser's balance over all their events and their own stream. */
export async function organizerBalance(db: Database, organizerId: string): Promise<number> {
  return (await organizerStreams(db, organizerId)).reduce((sum, stream) => sum + stream.balanceCents, 0);
}

/** The organiser's entries of one event, added up by kind (the console's breakdown). */
export async function eventTotalsByKind(db: Database, eventId: string): Promise<Map<string, number>> {
  const rows = await queryRows<{ kind: string; total: number }>(
    db,
    sql`select kind, sum(amount_cents)::integer as total from ledger_entries
         where event_id = ${eventId} and account = 'organizer' group by kind`,
  );
  return new Map(rows.map((row) => [row.kind, row.total]));
}

/**
 * What the places still carrying the refund option brought the organiser (tickets after discount):
 * a holder may still ask for it back, so an advance never includes it.
 */
export async function insuredPlacesCents(db: Database, eventId: string): Promise<number> {
  const [row] = await queryRows<{ total: number }>(
    db,
    sql`select coalesce(sum(p.refund_places * guichet_discounted_cents(l.unit_price_cents, o.discount_percent)), 0)::integer as total
          from participations p
          join orders o on o.id = p.order_id
          join lateral (select unit_price_cents from order_lines
                         where order_id = p.order_id and ticket_id = p.ticket_id and is_gift = p.is_gift limit 1) l on true
         where p.event_id = ${eventId} and p.refund_places > 0 and p.cancelled_at is null
           and o.provider in ('sandbox', 'etransactions', 'stripe')`,
  );
  return row?.total ?? 0;
}
