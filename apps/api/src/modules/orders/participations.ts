import { and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client';
import { orders, participations } from '../../db/schema';
import { moveDatePlaces } from './places';

/**
 * The places a holder gives back, and those a refund or a cancellation takes back: the
 * participations change and their places return to the sale in the same transaction, the only
 * way a sold place is given back.
 */

type Places = { ticketId: string; dateId: string | null; quantity: number };

/**
 * Gives places back to their dates (issue 32), then to their tickets, in id order like every
 * inventory change (no lock cycle).
 */
async function releaseSoldPlaces(tx: Database, places: Places[]): Promise<void> {
  await moveDatePlaces(tx, places, { held: 0, sold: -1 });
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
    .returning({ ticketId: participations.ticketId, dateId: participations.dateId, quantity: participations.quantity });
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
       returning p.ticket_id as "ticketId", p.date_id as "dateId", 1 as quantity`,
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
  const cancelled = await queryRows<{
    userId: string | null;
    ticketId: string;
    dateId: string | null;
    quantity: number;
  }>(
    tx,
    sql`update participations p set cancelled_at = ${at.toISOString()}::timestamptz
         where p.event_id = ${eventId} and p.cancelled_at is null and p.order_id is null
       returning p.user_id as "userId", p.ticket_id as "ticketId", p.date_id as "dateId", p.quantity`,
  );
  await releaseSoldPlaces(tx, cancelled);
  return cancelled;
}

/**
 * A place put up for resale (docs/decisions.md, "Resale") returns to the sale while its holder
 * keeps their ticket until it sells: the ticket's counter alone, the participation untouched.
 */
export async function offerPlaceForResale(
  tx: Database,
  place: { ticketId: string; dateId: string | null },
): Promise<void> {
  await moveDatePlaces(tx, [{ ...place, quantity: 1 }], { held: 0, sold: -1 });
  await tx.execute(sql`update tickets set sold = greatest(sold - 1, 0) where id = ${place.ticketId}`);
}

/**
 * A resale withdrawn: the place comes back from the sale only if nobody holds or bought it
 * meanwhile, under the ticket's quota and the event's cap (checked under the event's lock, as a
 * hold is). False when it is being sold.
 */
export async function takeBackPlaceFromResale(
  tx: Database,
  eventId: string,
  place: { ticketId: string; dateId: string | null },
): Promise<boolean> {
  const { ticketId } = place;
  const [event] = await queryRows<{ cap: number }>(
    tx,
    sql`select nb_max_participants as cap from events where id = ${eventId} for no key update`,
  );
  if (event && event.cap !== -1) {
    const [taken] = await queryRows<{ places: number }>(
      tx,
      sql`select coalesce(sum(sold + held), 0)::int as places from tickets
           where event_id = ${eventId} and not is_multipart and deleted_at is null`,
    );
    if ((taken?.places ?? 0) + 1 > event.cap) return false;
  }
  // Its dates' places first (issue 32), given back if the ticket has none left.
  if (!(await moveDatePlaces(tx, [{ ...place, quantity: 1 }], { held: 0, sold: 1 }))) return false;
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`update tickets set sold = sold + 1 where id = ${ticketId} and sold + held < quantity returning id`,
  );
  if (rows.length === 0) await moveDatePlaces(tx, [{ ...place, quantity: 1 }], { held: 0, sold: -1 });
  return rows.length > 0;
}

/** A resold place leaves its seller without going back on sale: its buyer took it. */
export async function cancelResoldPlace(tx: Database, participationId: string, at: Date): Promise<boolean> {
  const rows = await tx
    .update(participations)
    .set({ cancelledAt: at })
    .where(and(eq(participations.id, participationId), isNull(participations.cancelledAt)))
    .returning({ id: participations.id });
  return rows.length > 0;
}
