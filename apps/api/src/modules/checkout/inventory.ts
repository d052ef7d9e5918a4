import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client';

export type PlaceRequest = { ticketId: string; quantity: number };

/**
 * Takes places for an order, under every limit it falls under: the event's cap (under a lock
 * on the event row, only when the event is capped) and each ticket's quantity, tickets in id
 * order so that two buyers never wait on each other in a cycle. Each ticket is one conditional
 * UPDATE: a place held or sold is never counted twice. `into` says whether the places are held
 * (awaiting payment) or sold (free order). Returns false when a limit would be exceeded; the
 * caller then rolls the transaction back.
 */
export async function takePlaces(
  tx: Database,
  request: { eventId: string; cap: number; lines: PlaceRequest[]; into: 'held' | 'sold' },
): Promise<boolean> {
  const total = request.lines.reduce((sum, line) => sum + line.quantity, 0);
  if (request.cap !== -1) {
    const [row] = await queryRows<{ taken: number }>(
      tx,
      sql`select (select coalesce(sum(t.sold + t.held), 0)::int from tickets t
                    where t.event_id = e.id and not t.is_multipart and t.deleted_at is null) as taken
            from events e where e.id = ${request.eventId} for update of e`,
    );
    if (!row || row.taken + total > request.cap) return false;
  }
  const column = request.into === 'held' ? sql`held` : sql`sold`;
  for (const line of [...request.lines].sort((a, b) => a.ticketId.localeCompare(b.ticketId))) {
    const rows = await queryRows<{ id: string }>(
      tx,
      sql`update tickets set ${column} = ${column} + ${line.quantity}
           where id = ${line.ticketId} and event_id = ${request.eventId}
             and sold + held + ${line.quantity} <= quantity
             and is_available and deleted_at is null and not is_multipart
          returning id`,
    );
    if (rows.length === 0) return false;
  }
  return true;
}

/** Moves an order's held places to sold: the order is paid. */
export async function convertHeldToSold(tx: Database, lines: PlaceRequest[]): Promise<void> {
  for (const line of [...lines].sort((a, b) => a.ticketId.localeCompare(b.ticketId))) {
    await tx.execute(
      sql`update tickets set held = held - ${line.quantity}, sold = sold + ${line.quantity} where id = ${line.ticketId}`,
    );
  }
}

/** Gives an order's held places back (payment refused or cancelled). */
export async function releaseHeld(tx: Database, lines: PlaceRequest[]): Promise<void> {
  for (const line of [...lines].sort((a, b) => a.ticketId.localeCompare(b.ticketId))) {
    await tx.execute(sql`update tickets set held = held - ${line.quantity} where id = ${line.ticketId}`);
  }
}

/**
 * Holds past their deadline still count in `held` until reclaimed. No job runs for that: when a
 * buyer finds no place left, the event's expired holds are reclaimed here and the buyer retries.
 */
export async function reclaimExpiredHolds(tx: Database, eventId: string, now: Date): Promise<number> {
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`with expired as (
          update orders set status = 'expired'
           where event_id = ${eventId} and status = 'awaiting_payment' and expires_at <= ${now.toISOString()}::timestamptz
          returning id
        ), freed as (
          select l.ticket_id, sum(l.quantity)::int as quantity
            from order_lines l join expired x on x.id = l.order_id
           group by l.ticket_id
        )
        update tickets t set held = t.held - freed.quantity
          from freed where t.id = freed.ticket_id
        returning t.id`,
  );
  return rows.length;
}

/** Places held by orders whose deadline passed but that nobody reclaimed yet, per ticket: free for readers. */
export async function expiredHeldByTicket(db: Database, eventId: string, now: Date): Promise<Map<string, number>> {
  const rows = await queryRows<{ ticket_id: string; quantity: number }>(
    db,
    sql`select l.ticket_id, sum(l.quantity)::int as quantity
          from orders o join order_lines l on l.order_id = o.id
         where o.event_id = ${eventId} and o.status = 'awaiting_payment' and o.expires_at <= ${now.toISOString()}::timestamptz
         group by l.ticket_id`,
  );
  return new Map(rows.map((row) => [row.ticket_id, row.quantity]));
}

/** Whether any hold of the event is past its deadline and not yet reclaimed (a partial-index probe). */
export async function hasExpiredHolds(db: Database, eventId: string, now: Date): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(
    db,
    sql`select 1 as one from orders
         where status = 'awaiting_payment' and expires_at <= ${now.toISOString()}::timestamptz and event_id = ${eventId}
         limit 1`,
  );
  return rows.length > 0;
}

/** Whether every line could be taken right now, read without locking. */
export async function hasPlacesFor(db: Database, lines: PlaceRequest[]): Promise<boolean> {
  for (const line of lines) {
    const rows = await queryRows<{ ok: boolean }>(
      db,
      sql`select sold + held + ${line.quantity} <= quantity as ok from tickets where id = ${line.ticketId}`,
    );
    if (!rows[0]?.ok) return false;
  }
  return true;
}
