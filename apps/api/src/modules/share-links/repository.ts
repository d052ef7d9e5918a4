import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { shareLinks, tickets } from '../../db/schema';

/** The hidden head tickets of an event (plain or with choices), in the organiser's order. */
export function findHiddenHeadTickets(db: Database, eventId: string) {
  return db
    .select({
      id: tickets.id,
      title: tickets.title,
      description: tickets.description,
      priceCents: tickets.priceCents,
    })
    .from(tickets)
    .where(
      and(
        eq(tickets.eventId, eventId),
        eq(tickets.isHidden, true),
        isNull(tickets.parentId),
        isNull(tickets.deletedAt),
      ),
    )
    .orderBy(asc(tickets.position), asc(tickets.createdAt));
}

export async function insertShareLink(
  db: Database,
  values: { key: string; eventId: string; ticketIds: string[]; createdBy: string },
): Promise<void> {
  await db.insert(shareLinks).values(values);
}

/** The event's invitation link: a link that opens the event itself and no hidden ticket. */
export async function findInviteLinkKey(db: Database, eventId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ key: shareLinks.key })
    .from(shareLinks)
    .where(and(eq(shareLinks.eventId, eventId), sql`cardinality(${shareLinks.ticketIds}) = 0`))
    .orderBy(desc(shareLinks.createdAt))
    .limit(1);
  return row?.key;
}
