import {
  type CompanyInvoice,
  checkoutStepsFr,
  discountedUnitPriceCents,
  PLATFORM_VAT_RATE,
  splitVat,
  type VatRate,
  vatByRate,
} from '@guichet/shared';
import type { Database } from '../../db/client';
import type { MailAttachmentRef } from '../../db/schema';
import { withPaidSummary } from '../../mail/confirmation-mail';
import { completeQueuedMail } from '../../mail/outbox';
import type { InvoiceDocument, InvoiceLine, InvoiceParty } from './document';
import * as repo from './invoice.repository';
import { invoiceNumber, organizerInvoiceSeries, PLATFORM_INVOICE_SERIES, placeSeries, takeNumbers } from './numbering';

/** Who sells: the organiser's billing identity, and the platform's own. */
export type Sellers = {
  platform: InvoiceParty;
  organizer(db: Database, organizerId: string, fallbackName: string): Promise<InvoiceParty & { vatFranchise: boolean }>;
};

/** Gives the places of the order's participations (or, without an order, of an event's) their numbers. */
export async function numberTickets(tx: Database, where: { orderId: string } | { eventId: string }): Promise<void> {
  const unnumbered = await repo.findUnnumbered(tx, where);
  const bySeries = new Map<string, typeof unnumbered>();
  for (const participation of unnumbered) {
    const series = placeSeries(participation);
    bySeries.set(series, [...(bySeries.get(series) ?? []), participation]);
  }
  // One event's dates and passes in practice; sorted so that two numberings never wait on each other's series.
  for (const [series, participations] of [...bySeries].sort(([a], [b]) => a.localeCompare(b))) {
    const places = participations.reduce((sum, participation) => sum + participation.quantity, 0);
    let next = await takeNumbers(tx, series, places);
    for (const participation of participations) {
      await repo.setFirstTicketNumber(tx, participation.id, { first: next, series });
      next += participation.quantity;
    }
  }
}

const line = (label: string, quantity: number, unitInclVatCents: number, vatRate: VatRate): InvoiceLine => {
  const split = splitVat(unitInclVatCents * quantity, vatRate);
  return { label, quantity, unitInclVatCents, vatRate, ...split };
};

/** The tickets, sold by the organiser, at the price paid (after the promo code). */
function ticketLines(order: repo.OrderToInvoice, vatFranchise: boolean): InvoiceLine[] {
  return order.lines
    .filter((sold) => !sold.isGift)
    .map((sold) => ({ ...sold, unit: discountedUnitPriceCents(sold.unitPriceCents, order.discountPercent) }))
    .filter((sold) => sold.unit > 0)
    .map((sold) => ({
      ...line(sold.label, sold.quantity, sold.unit, vatFranchise ? 'none' : sold.vatRate),
      ticketId: sold.ticketId,
      ...(sold.dateId && { dateId: sold.dateId }),
    }));
}

/** The platform's own sale to the buyer: the service fee and the refund option. */
function platformLines(order: repo.OrderToInvoice): InvoiceLine[] {
  const m = checkoutStepsFr.basket;
  const insured = order.lines.reduce((sum, sold) => sum + sold.refundPlaces, 0);
  return [
    ...(order.feeCents > 0 ? [line(m.serviceFee, 1, order.feeCents, PLATFORM_VAT_RATE)] : []),
    ...(order.insuranceCents > 0 ? [line(m.insurance(insured), 1, order.insuranceCents, PLATFORM_VAT_RATE)] : []),
  ];
}

export function totalsOf(lines: InvoiceLine[]) {
  const sum = (pick: (l: InvoiceLine) => number) => lines.reduce((total, l) => total + pick(l), 0);
  return {
    lines,
    vatByRate: vatByRate(lines),
    exclVatCents: sum((l) => l.exclVatCents),
    vatCents: sum((l) => l.vatCents),
    inclVatCents: sum((l) => l.inclVatCents),
  };
}

/** The company an order's invoices are made out to, as they print it (its SIREN, SIRET and VAT number). */
export function companyParty(company: CompanyInvoice): InvoiceParty {
  return {
    name: company.name,
    addressLines: company.address.split('\n'),
    siren: company.siren,
    siret: company.siret,
    vatNumber: company.vatNumber,
  };
}

/**
 * Whom the order's invoices name: the company the buyer gave, whose invoices are Factur-X, or the
 * buyer themself.
 */
function buyerOf(order: repo.OrderToInvoice): { buyer: InvoiceParty; facturX?: true } {
  if (order.companyInvoice) return { buyer: companyParty(order.companyInvoice), facturX: true };
  return {
    buyer: {
      name: `${order.buyerFirstName} ${order.buyerLastName}`.trim(),
      addressLines: [],
      email: order.buyerEmail,
    },
  };
}

export type IssueOptions = { sellers: Sellers };

/**
 * Issues what a paid order owes its buyer, once: the organiser's invoice for the tickets (in the
 * organiser's series, issued by the platform on their behalf) and the platform's for its fee and
 * refund option, and numbers the order's places. Its own transaction, after the payment's: the
 * series' rows are locked only while the documents are written (numbering.ts).
 */
export async function issueOrderDocuments(db: Database, orderId: string, options: IssueOptions): Promise<void> {
  await db.transaction(async (tx) => {
    // One issuing of an order at a time: the second finds the first's documents and adds none.
    if (!(await repo.lockOrder(tx, orderId))) return;
    await numberTickets(tx, { orderId });
    const order = await repo.findOrderToInvoice(tx, orderId);
    if (!order || !['paid', 'refund_requested', 'refunded'].includes(order.status)) return;
    await repo.markDocumentsIssued(tx, order.id);
    if (order.totalCents === 0) return;
    const common = {
      kind: 'invoice' as const,
      ...buyerOf(order),
      corrects: null,
      orderReference: order.reference,
      eventTitle: order.eventTitle,
      eventDate: order.eventDateBegin,
    };

    const organizerKey = `order:${order.id}:organizer`;
    const seller = await options.sellers.organizer(tx, order.organizerId, order.organizerName);
    const tickets = ticketLines(order, seller.vatFranchise);
    if (tickets.length > 0 && (await repo.invoiceIssued(tx, organizerKey)).length === 0) {
      const series = organizerInvoiceSeries(order.organizerId);
      const seq = await takeNumbers(tx, series, 1);
      const { vatFranchise, ...party } = seller;
      const document: InvoiceDocument = {
        ...common,
        number: invoiceNumber('organizer', seq),
        issuer: 'organizer',
        issuedAt: new Date().toISOString(),
        seller: party,
        issuedOnBehalfBy: options.sellers.platform.name,
        vatFranchise,
        ...totalsOf(tickets),
      };
      await repo.insertInvoice(tx, document, {
        series,
        seq,
        orderId: order.id,
        organizerId: order.organizerId,
        sourceKey: organizerKey,
      });
    }

    const platformKey = `order:${order.id}:platform`;
    const services = platformLines(order);
    if (services.length > 0 && (await repo.invoiceIssued(tx, platformKey)).length === 0) {
      const seq = await takeNumbers(tx, PLATFORM_INVOICE_SERIES, 1);
      const document: InvoiceDocument = {
        ...common,
        number: invoiceNumber('platform', seq),
        issuer: 'platform',
        issuedAt: new Date().toISOString(),
        seller: options.sellers.platform,
        issuedOnBehalfBy: null,
        vatFranchise: false,
        ...totalsOf(services),
      };
      await repo.insertInvoice(tx, document, {
        series: PLATFORM_INVOICE_SERIES,
        seq,
        orderId: order.id,
        sourceKey: platformKey,
      });
    }
  });
}

/**
 * The documents a confirmation mail carries, issued before it is made: its tickets' numbers and
 * its order's invoices, which join the mail as files with what was paid, line by line. Runs in
 * the mail's job, so the payment's transaction never waits on a series.
 */
export async function issueDocumentsOfMail(
  db: Database,
  mail: { id: string; text: string; html: string | null; attachments: MailAttachmentRef[] | null },
  options: IssueOptions,
): Promise<void> {
  const refs = mail.attachments ?? [];
  const participationIds = refs.flatMap((ref) =>
    ref.kind === 'ticket-pdf' ? [ref.participationId] : ref.kind === 'tickets-pdf' ? ref.participationIds : [],
  );
  const orderIds = await repo.findOrdersOfParticipations(db, participationIds);
  for (const orderId of orderIds) await issueOrderDocuments(db, orderId, options);
  if (refs.some((ref) => ref.kind === 'invoice')) return;
  const issued = (await Promise.all(orderIds.map((orderId) => repo.findOrderInvoices(db, orderId))))
    .flat()
    .filter((invoice) => invoice.kind === 'invoice');
  if (issued.length === 0) return;
  const lines = issued.flatMap((invoice) => invoice.document.lines);
  await completeQueuedMail(db, mail.id, {
    ...withPaidSummary(mail, { lines, invoiceCount: issued.length }),
    attachments: [...refs, ...issued.map((invoice) => ({ kind: 'invoice' as const, invoiceId: invoice.id }))],
  });
}
