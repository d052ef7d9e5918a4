import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { events, orderLines, orders, participations, tickets, users } from '../../db/schema';
import { withEventAndTicket } from '../participations/with-ticket.repository';

const head = alias(tickets, 'head');
const organizer = alias(users, 'organizer');

/**
 * A live participation with what its ticket shows. With `ownerId`, only when it is that
 * user's: anyone else is answered as if it did not exist. `evenCancelled`: a refunded or
 * cancelled one too (a wallet pass shows it voided), its event still not deleted.
 */
export async function findTicketView(
  db: Database,
  participationId: string,
  ownerId?: string,
  options: { evenCancelled?: boolean } = {},
) {
  const [row] = await withEventAndTicket(
    db
      .select({
        id: participations.id,
        eventId: participations.eventId,
        quantity: participations.quantity,
        firstTicketNumber: participations.firstTicketNumber,
        isGift: participations.isGift,
        holderFirstName: participations.holderFirstName,
        holderLastName: participations.holderLastName,
        eventTitle: events.title,
        // A place bought for one date of several (issue 32) shows that date; a pass, the event's span.
        dateBegin:
          sql<Date>`coalesce((select d.date_begin from event_dates d where d.id = ${participations.dateId}), ${events.dateBegin})`.mapWith(
            events.dateBegin,
          ),
        dateEnd:
          sql<Date>`coalesce((select d.date_end from event_dates d where d.id = ${participations.dateId}), ${events.dateEnd})`.mapWith(
            events.dateEnd,
          ),
        address: events.address,
        ticketTitle: tickets.title,
        headTitle: head.title,
        organizerFirstName: organizer.firstName,
        organizerLastName: organizer.lastName,
        orderReference: orders.reference,
        discountPercent: orders.discountPercent,
        lineUnitPriceCents: orderLines.unitPriceCents,
        // The order's buyer names only their own places: a place transferred to someone is theirs.
        buyerFirstName: sql<
          string | null
        >`case when ${orders.userId} = ${participations.userId} then ${orders.buyerFirstName} end`,
        buyerLastName: sql<
          string | null
        >`case when ${orders.userId} = ${participations.userId} then ${orders.buyerLastName} end`,
        userFirstName: users.firstName,
        userLastName: users.lastName,
        cancelledAt: participations.cancelledAt,
      })
      .from(participations)
      .$dynamic(),
  )
    .innerJoin(users, eq(users.id, participations.userId))
    .innerJoin(organizer, eq(organizer.id, events.organizerId))
    .leftJoin(head, eq(head.id, tickets.parentId))
    .leftJoin(orders, eq(orders.id, participations.orderId))
    // The line the participation was sold on: its price per place before the order's discount.
    .leftJoin(
      orderLines,
      and(
        eq(orderLines.orderId, participations.orderId),
        eq(orderLines.ticketId, participations.ticketId),
        eq(orderLines.isGift, participations.isGift),
      ),
    )
    .where(
      and(
        eq(participations.id, participationId),
        ownerId === undefined ? undefined : eq(participations.userId, ownerId),
        options.evenCancelled ? undefined : isNull(participations.cancelledAt),
        isNull(events.deletedAt),
      ),
    )
    .limit(1);
  return row;
}

export type TicketViewRow = NonNullable<Awaited<ReturnType<typeof findTicketView>>>;

/** The ids of an order's valid places that `ownerId` holds, in ticket-number order. */
export async function findOwnOrderPlaceIds(db: Database, orderId: string, ownerId: string): Promise<string[]> {
  const rows = await db
    .select({ id: participations.id })
    .from(participations)
    .where(
      and(eq(participations.orderId, orderId), eq(participations.userId, ownerId), isNull(participations.cancelledAt)),
    )
    .orderBy(
      sql`${participations.firstTicketNumber} nulls last`,
      asc(participations.createdAt),
      asc(participations.id),
    );
  return rows.map((row) => row.id);
}
