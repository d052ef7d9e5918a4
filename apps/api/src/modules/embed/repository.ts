import { and, asc, eq, isNull, lt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { embedBookings, embedDomains, events, orders } from '../../db/schema';

/** The hosts allowed to frame an event's shop, in the order they were declared. */
export async function findEmbedDomains(db: Database, eventId: string): Promise<string[]> {
  const rows = await db
    .select({ host: embedDomains.host })
    .from(embedDomains)
    .where(eq(embedDomains.eventId, eventId))
    .orderBy(asc(embedDomains.createdAt), asc(embedDomains.host));
  return rows.map((row) => row.host);
}

/**
 * The hosts that may frame the shop of an event still on the site, or null for no such event
 * (deleted, or never made): its embed page then frames nowhere.
 */
export async function findFramingHosts(db: Database, eventId: string): Promise<string[] | null> {
  const [event] = await db
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.id, eventId), isNull(events.deletedAt)));
  return event ? findEmbedDomains(db, eventId) : null;
}

/** The form's list replaces the event's, in one transaction: a reader sees the old or the new list. */
export async function replaceEmbedDomains(db: Database, eventId: string, hosts: string[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(embedDomains).where(eq(embedDomains.eventId, eventId));
    if (hosts.length === 0) return;
    // One timestamp each, a millisecond apart: the list reads back in the organiser's order.
    const start = Date.now();
    await tx
      .insert(embedDomains)
      .values(hosts.map((host, index) => ({ eventId, host, createdAt: new Date(start + index) })));
  });
}

/** One of the buyer's own orders, as the booking window reports it. */
export async function findBuyersOrder(db: Database, orderId: string, userId: string) {
  const [order] = await db
    .select({ id: orders.id, eventId: orders.eventId, status: orders.status, ticketCount: orders.ticketCount })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  return order;
}

/** A reference is reported once: a second report (a reload of the result page) changes nothing. */
export async function insertEmbedBooking(
  db: Database,
  values: { ref: string; eventId: string; orderId: string; places: number },
): Promise<void> {
  await db.insert(embedBookings).values(values).onConflictDoNothing();
}

export async function findEmbedBooking(db: Database, ref: string) {
  const [booking] = await db
    .select({ places: embedBookings.places })
    .from(embedBookings)
    .where(eq(embedBookings.ref, ref));
  return booking;
}

/** References are read within minutes of their booking: older ones only take room. */
export async function deleteEmbedBookingsBefore(db: Database, before: Date): Promise<void> {
  await db.delete(embedBookings).where(lt(embedBookings.createdAt, before));
}
