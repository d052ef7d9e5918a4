import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { discountCodes, events, eventTypes, participations, ticketGifts, tickets, users } from '../../db/schema';

export type EventRow = typeof events.$inferSelect;
export type TicketRow = typeof tickets.$inferSelect;

export async function findEventType(db: Database, type: string | number): Promise<number | null> {
  const numeric = typeof type === 'number' ? type : /^\d+$/.test(type) ? Number(type) : null;
  const [row] = await db
    .select({ id: eventTypes.id })
    .from(eventTypes)
    .where(
      numeric !== null ? eq(eventTypes.id, numeric) : sql`lower(${eventTypes.label}) = lower(${String(type).trim()})`,
    )
    .limit(1);
  return row?.id ?? null;
}

export async function findEventTypeLabel(db: Database, id: number): Promise<string | null> {
  const [row] = await db.select({ label: eventTypes.label }).from(eventTypes).where(eq(eventTypes.id, id)).limit(1);
  return row?.label ?? null;
}

export async function findUser(db: Database, id: string) {
  return db.query.users.findFirst({ where: and(eq(users.id, id), isNull(users.deletedAt)) });
}

export async function findEvent(db: Database, id: string): Promise<EventRow | undefined> {
  return db.query.events.findFirst({ where: and(eq(events.id, id), isNull(events.deletedAt)) });
}

/** Locks the event row: ticket and code changes of one event happen one at a time. */
export async function lockEvent(db: Database, id: string): Promise<EventRow | undefined> {
  const [row] = await db
    .select()
    .from(events)
    .where(and(eq(events.id, id), isNull(events.deletedAt)))
    .for('no key update');
  return row;
}

export async function insertEvent(db: Database, values: typeof events.$inferInsert): Promise<EventRow> {
  const [row] = await db.insert(events).values(values).returning();
  if (!row) throw new Error('event not inserted');
  return row;
}

export async function insertTicket(db: Database, values: typeof tickets.$inferInsert): Promise<TicketRow> {
  const [row] = await db.insert(tickets).values(values).returning();
  if (!row) throw new Error('ticket not inserted');
  return row;
}

export function findTickets(db: Database, eventId: string): Promise<TicketRow[]> {
  return db
    .select()
    .from(tickets)
    .where(and(eq(tickets.eventId, eventId), isNull(tickets.deletedAt)))
    .orderBy(asc(tickets.position), asc(tickets.createdAt));
}

export async function findTicket(db: Database, id: string): Promise<TicketRow | undefined> {
  return db.query.tickets.findFirst({ where: and(eq(tickets.id, id), isNull(tickets.deletedAt)) });
}

export async function nextTicketPosition(db: Database, eventId: string): Promise<number> {
  const [row] = await db
    .select({ next: sql<number>`coalesce(max(${tickets.position}), -1) + 1` })
    .from(tickets)
    .where(eq(tickets.eventId, eventId));
  return Number(row?.next ?? 0);
}

export async function updateTicket(db: Database, id: string, values: Partial<typeof tickets.$inferInsert>) {
  if (Object.keys(values).length === 0) return;
  await db.update(tickets).set(values).where(eq(tickets.id, id));
}

/**
 * Sets a quantity only if it stays at or above the places already taken, in one statement:
 * two organisers editing at once can never leave a ticket below its sales. Held places count:
 * their payment may still arrive and turn them into sales.
 */
export async function setTicketQuantity(db: Database, id: string, quantity: number): Promise<boolean> {
  const rows = await db
    .update(tickets)
    .set({ quantity })
    .where(and(eq(tickets.id, id), sql`${tickets.sold} + ${tickets.held} <= ${quantity}`))
    .returning({ id: tickets.id });
  return rows.length === 1;
}

/** Places sold or held on the event, counted as the cap counts them (orders/sql/guichet_take_places.sql). */
export async function countPlacesTaken(db: Database, eventId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`coalesce(sum(${tickets.sold} + ${tickets.held}), 0)` })
    .from(tickets)
    .where(and(eq(tickets.eventId, eventId), isNull(tickets.deletedAt), eq(tickets.isMultipart, false)));
  return Number(row?.count ?? 0);
}

export async function updateOptionsOf(db: Database, parentId: string, values: Partial<typeof tickets.$inferInsert>) {
  if (Object.keys(values).length === 0) return;
  await db
    .update(tickets)
    .set(values)
    .where(and(eq(tickets.parentId, parentId), isNull(tickets.deletedAt)));
}

export async function deleteTickets(db: Database, ids: string[]) {
  if (ids.length) await db.delete(tickets).where(inArray(tickets.id, ids));
}

/** The event's tickets that hold a live participation. */
export async function findTicketIdsWithParticipations(db: Database, eventId: string): Promise<Set<string>> {
  const rows = await db
    .selectDistinct({ ticketId: participations.ticketId })
    .from(participations)
    .where(and(eq(participations.eventId, eventId), isNull(participations.cancelledAt)));
  return new Set(rows.map((row) => row.ticketId));
}

export async function countPaidParticipations(db: Database, eventId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)` })
    .from(participations)
    .innerJoin(tickets, eq(tickets.id, participations.ticketId))
    .where(and(eq(participations.eventId, eventId), isNull(participations.cancelledAt), gt(tickets.priceCents, 0)));
  return Number(row?.count ?? 0);
}

/** Paid places sold or held by the tickets' own counters: what the participations may not show yet. */
export async function countPaidPlacesTaken(db: Database, eventId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`coalesce(sum(${tickets.sold} + ${tickets.held}), 0)` })
    .from(tickets)
    .where(and(eq(tickets.eventId, eventId), isNull(tickets.deletedAt), gt(tickets.priceCents, 0)));
  return Number(row?.count ?? 0);
}

export function findDiscounts(db: Database, eventId: string) {
  return db
    .select()
    .from(discountCodes)
    .where(eq(discountCodes.eventId, eventId))
    .orderBy(asc(discountCodes.createdAt));
}

export async function insertDiscount(db: Database, values: typeof discountCodes.$inferInsert) {
  const [row] = await db.insert(discountCodes).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function findDiscount(db: Database, id: string) {
  return db.query.discountCodes.findFirst({ where: eq(discountCodes.id, id) });
}

/** Like ticket quantities, a code's quantity never drops below its uses. */
export async function updateDiscount(
  db: Database,
  id: string,
  values: { isEnabled?: boolean; quantity?: number },
): Promise<boolean> {
  const rows = await db
    .update(discountCodes)
    .set(values)
    .where(
      and(
        eq(discountCodes.id, id),
        values.quantity === undefined ? undefined : sql`${discountCodes.used} <= ${values.quantity}`,
      ),
    )
    .returning({ id: discountCodes.id });
  return rows.length === 1;
}

/** Replaces the tickets offered with `ticketId`, keeping its flag read by the event page in step. */
export async function replaceGifts(tx: Database, ticketId: string, giftTicketIds: string[]) {
  await tx.delete(ticketGifts).where(eq(ticketGifts.ticketId, ticketId));
  if (giftTicketIds.length > 0) {
    await tx.insert(ticketGifts).values(giftTicketIds.map((giftTicketId) => ({ ticketId, giftTicketId })));
  }
  await tx
    .update(tickets)
    .set({ hasGiftTickets: giftTicketIds.length > 0 })
    .where(eq(tickets.id, ticketId));
}

export async function refreshGiftFlags(tx: Database, eventId: string) {
  await tx.execute(sql`update tickets t
      set has_gift_tickets = exists (select 1 from ticket_gifts g where g.ticket_id = t.id)
    where t.event_id = ${eventId}`);
}
