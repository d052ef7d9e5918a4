import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client';

/** A place's other ways out that are under way: listed for resale, or sent and not accepted yet. */
export type HandOnInProgress = { isBeingResold: boolean; hasPendingTransfer: boolean };

/**
 * Whether the place is listed for resale or has a pending transfer. Called once the place's row
 * is locked, by a statement of its own: a listing or a transfer made while the lock was awaited
 * counts (one in the locking statement would read the snapshot taken before the wait).
 */
export async function findHandOnInProgress(
  tx: Database,
  participationId: string,
  now: Date,
): Promise<HandOnInProgress> {
  const [row] = await queryRows<HandOnInProgress>(
    tx,
    sql`select exists (select 1 from resale_listings
                        where participation_id = ${participationId} and status = 'listed') as "isBeingResold",
               exists (select 1 from ticket_transfers
                        where participation_id = ${participationId} and status = 'pending'
                          and expires_at > ${now.toISOString()}::timestamptz) as "hasPendingTransfer"`,
  );
  return row ?? { isBeingResold: false, hasPendingTransfer: false };
}

/** Whether the participation is a place of the event (any state). */
export async function isPlaceOfEvent(db: Database, eventId: string, participationId: string): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select id from participations where id = ${participationId} and event_id = ${eventId}`,
  );
  return rows.length > 0;
}
