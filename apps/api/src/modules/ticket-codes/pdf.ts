import { formatDateTime, ticketsFr } from '@guichet/shared';
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import { TICKET_QR_SIZE } from './qr';

export type TicketPdfContent = {
  brandName: string;
  eventTitle: string;
  dateBegin: Date;
  dateEnd: Date;
  address: string;
  ticketTitle: string;
  quantity: number;
  /** Offered with a purchase (recorded as OFFERT, 1-attendee.md §4): the ticket says so. */
  isGift: boolean;
  holderName: string;
  orderReference: string | null;
  /** The participation's short reference, typed at the door when the QR code cannot be read. */
  shortCode: string;
  qrPng: Buffer;
};

const m = ticketsFr.ticket;
const A4: [number, number] = [595.28, 841.89];
const MARGIN = 56;
const WIDTH = A4[0] - 2 * MARGIN;
const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.35, 0.35, 0.4);

/**
 * The standard PDF fonts only know the Windows-1252 characters (all of French included): any
 * other character (an emoji in a title) is left out rather than failing the whole ticket.
 */
function printable(font: PDFFont, text: string): string {
  const kept = Array.from(text.replace(/\s+/g, ' ')).filter((char) => {
    try {
      font.encodeText(char);
      return true;
    } catch {
      return false;
    }
  });
  return kept.join('').replace(/ {2,}/g, ' ').trim();
}

/** Splits at spaces to fit `width`; a word longer than a line (the code) is cut anywhere. */
function wrap(font: PDFFont, text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  const fits = (value: string) => font.widthOfTextAtSize(value, size) <= width;
  for (const word of text.split(' ')) {
    const candidate = line ? `${line} ${word}` : word;
    if (fits(candidate)) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    line = '';
    for (const char of word) {
      if (!fits(line + char)) {
        lines.push(line);
        line = '';
      }
      line += char;
    }
  }
  if (line) lines.push(line);
  return lines;
}

class Writer {
  y = A4[1] - MARGIN;
  constructor(private readonly page: PDFPage) {}

  text(value: string, font: PDFFont, size: number, color = INK, gap = 4) {
    for (const line of wrap(font, printable(font, value), size, WIDTH)) {
      this.y -= size;
      this.page.drawText(line, { x: MARGIN, y: this.y, size, font, color });
      this.y -= gap;
    }
  }

  field(label: string, value: string, fonts: { regular: PDFFont; bold: PDFFont }) {
    this.text(label, fonts.regular, 9, MUTED, 2);
    this.text(value, fonts.bold, 12, INK, 10);
  }
}

/** A one-page A4 ticket: the event, the ticket, its holder, and the QR code with its text. */
export async function ticketPdf(content: TicketPdfContent): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`${m.pdfTitle} - ${content.eventTitle}`);
  doc.setProducer(content.brandName);
  const page = doc.addPage(A4);
  const fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
  };
  const mono = await doc.embedFont(StandardFonts.Courier);
  const out = new Writer(page);

  out.text(content.brandName, fonts.bold, 11, MUTED, 6);
  out.text(m.pdfTitle, fonts.bold, 26, INK, 10);
  out.text(content.eventTitle, fonts.bold, 18, INK, 6);
  out.text(
    m.dates(formatDateTime(content.dateBegin.toISOString()), formatDateTime(content.dateEnd.toISOString())),
    fonts.regular,
    11,
    INK,
    16,
  );
  if (content.address) out.field(m.address, content.address, fonts);
  out.field(m.ticket, content.isGift ? `${content.ticketTitle} — ${m.offered}` : content.ticketTitle, fonts);
  out.field(m.quantity, String(content.quantity), fonts);
  out.field(m.holder, content.holderName, fonts);
  if (content.orderReference) out.field(m.orderReference, content.orderReference, fonts);

  const qr = await doc.embedPng(content.qrPng);
  out.y -= TICKET_QR_SIZE + 8;
  page.drawImage(qr, { x: (A4[0] - TICKET_QR_SIZE) / 2, y: out.y, width: TICKET_QR_SIZE, height: TICKET_QR_SIZE });
  out.y -= 10;
  out.text(m.showAtEntrance, fonts.regular, 10, INK, 8);
  // The short reference is what staff type when a QR code cannot be read.
  out.text(m.codeLabel, fonts.regular, 9, MUTED, 2);
  out.text(content.shortCode, mono, 14, INK, 1);
  return doc.save();
}
