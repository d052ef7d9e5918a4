import { type CompanyInvoice, type CompanyInvoiceRequest, invoicesFr, type OrderInvoice } from '@guichet/shared';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/errors';
import { findBuyerOrder } from '../checkout/buyer-order.service';
import { checkedCompany } from '../checkout/company';
import { setOrderCompanyInvoice } from '../orders/repository';
import { negated } from './credit-notes';
import type { InvoiceDocument } from './document';
import * as repo from './invoice.repository';
import { type InvoiceAsker, listOrderInvoices } from './invoice.service';
import { companyParty, totalsOf } from './issue';
import { invoiceNumber, takeNumbers } from './numbering';

const m = invoicesFr.company.errors;

const sameCompany = (a: CompanyInvoice | null, b: CompanyInvoice) =>
  a !== null &&
  a.name === b.name &&
  a.address === b.address &&
  a.siren === b.siren &&
  a.siret === b.siret &&
  a.vatNumber === b.vatNumber;

/**
 * Cancels the issuer's standing invoice of the order by a credit note and issues it again in the
 * company's name, as Factur-X: two consecutive numbers of the invoice's own series, taken at once.
 * The seller, lines and amounts are the cancelled invoice's, as issued.
 */
async function reissueForCompany(
  tx: Database,
  orderId: string,
  issuer: 'organizer' | 'platform',
  company: CompanyInvoice,
): Promise<void> {
  const standing = await repo.findStandingInvoice(tx, orderId, issuer);
  if (!standing) return;
  const issuedAt = new Date().toISOString();
  const seq = await takeNumbers(tx, standing.series, 2);
  const row = { series: standing.series, orderId, organizerId: standing.organizerId };
  const creditNote: InvoiceDocument = {
    ...standing.document,
    kind: 'credit-note',
    number: invoiceNumber(issuer, seq),
    issuedAt,
    corrects: standing.number,
    ...totalsOf(standing.document.lines.map(negated)),
  };
  await repo.insertInvoice(tx, creditNote, {
    ...row,
    seq,
    correctsId: standing.id,
    sourceKey: `order:${orderId}:${issuer}:cancelled:${seq}`,
  });
  const invoice: InvoiceDocument = {
    ...standing.document,
    number: invoiceNumber(issuer, seq + 1),
    issuedAt,
    buyer: companyParty(company),
    facturX: true,
  };
  await repo.insertInvoice(tx, invoice, {
    ...row,
    seq: seq + 1,
    sourceKey: `order:${orderId}:${issuer}:company:${seq + 1}`,
  });
}

/**
 * The buyer asks, after checkout, for the order's invoices in a company's name (issue 29). Before
 * they are issued it records the company, which the issuing reads; after, in one transaction under
 * the order's lock (as the issuing takes it), each standing invoice is cancelled by a credit note
 * and issued again in the company's name. The same company again changes nothing. Refused for an
 * order not paid, or refunded (a refund asked, or its event cancelled): its credit notes follow
 * the invoices as first issued.
 */
export async function requestCompanyInvoice(
  db: Database,
  orderId: string,
  asker: InvoiceAsker,
  input: CompanyInvoiceRequest,
): Promise<OrderInvoice[]> {
  const order = await findBuyerOrder(db, orderId, asker);
  const company = checkedCompany(input);
  if (!company) throw new Error('a company invoice was asked without a company');
  await db.transaction(async (tx) => {
    await repo.lockOrder(tx, order.id);
    const state = await repo.findOrderForCompany(tx, order.id);
    if (!state) return;
    if (state.refunded || ['refund_requested', 'refunded'].includes(state.status)) {
      throw new AppError('ORDER_REFUNDED', m.refunded, 409);
    }
    if (state.status !== 'paid') throw new AppError('ORDER_NOT_PAID', m.notPaid, 409);
    if (sameCompany(state.companyInvoice, company)) return;
    await setOrderCompanyInvoice(tx, order.id, company);
    if (!state.documentsIssued) return;
    for (const issuer of ['organizer', 'platform'] as const) await reissueForCompany(tx, order.id, issuer, company);
  });
  return listOrderInvoices(db, order.id, asker);
}
