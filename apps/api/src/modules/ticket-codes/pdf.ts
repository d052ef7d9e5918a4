import { formatDateTime, formatEuros, ticketsFr } from '@guichet/shared';
import { MUTED, PdfWriter } from '../../pdf/writer';
import { TICKET_QR_SIZE } from './qr';

export type TicketPdfContent = {
  brandName: string;
  /** The operator the ticketing rules ask for: the event's organiser. */
  organizerName: string;
  eventTitle: string;
  dateBegin: Date;
  dateEnd: Date;
  address: string;
  ticketTitle: string;
  quantity: number;
  /** The price paid per place, discount included; 0 prints "Gratuit" (gifts, free tickets, invitations). */
  unitPriceCents: number;
  /** One per place, once numbered; none printed while empty. */
  ticketNumbers: number[];
  /** Offered with a purchase (recorded as OFFERT, 1-attendee.md §4): the ticket says so. */
  isGift: boolean;
  holderName: string;
  orderReference: string | null;
  /** The participation's short reference, typed at the door when the QR code cannot be read. */
  shortCode: string;
  qrPng: Buffer;
};

const m = ticketsFr.ticket;
const MARGIN = 56;
const COLUMN_GAP = 24;

type Field = { label: string; value: string };

/** Fields two by two, each pair on one row as tall as its longer value. */
function writeFields(out: PdfWriter, fields: Field[]) {
  const width = (out.width - COLUMN_GAP) / 2;
  for (let i = 0; i < fields.length; i += 2) {
    const top = out.y;
    let bottom = top;
    fields.slice(i, i + 2).forEach((field, column) => {
      out.y = top;
      const x = out.left + column * (width + COLUMN_GAP);
      out.text(field.label, { x, width, size: 9, color: MUTED, gap: 3 });
      out.text(field.value, { x, width, font: 'bold', size: 12, gap: 4 });
      bottom = Math.min(bottom, out.y);
    });
    out.y = bottom - 10;
  }
}

/**
 * A one-page A4 ticket: the event, the ticket with the fields the ticketing rules list (operator,
 * show and date, category, price or "gratuit", numbers), its holder, and the QR code with its text.
 */
export function ticketPdf(content: TicketPdfContent): Promise<Buffer> {
  return ticketsPdf([content]);
}

/**
 * Several places in one document (an order's, issue 30), one page each, in the order given: the
 * same page as each place's own PDF, so a page printed from either is the same ticket.
 */
export async function ticketsPdf(contents: TicketPdfContent[]): Promise<Buffer> {
  const [first] = contents;
  if (!first) throw new Error('a PDF of tickets needs at least one ticket');
  const out = await PdfWriter.create({
    title: `${contents.length > 1 ? m.pdfTitleMany : m.pdfTitle} - ${first.eventTitle}`,
    producer: first.brandName,
    margin: MARGIN,
    fonts: ['regular', 'bold', 'mono'],
  });
  for (const [index, content] of contents.entries()) {
    if (index > 0) out.newPage();
    await writeTicketPage(out, content);
  }
  return out.save();
}

async function writeTicketPage(out: PdfWriter, content: TicketPdfContent): Promise<void> {
  out.text(content.brandName, { font: 'bold', size: 10, color: MUTED, gap: 8 });
  out.text(m.pdfTitle, { font: 'bold', size: 26, gap: 12 });
  out.text(content.eventTitle, { font: 'bold', size: 18, gap: 6 });
  out.text(m.dates(formatDateTime(content.dateBegin.toISOString()), formatDateTime(content.dateEnd.toISOString())), {
    size: 11,
    gap: 14,
  });
  out.rule();
  out.space(16);

  const fields: Field[] = [{ label: m.organizer, value: content.organizerName }];
  if (content.address) fields.push({ label: m.address, value: content.address });
  fields.push(
    { label: m.ticket, value: content.isGift ? `${content.ticketTitle} — ${m.offered}` : content.ticketTitle },
    { label: m.unitPrice, value: content.unitPriceCents === 0 ? m.free : formatEuros(content.unitPriceCents) },
    { label: m.quantity, value: String(content.quantity) },
  );
  if (content.ticketNumbers.length > 0) {
    fields.push({ label: m.ticketNumbers(content.ticketNumbers.length), value: content.ticketNumbers.join(', ') });
  }
  fields.push({ label: m.holder, value: content.holderName });
  if (content.orderReference) fields.push({ label: m.orderReference, value: content.orderReference });
  writeFields(out, fields);
  out.rule();

  const qr = await out.doc.embedPng(content.qrPng);
  out.space(TICKET_QR_SIZE + 20);
  out.page.drawImage(qr, {
    x: out.left + (out.width - TICKET_QR_SIZE) / 2,
    y: out.y,
    width: TICKET_QR_SIZE,
    height: TICKET_QR_SIZE,
  });
  out.space(12);
  out.text(m.showAtEntrance, { size: 10, gap: 10 });
  // The short reference is what staff type when a QR code cannot be read.
  out.text(m.codeLabel, { size: 9, color: MUTED, gap: 3 });
  out.text(content.shortCode, { font: 'mono', size: 14, gap: 1 });
}
