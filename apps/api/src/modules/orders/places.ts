import { sql } from 'drizzle-orm';
import { arrayLiteral } from '../../db/array-literal';
import { type Database, queryRows } from '../../db/client';

/** Places of one ticket, for one date of an event of several (issue 32; none: a pass, a one-date event). */
type PlaceRequest = { ticketId: string; dateId?: string | null; quantity: number };

/**
 * Holds again the places of an order whose hold ended before its payment arrived, under every
 * limit, or none (`guichet_take_places`): false when a limit would be exceeded, having taken
 * nothing. The order is then settled as any hold is.
 */
export async function holdPlacesAgain(
  tx: Database,
  request: { eventId: string; lines: PlaceRequest[] },
): Promise<boolean> {
  const [row] = await queryRows<{ taken: boolean }>(
    tx,
    sql`select guichet_take_dated_places(${request.eventId}::uuid, ${arrayLiteral(request.lines.map((l) => l.ticketId))}::uuid[],
                                         ${datesArray(request.lines)}::uuid[],
                                         ${arrayLiteral(request.lines.map((l) => l.quantity))}::int[]) as taken`,
  );
  return row?.taken === true;
}

/** The lines' dates as PostgreSQL's literal, NULL where a line names none. */
function datesArray(lines: PlaceRequest[]): string {
  return arrayLiteral(lines.map((line) => line.dateId ?? null));
}

/**
 * Moves the dates' counters of places (orders/sql/guichet_date_places.sql), before their
 * tickets': `held` and `sold` by that much per place. Nothing is read for a one-date event's
 * lines but their tickets' pass flags.
 */
export async function moveDatePlaces(
  tx: Database,
  lines: PlaceRequest[],
  move: { held: number; sold: number },
): Promise<boolean> {
  if (lines.length === 0) return true;
  const [row] = await queryRows<{ moved: boolean }>(
    tx,
    sql`select guichet_date_places(${arrayLiteral(lines.map((l) => l.ticketId))}::uuid[], ${datesArray(lines)}::uuid[],
                                   ${arrayLiteral(lines.map((l) => l.quantity))}::int[], ${move.held}::int,
                                   ${move.sold}::int) as moved`,
  );
  return row?.moved === true;
}

/** Gives an order's held places back (payment refused or cancelled). */
export async function releaseHeld(tx: Database, lines: PlaceRequest[]): Promise<void> {
  await moveDatePlaces(tx, lines, { held: -1, sold: 0 });
  for (const line of [...lines].sort((a, b) => a.ticketId.localeCompare(b.ticketId))) {
    await tx.execute(sql`update tickets set held = held - ${line.quantity} where id = ${line.ticketId}`);
  }
}

/**
 * Holds past their deadline still count in `held` until reclaimed. No job runs for that: when a
 * buyer finds no place left, the event's expired holds are reclaimed (`guichet_reclaim_expired`,
 * orders/sql/) and the buyer tries again. Call it outside any other transaction: it locks
 * order rows, and a buyer's own transaction may hold ticket rows a payment confirmation waits for.
 */
export async function reclaimExpiredHolds(db: Database, eventId: string, now: Date): Promise<number> {
  const [row] = await queryRows<{ tickets: number }>(
    db,
    sql`select guichet_reclaim_expired(${eventId}::uuid, ${now.toISOString()}::timestamptz) as tickets`,
  );
  return row?.tickets ?? 0;
}

/** Events with holds past their deadline, a few at a time (the orders_awaiting_idx index). */
export async function findEventsWithExpiredHolds(db: Database, now: Date, limit: number): Promise<string[]> {
  const rows = await queryRows<{ event_id: string }>(
    db,
    sql`select distinct event_id from orders
         where status = 'awaiting_payment' and expires_at <= ${now.toISOString()}::timestamptz
         limit ${limit}`,
  );
  return rows.map((row) => row.event_id);
}

/**
 * Whether any hold of the event is past its deadline and not yet reclaimed: the hold batch's own
 * rule (`guichet_hold_expired_exists`, a partial-index probe), so that the two never differ.
 */
export async function hasExpiredHolds(db: Database, eventId: string, now: Date): Promise<boolean> {
  const [row] = await queryRows<{ expired: boolean }>(
    db,
    sql`select guichet_hold_expired_exists(${eventId}::uuid, ${now.toISOString()}::timestamptz) as expired`,
  );
  return row?.expired === true;
}

/** Whether this account already used a single-use code (orders/sql/guichet_promo_used_by.sql). */
export async function isPromoUsedBy(
  db: Database,
  use: { discountCodeId: string; userId: string | null; now: Date; countHolds: boolean },
) {
  if (!use.userId) return false;
  const [row] = await queryRows<{ used: boolean }>(
    db,
    sql`select guichet_promo_used_by(${use.discountCodeId}, ${use.userId}, ${use.now.toISOString()}::timestamptz,
                                     ${use.countHolds}) as used`,
  );
  return Boolean(row?.used);
}

/**
 * Takes one use of a promo code if it has one left (a conditional UPDATE): the use belongs to the
 * order from its hold, and goes back when the hold ends unpaid. Lock order: before any place.
 */
export async function takePromoUse(tx: Database, discountCodeId: string): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`update discount_codes set used = used + 1
         where id = ${discountCodeId} and is_enabled and used < quantity returning id`,
  );
  return rows.length > 0;
}

/** Gives an order's promo use back (its hold ended unpaid). */
export async function giveBackPromoUse(tx: Database, discountCodeId: string | null): Promise<void> {
  if (!discountCodeId) return;
  await tx.execute(sql`update discount_codes set used = used - 1 where id = ${discountCodeId}`);
}
