import { and, eq, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { events, orders, participations, tickets, users } from '../../db/schema';

const head = alias(tickets, 'head');

/**
 * A live participation with what its ticket shows. With `ownerId`, only when it is that
 * user's: anyone else is answered as if it did not exist.
 */
export async function findTicketView(db: Database, participationId: string, ownerId?: string) {
  const [row] = await db
    .select({
      id: participations.id,
      eventId: participations.eventId,
      quantity: participations.quantity,
      isGift: participations.isGift,
      eventTitle: events.title,
      dateBegin: events.dateBegin,
      dateEnd: events.dateEnd,
      address: events.address,
      ticketTitle: tickets.title,
      headTitle: head.title,
      orderReference: orders.reference,
      buyerFirstName: orders.buyerFirstName,
      buyerLastName: orders.buyerLastName,
      userFirstName: users.firstName,
      userLastName: users.lastName,
    })
    .from(participations)
    .innerJoin(events, eq(events.id, participations.eventId))
    .innerJoin(tickets, eq(tickets.id, participations.ticketId))
    .innerJoin(users, eq(users.id, participations.userId))
    .leftJoin(head, eq(head.id, tickets.parentId))
    .leftJoin(orders, eq(orders.id, participations.orderId))
    .where(
      and(
        eq(participations.id, participationId),
        ownerId === undefined ? undefined : eq(participations.userId, ownerId),
        isNull(participations.cancelledAt),
        isNull(events.deletedAt),
      ),
    )
    .limit(1);
  return row;
}

export type TicketViewRow = NonNullable<Awaited<ReturnType<typeof findTicketView>>>;
