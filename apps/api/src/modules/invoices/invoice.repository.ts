import type { CompanyInvoice, VatRate } from '@guichet/shared';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { arrayLiteral } from '../../db/array-literal';
import { type Database, queryRows } from '../../db/client';
import { invoices } from '../../db/schema';
import type { InvoiceDocument } from './document';
import type { PlaceToNumber } from './numbering';

/** A paid order as its invoices need it, with its lines priced as they were sold. */
export type OrderToInvoice = {
  id: string;
  reference: string;
  status: string;
  eventId: string;
  eventTitle: string;
  eventDateBegin: string;
  organizerId: string;
  organizerName: string;
  buyerFirstName: string;
  buyerLastName: string;
  buyerEmail: string;
  companyInvoice: CompanyInvoice | null;
  discountPercent: number | null;
  subtotalCents: number;
  insuranceCents: number;
  feeCents: number;
  totalCents: number;
  lines: {
    ticketId: string;
    label: string;
    quantity: number;
    unitPriceCents: number;
    refundPlaces: number;
    isGift: boolean;
    vatRate: VatRate;
    dateId: string | null;
  }[];
};

export async function findOrderToInvoice(db: Database, orderId: string): Promise<OrderToInvoice | undefined> {
  const [row] = await queryRows<OrderToInvoice>(
    db,
    sql`select o.id, o.reference, o.status, o.event_id as "eventId", e.title as "eventTitle",
               to_char(e.date_begin at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "eventDateBegin",
               e.organizer_id as "organizerId", btrim(u.first_name || ' ' || u.last_name) as "organizerName",
               o.buyer_first_name as "buyerFirstName", o.buyer_last_name as "buyerLastName",
               o.buyer_email as "buyerEmail", o.company_invoice as "companyInvoice", o.discount_percent as "discountPercent",
               o.subtotal_cents as "subtotalCents", o.insurance_cents as "insuranceCents",
               o.fee_cents as "feeCents", o.total_cents as "totalCents",
               coalesce((select json_agg(json_build_object(
                          'ticketId', t.id, 'label', coalesce(h.title || ' — ', '') || t.title, 'quantity', l.quantity,
                          'unitPriceCents', l.unit_price_cents, 'refundPlaces', l.refund_places, 'isGift', l.is_gift,
                          'vatRate', t.vat_rate, 'dateId', l.date_id)
                          order by t.position, l.id)
                          from order_lines l join tickets t on t.id = l.ticket_id
                          left join tickets h on h.id = t.parent_id
                         where l.order_id = o.id), '[]') as lines
          from orders o join events e on e.id = o.event_id join users u on u.id = e.organizer_id
         where o.id = ${orderId}`,
  );
  return row;
}

/** The paid orders whose documents are owed (orders_documents_owed_idx), oldest payment first. */
export async function findOrdersOwingDocuments(db: Database, limit: number): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select id from orders
         where documents_issued_at is null and status in ('paid', 'refund_requested', 'refunded')
         order by paid_at
         limit ${limit}`,
  );
  return rows.map((row) => row.id);
}

export async function markDocumentsIssued(db: Database, orderId: string): Promise<void> {
  await queryRows(db, sql`update orders set documents_issued_at = now() where id = ${orderId}`);
}

export function invoiceIssued(db: Database, sourceKey: string) {
  return db.select({ id: invoices.id }).from(invoices).where(eq(invoices.sourceKey, sourceKey)).limit(1);
}

/** An issued document's row: its number, kind, issuer and totals are the document's own. */
export async function insertInvoice(
  db: Database,
  document: InvoiceDocument,
  row: Pick<
    typeof invoices.$inferInsert,
    'series' | 'seq' | 'orderId' | 'payoutId' | 'organizerId' | 'correctsId' | 'sourceKey'
  >,
) {
  await db.insert(invoices).values({
    ...row,
    number: document.number,
    kind: document.kind,
    issuer: document.issuer,
    document: document as unknown as Record<string, unknown>,
    totalCents: document.inclVatCents,
    vatCents: document.vatCents,
  });
}

export type InvoiceRow = Omit<typeof invoices.$inferSelect, 'document'> & { document: InvoiceDocument };

export async function findOrderInvoices(db: Database, orderId: string): Promise<InvoiceRow[]> {
  const rows = await db.select().from(invoices).where(eq(invoices.orderId, orderId)).orderBy(asc(invoices.issuedAt));
  return rows as unknown as InvoiceRow[];
}

export async function findOrderInvoice(db: Database, orderId: string, id: string): Promise<InvoiceRow | undefined> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), eq(invoices.id, id)));
  return row as unknown as InvoiceRow | undefined;
}

/**
 * The participations of an order (or, without one, of an event) still waiting for their numbers;
 * one whose places were all refunded before it was numbered has none to take.
 */
export async function findUnnumbered(
  db: Database,
  where: { orderId: string } | { eventId: string },
): Promise<(PlaceToNumber & { id: string; quantity: number })[]> {
  return queryRows(
    db,
    sql`select p.id, p.event_id as "eventId", p.quantity, p.date_id as "dateId", t.is_pass as "isPass",
               exists (select 1 from event_dates d where d.event_id = p.event_id) as "hasDates"
          from participations p join tickets t on t.id = p.ticket_id
         where p.first_ticket_number is null and p.quantity > 0
           and ${'orderId' in where ? sql`p.order_id = ${where.orderId}` : sql`p.event_id = ${where.eventId}`}
         order by p.created_at, p.id
         for update of p skip locked`,
  );
}

export async function findEventsWithUnnumbered(db: Database, limit: number): Promise<string[]> {
  const rows = await queryRows<{ eventId: string }>(
    db,
    sql`select distinct event_id as "eventId" from participations
         where first_ticket_number is null and quantity > 0 limit ${limit}`,
  );
  return rows.map((row) => row.eventId);
}

export async function setFirstTicketNumber(
  db: Database,
  participationId: string,
  numbered: { first: number; series: string },
): Promise<void> {
  await queryRows(
    db,
    sql`update participations set first_ticket_number = ${numbered.first}, number_series = ${numbered.series}
         where id = ${participationId}`,
  );
}

export async function findOrdersOfParticipations(db: Database, participationIds: string[]): Promise<string[]> {
  if (participationIds.length === 0) return [];
  const rows = await queryRows<{ orderId: string }>(
    db,
    sql`select distinct order_id as "orderId" from participations
         where id = any(${arrayLiteral(participationIds)}::uuid[]) and order_id is not null`,
  );
  return rows.map((row) => row.orderId);
}

/** Locks the order's row for the issuing of its documents (not its key: invoices may still point at it). */
export async function lockOrder(db: Database, orderId: string): Promise<boolean> {
  const rows = await queryRows(db, sql`select id from orders where id = ${orderId} for no key update`);
  return rows.length > 0;
}

export async function findInvoice(db: Database, id: string): Promise<InvoiceRow | undefined> {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id));
  return row as unknown as InvoiceRow | undefined;
}

/** The invoice of the commission a payout deducted, if it issued one. */
export async function findPayoutCommissionInvoice(db: Database, payoutId: string): Promise<InvoiceRow | undefined> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.payoutId, payoutId), eq(invoices.kind, 'invoice')))
    .limit(1);
  return row as unknown as InvoiceRow | undefined;
}

/**
 * The order's invoice of an issuer still standing: the last one issued (an invoice cancelled for a
 * company's is followed by its replacement, in the same series).
 */
export async function findStandingInvoice(
  db: Database,
  orderId: string,
  issuer: 'organizer' | 'platform',
): Promise<InvoiceRow | undefined> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), eq(invoices.issuer, issuer), eq(invoices.kind, 'invoice')))
    .orderBy(desc(invoices.seq))
    .limit(1);
  return row as unknown as InvoiceRow | undefined;
}

/**
 * What decides whether an order's invoices may still be made out to a company: refunded means a
 * refund given or asked (not refused), or the event cancelled.
 */
export async function findOrderForCompany(db: Database, orderId: string) {
  const [row] = await queryRows<{
    status: string;
    companyInvoice: CompanyInvoice | null;
    documentsIssued: boolean;
    refunded: boolean;
  }>(
    db,
    sql`select o.status, o.company_invoice as "companyInvoice", o.documents_issued_at is not null as "documentsIssued",
               (e.cancelled_at is not null
                or exists (select 1 from refunds r where r.order_id = o.id and r.status <> 'refused')
                or exists (select 1 from participations p
                            where p.order_id = o.id and p.refund_requested_at is not null
                              and not exists (select 1 from refunds r
                                               where r.participation_id = p.id and r.status = 'refused'))) as refunded
          from orders o join events e on e.id = o.event_id
         where o.id = ${orderId}`,
  );
  return row;
}
