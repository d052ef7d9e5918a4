import { invoicesFr, PLATFORM_VAT_RATE, vatByRate } from '@guichet/shared';
import type { Database } from '../../db/client';
import type { InvoiceDocument, InvoiceLine } from './document';
import * as repo from './invoice.repository';
import type { Sellers } from './issue';
import { invoiceNumber, PLATFORM_INVOICE_SERIES, takeNumbers } from './numbering';

/** The commission a payout invoices: the event's commissions since its previous invoice, HT, and their VAT. */
export type CommissionToInvoice = {
  payoutId: string;
  organizerId: string;
  /** How the organiser is named when they have not given their billing identity. */
  organizerName: string;
  eventTitle: string;
  eventDate: string;
  exclVatCents: number;
  vatCents: number;
};

/** The key that makes a payout's commission invoiced once. */
export const commissionSourceKey = (payoutId: string) => `payout:${payoutId}:commission`;

/**
 * Issues the invoice of the commission a payout deducts: the platform's sale to the organiser (the
 * buyer, named by their billing identity), in the platform's series. In the caller's transaction,
 * the payout request's: the invoice, the payout and the VAT's entries exist together or not at
 * all, and the series' row is held only until that transaction ends (numbering.ts).
 */
export async function issueCommissionInvoice(
  tx: Database,
  commission: CommissionToInvoice,
  options: { sellers: Sellers; at: Date },
): Promise<void> {
  const sourceKey = commissionSourceKey(commission.payoutId);
  if ((await repo.invoiceIssued(tx, sourceKey)).length > 0) return;
  const { exclVatCents, vatCents } = commission;
  const inclVatCents = exclVatCents + vatCents;
  const line: InvoiceLine = {
    label: invoicesFr.commission.invoiceLine(commission.eventTitle),
    quantity: 1,
    unitInclVatCents: inclVatCents,
    vatRate: PLATFORM_VAT_RATE,
    exclVatCents,
    vatCents,
    inclVatCents,
  };
  const { vatFranchise: _, ...buyer } = await options.sellers.organizer(
    tx,
    commission.organizerId,
    commission.organizerName,
  );
  const seq = await takeNumbers(tx, PLATFORM_INVOICE_SERIES, 1);
  const document: InvoiceDocument = {
    number: invoiceNumber('platform', seq),
    kind: 'invoice',
    issuer: 'platform',
    issuedAt: options.at.toISOString(),
    seller: options.sellers.platform,
    buyer,
    issuedOnBehalfBy: null,
    vatFranchise: false,
    corrects: null,
    orderReference: '',
    // The transfer's EndToEndId at the bank (sepa.ts): the payout's id without dashes.
    payoutReference: commission.payoutId.replaceAll('-', ''),
    eventTitle: commission.eventTitle,
    eventDate: commission.eventDate,
    lines: [line],
    vatByRate: vatByRate([line]),
    exclVatCents,
    vatCents,
    inclVatCents,
  };
  await repo.insertInvoice(tx, document, {
    series: PLATFORM_INVOICE_SERIES,
    seq,
    payoutId: commission.payoutId,
    organizerId: commission.organizerId,
    sourceKey,
  });
}
