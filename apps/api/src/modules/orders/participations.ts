import { and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client';
import { orders, participations } from '../../db/schema';

/**
 * The places a holder gives back, and those a refund or a cancellation takes back: the
 * participations change and their places return to the sale in the same transaction, the only
 * way a sold place is given back.
 */

type Places = { ticketId: string; quantity: number };

/** Gives places back to their tickets, in id order like every inventory change (no lock cycle). */
async function releaseSoldPlaces(tx: Database, places: Places[]): Promise<void> {
  const byTicket = new Map<string, number>();
  for (const place of places) byTicket.set(place.ticketId, (byTicket.get(place.ticketId) ?? 0) + place.quantity);
  for (const [ticketId, quantity] of [...byTicket].sort(([a], [b]) => a.localeCompare(b))) {
    await tx.execute(sql`update tickets set sold = greatest(sold - ${quantity}, 0) where id = ${ticketId}`);
  }
}

/** Cancels the live participations among `which` and gives their places back. */
async function cancelLiveParticipations(tx: Database, which: SQL, at: Date): Promise<void> {
  const cancelled = await tx
    .update(participations)
    .set({ cancelledAt: at })
    .where(and(which, isNull(participations.cancelledAt)))
    .returning({ ticketId: participations.ticketId, quantity: participations.quantity });
  await releaseSoldPlaces(tx, cancelled);
}

/** A holder leaves: their live participations are cancelled and their places go back on sale. */
export async function cancelParticipations(tx: Database, ids: string[], at: Date): Promise<void> {
  await cancelLiveParticipations(tx, inArray(participations.id, ids), at);
}

/**
 * Refunded places end: `places` live places of the participation's group (itself, the places split
 * from it, the other places of its order line), itself first, then those not yet used, the highest numbers first. Each place is
 * its own participation: a refunded one is cancelled with no place left (quantity 0), so that one
 * refunded before it was numbered takes no number (invoices/numbering.ts).
 */
export async function removeRefundedPlaces(tx: Database, participationId: string, places: number, at: Date) {
  if (places <= 0) return;
  const cancelled = await queryRows<Places>(
    tx,
    sql`update participations p set cancelled_at = ${at.toISOString()}::timestamptz, refund_places = 0, quantity = 0
         where p.id in (select g.id from participations g
                          join participations r on r.id = ${participationId}
                         where g.cancelled_at is null
                           and (g.id = r.id or g.split_from = r.id
                                or (g.order_id = r.order_id and g.ticket_id = r.ticket_id and g.is_gift = r.is_gift))
                         order by g.id = ${participationId} desc, g.entries_used, g.first_ticket_number desc nulls first, g.id
                         limit ${places} for update)
       returning p.ticket_id as "ticketId", 1 as quantity`,
  );
  await releaseSoldPlaces(tx, cancelled);
}

/** A whole order refunded (its event cancelled): its participations end, its places return. */
export async function refundOrder(tx: Database, orderId: string, at: Date): Promise<void> {
  await cancelLiveParticipations(tx, eq(participations.orderId, orderId), at);
  await tx.update(orders).set({ status: 'refunded' }).where(eq(orders.id, orderId));
}

/** Participations of a cancelled event that no order paid for: cancelled at once, their places returned. */
export async function cancelParticipationsWithoutOrder(tx: Database, eventId: string, at: Date) {
  const cancelled = await queryRows<{ userId: string | null; ticketId: string; quantity: number }>(
    tx,
    sql`update participations p set cancelled_at = ${at.toISOString()}::timestamptz
         where p.event_id = ${eventId} and p.cancelled_at is null and p.order_id is null
       returning p.user_id as "userId", p.ticket_id as "ticketId", p.quantity`,
  );
  await releaseSoldPlaces(tx, cancelled);
  return cancelled;
}
