import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { events, orderLines, orders, participations, tickets, users } from '../../db/schema';
import { withEventAndTicket } from '../participations/with-ticket.repository';

const head = alias(tickets, 'head');
const organizer = alias(users, 'organizer');

/**
 * Live participations with what their tickets show, in the order of `participationIds`, in one
 * statement. With `ownerId`, only those that are that user's: anyone else's are answered as if
 * they did not exist. `evenCancelled`: refunded or cancelled ones too (a wallet pass shows it
 * voided), their event still not deleted.
 */
export async function findTicketViews(
  db: Database,
  participationIds: string[],
  ownerId?: string,
  options: { evenCancelled?: boolean } = {},
) {
  if (participationIds.length === 0) return [];
  const rows = await withEventAndTicket(
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
        inArray(participations.id, participationIds),
        ownerId === undefined ? undefined : eq(participations.userId, ownerId),
        options.evenCancelled ? undefined : isNull(participations.cancelledAt),
        isNull(events.deletedAt),
      ),
    );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return participationIds.flatMap((id) => byId.get(id) ?? []);
}

/** One participation's view, as `findTicketViews` reads it. */
export async function findTicketView(
  db: Database,
  participationId: string,
  ownerId?: string,
  options: { evenCancelled?: boolean } = {},
) {
  const [row] = await findTicketViews(db, [participationId], ownerId, options);
  return row;
}

export type TicketViewRow = Awaited<ReturnType<typeof findTicketViews>>[number];

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
