import { checkoutFr, type OrderInvoice } from '@guichet/shared';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { can, type Viewer } from '../../policy/can';
import { findEventAccess } from '../../policy/event-access.repository';
import { isBuyerOf } from '../checkout/buyer-order.service';
import { findOrderById } from '../orders/repository';
import * as repo from './invoice.repository';
import { renderInvoiceFile } from './invoice-file';

/** Who asks: the session's account, or a guest with the token their order gave them. */
export type InvoiceAsker = { viewer: Viewer | null; token?: string };

/**
 * The order, if the asker may read its invoices: its buyer (or the guest holding its token), the
 * event's organiser, an administrator. Anyone else is told the order does not exist.
 */
async function readableOrder(db: Database, orderId: string, asker: InvoiceAsker) {
  const notFound = new AppError('ORDER_NOT_FOUND', checkoutFr.orderNotFound, 404);
  const order = isUuid(orderId) ? await findOrderById(db, orderId) : undefined;
  if (!order) throw notFound;
  if (isBuyerOf(order, asker)) return order;
  const { viewer } = asker;
  if (viewer) {
    const event = await findEventAccess(db, order.eventId, viewer.id);
    if (event && can(viewer, 'followSales', event)) return order;
  }
  throw notFound;
}

export async function listOrderInvoices(db: Database, orderId: string, asker: InvoiceAsker): Promise<OrderInvoice[]> {
  const order = await readableOrder(db, orderId, asker);
  const query = asker.token ? `?token=${encodeURIComponent(asker.token)}` : '';
  return (await repo.findOrderInvoices(db, order.id)).map((invoice) => ({
    id: invoice.id,
    number: invoice.number,
    kind: invoice.kind,
    issuer: invoice.issuer,
    issuedAt: invoice.issuedAt.toISOString(),
    totalCents: invoice.totalCents,
    vatCents: invoice.vatCents,
    url: `/api/orders/${order.id}/invoices/${invoice.id}/pdf${query}`,
  }));
}

/** One document of the order, for its PDF. */
export async function findReadableInvoice(db: Database, orderId: string, invoiceId: string, asker: InvoiceAsker) {
  const order = await readableOrder(db, orderId, asker);
  const invoice = isUuid(invoiceId) ? await repo.findOrderInvoice(db, order.id, invoiceId) : undefined;
  if (!invoice) throw new AppError('INVOICE_NOT_FOUND', checkoutFr.orderNotFound, 404);
  return invoice;
}

/** An invoice a mail carries, as a file; null once it no longer exists. */
export async function invoiceAttachment(db: Database, invoiceId: string, brandName: string) {
  const invoice = isUuid(invoiceId) ? await repo.findInvoice(db, invoiceId) : undefined;
  if (!invoice) return null;
  return renderInvoiceFile(invoice, { brandName });
}
