import type { VatRate } from '@guichet/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client';

/*
 * An event's declarations, summed by PostgreSQL. Months are Paris calendar months: the invoices
 * by the day they were issued, the places by the day they were paid for (or given).
 */

const PARIS = 'Europe/Paris';

/** `at` within the Paris month 'YYYY-MM', or always true without one. */
const inMonth = (at: SQL, month: string | undefined) =>
  month
    ? sql`${at} >= (${`${month}-01`}::timestamp at time zone ${PARIS})
          and ${at} < ((${`${month}-01`}::timestamp + interval '1 month') at time zone ${PARIS})`
    : sql`true`;

export type EventOfDeclarations = { id: string; title: string; category: string | null };

export async function findEventOfDeclarations(db: Database, eventId: string): Promise<EventOfDeclarations | undefined> {
  const [row] = await queryRows<EventOfDeclarations>(
    db,
    sql`select e.id, e.title, t.label as category
          from events e left join event_types t on t.id = e.type_id
         where e.id = ${eventId}`,
  );
  return row;
}

/**
 * Whose figures a row is (issue 32): a date's id, or 'passes'. A place or line of a one-date event,
 * or sold before its event had dates, is its one (first) date's, whose id is the event's.
 */
export const PASSES = 'passes';

export type RevenueRow = { dateKey: string; vatRate: VatRate; revenueExclVatCents: number; vatCents: number };

/**
 * The tickets' revenue per VAT rate, from the lines of the documents issued in the organiser's
 * name for the event's orders: each line as it was frozen at issue (a rate changed later does
 * not move it); a credit note's negative lines count against the month it was issued in. Per date
 * (the line's `dateId`) and the passes apart.
 */
export async function revenueByRate(db: Database, eventId: string, month: string | undefined): Promise<RevenueRow[]> {
  return queryRows<RevenueRow>(
    db,
    sql`select case when t.is_pass then ${PASSES} else coalesce(line->>'dateId', o.event_id::text) end as "dateKey",
               line->>'vatRate' as "vatRate",
               coalesce(sum((line->>'exclVatCents')::bigint), 0)::float8 as "revenueExclVatCents",
               coalesce(sum((line->>'vatCents')::bigint), 0)::float8 as "vatCents"
          from invoices i
          join orders o on o.id = i.order_id
          cross join lateral jsonb_array_elements(i.document->'lines') as line
          left join tickets t on t.id = nullif(line->>'ticketId', '')::uuid
         where o.event_id = ${eventId} and i.issuer = 'organizer'
           and ${inMonth(sql`i.issued_at`, month)}
         group by 1, 2`,
  );
}

export type PlaceCounts = { paidTickets: number; freeTickets: number };
export type PlaceCountRow = PlaceCounts & { dateKey: string };

/**
 * The places the event's live participations hold, paid or free. A place is paid when its order
 * was paid (or awaits a refund decision), it is not a gift and its order line's price after the
 * promo code is above 0; every other live place is free (a free ticket, a gift, an invitation, a
 * door sale at 0). Places refunded are gone from their participation (refunds shrink or cancel
 * it), so they count nowhere. Per date, the passes apart.
 */
export function placeCounts(db: Database, eventId: string, month: string | undefined): Promise<PlaceCountRow[]> {
  return queryRows<PlaceCountRow>(
    db,
    sql`with places as (
          select case when t.is_pass then ${PASSES} else coalesce(p.date_id, p.event_id)::text end as date_key,
                 p.quantity,
                 not p.is_gift and o.status in ('paid', 'refund_requested')
                   and (2 * l.unit_price_cents * (100 - coalesce(o.discount_percent, 0)) + 100) / 200 > 0 as paid
            from participations p
            join tickets t on t.id = p.ticket_id
            left join orders o on o.id = p.order_id
            left join lateral (select * from order_lines ol where ol.order_id = p.order_id and ol.ticket_id = p.ticket_id
                       and ol.is_gift = p.is_gift order by ol.date_id is not distinct from p.date_id desc limit 1) l on true
           where p.event_id = ${eventId} and p.cancelled_at is null
             and ${inMonth(sql`coalesce(o.paid_at, p.created_at)`, month)})
        select date_key as "dateKey", coalesce(sum(quantity) filter (where paid), 0)::int as "paidTickets",
               coalesce(sum(quantity) filter (where paid is not true), 0)::int as "freeTickets"
          from places group by 1`,
  );
}
