import type { VatRate } from '@guichet/shared';
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client';
import { isoTimestamp } from '../../db/iso-timestamp';

export type DoorTicketRow = {
  id: string;
  parentId: string | null;
  isMultipart: boolean;
  title: string;
  description: string;
  priceCents: number;
  vatRate: VatRate;
  remaining: number;
  minToBuy: number;
  maxToBuy: number;
  isAvailable: boolean;
  isHidden: boolean;
  isNamed: boolean;
};

/**
 * The event's tickets as the door sells them, hidden ones included (the organiser sells what they
 * like), with the places left: holds past their deadline count as free, as for online readers.
 */
export function findDoorTickets(db: Database, eventId: string, now: Date): Promise<DoorTicketRow[]> {
  return queryRows<DoorTicketRow>(
    db,
    sql`select t.id, t.parent_id as "parentId", t.is_multipart as "isMultipart", t.title, t.description,
               t.price_cents as "priceCents", t.vat_rate as "vatRate",
               greatest(0, t.quantity - t.sold - t.held + coalesce((
                 select sum(l.quantity) from order_lines l join orders o on o.id = l.order_id
                  where l.ticket_id = t.id and o.status = 'awaiting_payment'
                    and o.expires_at <= ${now.toISOString()}::timestamptz), 0))::int as remaining,
               t.min_to_buy as "minToBuy", t.max_to_buy as "maxToBuy", t.is_available as "isAvailable",
               t.is_hidden as "isHidden", e.is_named_tickets as "isNamed"
          from tickets t
          join events e on e.id = t.event_id
         where t.event_id = ${eventId} and t.deleted_at is null
         order by t.position, t.created_at`,
  );
}

type DoorSaleRow = {
  participationId: string;
  firstName: string;
  lastName: string;
  email: string;
  ticket: string;
  quantity: number;
  totalCents: number;
  payment: 'cash' | 'card' | 'free';
  soldAt: string;
  soldBy: string | null;
};

/** The latest sales at the door, newest first: one row per sale, its places counted, with who made it; `seller`'s own only when given. */
export function findRecentDoorSales(
  db: Database,
  eventId: string,
  limit: number,
  seller: string | null,
): Promise<DoorSaleRow[]> {
  return queryRows<DoorSaleRow>(
    db,
    sql`select (array_agg(p.id order by p.first_ticket_number nulls last, p.id))[1] as "participationId",
               o.buyer_first_name as "firstName", o.buyer_last_name as "lastName",
               o.buyer_email as email, coalesce(h.title || ' — ' || t.title, t.title) as ticket,
               count(*)::int as quantity,
               o.total_cents as "totalCents", o.onsite_payment as payment,
               ${isoTimestamp('min(p.created_at)')} as "soldAt",
               nullif(trim(coalesce(s.first_name, '') || ' ' || coalesce(s.last_name, '')), '') as "soldBy"
          from participations p
          join orders o on o.id = p.order_id
          left join users s on s.id = o.sold_by
          join tickets t on t.id = p.ticket_id
          left join tickets h on h.id = t.parent_id
         where p.event_id = ${eventId} and p.source = 'presentiel' and p.cancelled_at is null
           and (${seller}::uuid is null or o.sold_by = ${seller}::uuid)
         group by o.id, t.id, h.title, s.first_name, s.last_name
         order by min(p.created_at) desc, o.id
         limit ${limit}`,
  );
}
