import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client';
import type { events, orders, tickets } from '../../db/schema';

// The on-sale path runs for every buyer at once: its statements are written by hand, once,
// rather than built per request (a measured cost; see bench/onsale).

export type LiveEvent = Pick<
  typeof events.$inferSelect,
  | 'id'
  | 'organizerId'
  | 'title'
  | 'isPublic'
  | 'isOpen'
  | 'dateEnd'
  | 'dateMaxRefund'
  | 'nbMaxParticipants'
  | 'isNeedsUserStudies'
  | 'isMandatoryRefund'
  | 'isUserPaysFees'
  | 'paymentProvider'
>;
export type LiveTicket = Pick<
  typeof tickets.$inferSelect,
  | 'id'
  | 'parentId'
  | 'isMultipart'
  | 'title'
  | 'priceCents'
  | 'quantity'
  | 'sold'
  | 'held'
  | 'minToBuy'
  | 'maxToBuy'
  | 'isHidden'
  | 'isAvailable'
>;

export async function findLiveEvent(db: Database, id: string): Promise<LiveEvent | undefined> {
  const [row] = await queryRows<LiveEvent>(
    db,
    sql`select id, organizer_id as "organizerId", title, is_public as "isPublic", is_open as "isOpen",
               date_end as "dateEnd", date_max_refund as "dateMaxRefund", nb_max_participants as "nbMaxParticipants",
               is_needs_user_studies as "isNeedsUserStudies", is_mandatory_refund as "isMandatoryRefund",
               is_user_pays_fees as "isUserPaysFees", payment_provider as "paymentProvider"
          from events where id = ${id} and deleted_at is null`,
  );
  if (!row) return undefined;
  // Timestamps come back as text from one driver and Date from the other.
  return {
    ...row,
    dateEnd: new Date(row.dateEnd),
    dateMaxRefund: row.dateMaxRefund ? new Date(row.dateMaxRefund) : null,
  };
}

export function findLiveTickets(db: Database, eventId: string): Promise<LiveTicket[]> {
  return queryRows<LiveTicket>(
    db,
    sql`select id, parent_id as "parentId", is_multipart as "isMultipart", title, price_cents as "priceCents",
               quantity, sold, held, min_to_buy as "minToBuy", max_to_buy as "maxToBuy",
               is_hidden as "isHidden", is_available as "isAvailable"
          from tickets where event_id = ${eventId} and deleted_at is null`,
  );
}

export type NewOrder = Omit<typeof orders.$inferInsert, 'id' | 'createdAt'> & {
  lines: { ticketId: string; quantity: number; unitPriceCents: number; refundPlaces: number; insuranceCents: number }[];
};

/** The order and its lines in one statement; the id is made here, on the server. */
export async function insertOrderWithLines(db: Database, order: NewOrder): Promise<string> {
  const id = randomUUID();
  const lines = JSON.stringify(order.lines);
  await db.execute(sql`
    with created as (
      insert into orders (id, reference, event_id, user_id, buyer_email, buyer_first_name, buyer_last_name,
                          buyer_birth_date, studies, status, provider, discount_code_id, discount_percent,
                          subtotal_cents, discount_cents, insurance_cents, fee_cents, total_cents, ticket_count,
                          expires_at, access_token_hash, paid_at)
      values (${id}, ${order.reference}, ${order.eventId}, ${order.userId}, ${order.buyerEmail},
              ${order.buyerFirstName}, ${order.buyerLastName}, ${order.buyerBirthDate}, ${order.studies ?? null},
              ${order.status}, ${order.provider}, ${order.discountCodeId ?? null}, ${order.discountPercent ?? null},
              ${order.subtotalCents}, ${order.discountCents ?? 0}, ${order.insuranceCents ?? 0}, ${order.feeCents ?? 0},
              ${order.totalCents}, ${order.ticketCount}, ${order.expiresAt.toISOString()}::timestamptz,
              ${order.accessTokenHash ?? null}, ${order.paidAt ? order.paidAt.toISOString() : null}::timestamptz)
      returning id
    )
    insert into order_lines (order_id, ticket_id, quantity, unit_price_cents, refund_places, insurance_cents)
    select created.id, l."ticketId", l.quantity, l."unitPriceCents", l."refundPlaces", l."insuranceCents"
      from created, jsonb_to_recordset(${lines}::jsonb)
        as l("ticketId" uuid, quantity int, "unitPriceCents" int, "refundPlaces" int, "insuranceCents" int)`);
  return id;
}
