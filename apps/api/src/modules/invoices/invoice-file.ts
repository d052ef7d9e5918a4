import type { FastifyReply } from 'fastify';
import type { InvoiceDocument } from './document';
import { toFacturX } from './factur-x';
import { renderInvoicePdf } from './invoice-pdf';

/**
 * An issued document as the file its readers get: a Factur-X PDF when issued to a company, our
 * plain PDF otherwise (a person's invoice skips the library's PDF/A pass, docs/decisions.md).
 */
export async function renderInvoiceFile(
  invoice: { number: string; document: InvoiceDocument },
  options: { brandName: string },
): Promise<{ filename: string; content: Buffer; contentType: 'application/pdf' }> {
  const pdf = await renderInvoicePdf(invoice.document, options);
  return {
    filename: `${invoice.number}.pdf`,
    content: invoice.document.facturX ? await toFacturX(pdf, invoice.document) : pdf,
    contentType: 'application/pdf',
  };
}

/** The document's file as a download, never kept by a shared cache. */
export async function replyInvoiceFile(
  reply: FastifyReply,
  invoice: { number: string; document: InvoiceDocument },
  options: { brandName: string },
) {
  const file = await renderInvoiceFile(invoice, options);
  return reply
    .header('cache-control', 'private, no-store')
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .type(file.contentType)
    .send(file.content);
}
