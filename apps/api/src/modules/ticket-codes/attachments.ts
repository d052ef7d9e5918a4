import type { Config } from '../../config';
import { AppError } from '../../lib/errors';
import { type ResolveAttachment, ticketQrCid } from '../../mail/attachments';
import { ticketPdfForParticipation, ticketQrForParticipation, ticketsPdfForParticipations } from './service';

/**
 * Makes the files a mail refers to: a participation's PDF ticket, several places' one PDF, or its QR code, which the
 * HTML part shows by its Content-ID and which is also listed as a file to keep. A participation
 * no longer valid (refunded, cancelled, its event deleted) answers null: it is gone for good.
 */
export function ticketAttachmentResolver(config: Config): ResolveAttachment {
  const resolve = fileOf(config);
  return async (db, ref) => {
    try {
      return await resolve(db, ref);
    } catch (error) {
      if (error instanceof AppError && error.code === 'TICKET_NOT_FOUND') return null;
      throw error;
    }
  };
}

function fileOf(config: Config): ResolveAttachment {
  return async (db, ref) => {
    const deps = { db, config };
    switch (ref.kind) {
      case 'ticket-pdf': {
        const { filename, pdf } = await ticketPdfForParticipation(deps, ref.participationId);
        return { filename, content: pdf, contentType: 'application/pdf' };
      }
      case 'tickets-pdf': {
        const made = await ticketsPdfForParticipations(deps, ref.participationIds);
        return made && { filename: made.filename, content: made.pdf, contentType: 'application/pdf' };
      }
      case 'ticket-qr': {
        const { filename, png } = await ticketQrForParticipation(deps, ref.participationId);
        return {
          filename,
          content: png,
          contentType: 'image/png',
          cid: ticketQrCid(ref.participationId),
          contentDisposition: 'attachment',
        };
      }
      case 'invoice':
      case 'credit-notes':
        throw new Error('an invoice is made by the invoices module, not as a ticket');
    }
  };
}
