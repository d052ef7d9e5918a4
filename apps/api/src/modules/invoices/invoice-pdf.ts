import { formatDate, formatDateTime, formatEuros, invoicesFr } from '@guichet/shared';
import { MUTED, PdfWriter, SHADE, type TextStyle } from '../../pdf/writer';
import type { InvoiceDocument, InvoiceLine, InvoiceParty } from './document';

const m = invoicesFr.pdf;
const MARGIN = 48;
/** Room under the last line for the footer. */
const BOTTOM = 72;
const PAD = 5;
const TABLE_SIZE = 8.5;
const ROW_GAP = 3;

type Column = { title: string; width: number; align: 'left' | 'right'; value: (line: InvoiceLine) => string };

const COLUMNS: Column[] = [
  { title: m.lines.label, width: 0, align: 'left', value: (line) => line.label },
  { title: m.lines.quantity, width: 30, align: 'right', value: (line) => String(line.quantity) },
  { title: m.lines.unitInclVat, width: 64, align: 'right', value: (line) => formatEuros(line.unitInclVatCents) },
  { title: m.lines.vatRate, width: 52, align: 'right', value: (line) => m.vatRate(line.vatRate) },
  { title: m.lines.exclVat, width: 66, align: 'right', value: (line) => formatEuros(line.exclVatCents) },
  { title: m.lines.vat, width: 60, align: 'right', value: (line) => formatEuros(line.vatCents) },
  { title: m.lines.inclVat, width: 68, align: 'right', value: (line) => formatEuros(line.inclVatCents) },
];

/** Where each column's text goes: the label takes what the figures leave. */
function columnBoxes(out: PdfWriter): TextStyle[] {
  const fixed = COLUMNS.reduce((sum, column) => sum + column.width, 0);
  let x = out.left;
  return COLUMNS.map((column) => {
    const width = column.width || out.width - fixed;
    const box: TextStyle = { x: x + PAD, width: width - 2 * PAD, align: column.align, size: TABLE_SIZE, gap: ROW_GAP };
    x += width;
    return box;
  });
}

function dateOf(iso: string): string {
  return iso.includes('T') ? formatDateTime(iso) : formatDate(iso);
}

function partyLines(party: InvoiceParty): string[] {
  const lines = [...party.addressLines];
  if (party.siret) lines.push(m.siret(party.siret));
  else if (party.siren) lines.push(m.siren(party.siren));
  if (party.rna) lines.push(m.rna(party.rna));
  if (party.vatNumber) lines.push(m.vatNumber(party.vatNumber));
  if (party.email) lines.push(party.email);
  return lines;
}

function writeHeader(out: PdfWriter, document: InvoiceDocument) {
  const top = out.y;
  out.text(document.kind === 'invoice' ? m.invoice : m.creditNote, { font: 'bold', size: 26, gap: 0 });
  const below = out.y;
  out.y = top;
  const right: TextStyle = { align: 'right', x: out.left + out.width / 2, width: out.width / 2 };
  out.text(m.number(document.number), { ...right, font: 'bold', size: 12, gap: 5 });
  out.text(m.issuedAt(formatDate(document.issuedAt)), { ...right, size: 10, color: MUTED });
  out.y = Math.min(below, out.y) - 24;
}

function writeParties(out: PdfWriter, document: InvoiceDocument) {
  const gap = 24;
  const width = (out.width - gap) / 2;
  const top = out.y;
  let bottom = top;
  [
    { title: m.seller, party: document.seller },
    { title: m.buyer, party: document.buyer },
  ].forEach(({ title, party }, column) => {
    out.y = top;
    const x = out.left + column * (width + gap);
    out.text(title.toUpperCase(), { x, width, font: 'bold', size: 8, color: MUTED, gap: 5 });
    out.text(party.name, { x, width, font: 'bold', size: 11, gap: 4 });
    for (const line of partyLines(party)) out.text(line, { x, width, size: 9.5, gap: 3 });
    bottom = Math.min(bottom, out.y);
  });
  out.y = bottom - 18;
}

function writeReferences(out: PdfWriter, document: InvoiceDocument) {
  if (document.issuedOnBehalfBy) {
    out.text(m.mandate(document.issuedOnBehalfBy, document.seller.name), { size: 9.5, color: MUTED, gap: 6 });
  }
  if (document.kind === 'credit-note' && document.corrects) {
    out.text(m.corrects(document.corrects), { font: 'bold', size: 10, gap: 6 });
  }
  const reference = document.payoutReference
    ? `${invoicesFr.commission.payoutReference} : ${document.payoutReference}`
    : `${m.orderReference} : ${document.orderReference}`;
  out.text(reference, { size: 10, gap: 4 });
  out.text(`${m.event} : ${document.eventTitle} — ${dateOf(document.eventDate)}`, { size: 10, gap: 4 });
  out.space(14);
}

function writeTableHead(out: PdfWriter, boxes: TextStyle[]) {
  const height = TABLE_SIZE + 2 * PAD + 2;
  out.page.drawRectangle({ x: out.left, y: out.y - height, width: out.width, height, color: SHADE });
  const baseline = out.y - PAD - TABLE_SIZE;
  COLUMNS.forEach((column, i) => {
    out.drawLine(column.title, baseline, { ...boxes[i], font: 'bold', color: MUTED });
  });
  out.space(height);
}

function writeLines(out: PdfWriter, lines: InvoiceLine[]) {
  const boxes = columnBoxes(out);
  writeTableHead(out, boxes);
  for (const line of lines) {
    // The label wraps; the figures stay on the row's first line.
    const label = out.linesOf(line.label, boxes[0]);
    const height = label.length * (TABLE_SIZE + ROW_GAP) + 2 * PAD;
    if (out.ensure(height)) writeTableHead(out, boxes);
    const baseline = out.y - PAD - TABLE_SIZE;
    label.forEach((text, row) => {
      out.drawLine(text, baseline - row * (TABLE_SIZE + ROW_GAP), boxes[0]);
    });
    COLUMNS.forEach((column, i) => {
      if (i > 0) out.drawFitted(column.value(line), baseline, boxes[i]);
    });
    out.space(height);
    out.rule();
  }
}

type Row = { label: string; value: string; strong?: boolean };

/** Label and amount pairs in a box of `width` at `x`, down from the cursor. */
function writePairs(out: PdfWriter, rows: Row[], x: number, width: number) {
  for (const row of rows) {
    const style: TextStyle = { size: row.strong ? 11 : 9.5, font: row.strong ? 'bold' : 'regular' };
    const height = (style.size ?? 10) + 2 * PAD;
    if (row.strong) {
      out.page.drawRectangle({ x, y: out.y - height, width, height, color: SHADE });
    }
    const baseline = out.y - PAD - (style.size ?? 10) + 1;
    out.drawLine(out.linesOf(row.label, { ...style, width })[0] ?? '', baseline, { ...style, x: x + PAD });
    out.drawFitted(row.value, baseline, {
      ...style,
      x,
      width: width - PAD,
      align: 'right',
    });
    out.space(height);
  }
}

function writeTotals(out: PdfWriter, document: InvoiceDocument) {
  const vatRows = document.vatFranchise ? [] : document.vatByRate;
  const summaryHeight = 20 + (vatRows.length + 1) * (9.5 + 2 * PAD);
  const totalsHeight = 3 * (11 + 2 * PAD);
  out.space(16);
  out.ensure(Math.max(summaryHeight, totalsHeight) + 40);
  const top = out.y;
  const half = (out.width - 40) / 2;

  const totalsX = out.right - half;
  writePairs(
    out,
    [
      { label: m.totalExclVat, value: formatEuros(document.exclVatCents) },
      { label: m.totalVat, value: formatEuros(document.vatCents) },
      { label: m.totalInclVat, value: formatEuros(document.inclVatCents), strong: true },
    ],
    totalsX,
    half,
  );
  const totalsBottom = out.y;

  out.y = top;
  if (vatRows.length > 0) {
    out.text(m.vatSummary.toUpperCase(), { font: 'bold', size: 8, color: MUTED, gap: 6 });
    const third = half / 3;
    const cell = (i: number, align: 'left' | 'right'): TextStyle => ({
      x: out.left + i * third + (align === 'left' ? 0 : -PAD),
      width: third,
      align,
      size: 9,
    });
    const header = [m.vatSummaryRate, m.vatSummaryBase, m.vatSummaryVat];
    const rows = [
      header,
      ...vatRows.map((row) => [m.vatRate(row.vatRate), formatEuros(row.exclVatCents), formatEuros(row.vatCents)]),
    ];
    rows.forEach((values, r) => {
      const baseline = out.y - PAD - 9;
      values.forEach((value, i) => {
        const style = {
          ...cell(i, i === 0 ? 'left' : 'right'),
          ...(r === 0 ? { font: 'bold' as const, color: MUTED } : {}),
        };
        out.drawFitted(value, baseline, style);
      });
      out.space(9 + 2 * PAD);
      out.rule({ x: out.left, width: half - PAD });
    });
  }
  out.y = Math.min(out.y, totalsBottom) - 18;
  if (document.vatFranchise) out.text(m.vatFranchise, { font: 'bold', size: 10 });
}

function writeFooters(out: PdfWriter, document: InvoiceDocument) {
  const title = `${document.kind === 'invoice' ? m.invoice : m.creditNote} ${m.number(document.number)}`;
  out.eachPage((index, count) => {
    out.y = 44;
    out.rule();
    const baseline = 30;
    out.drawLine(out.linesOf(title, { size: 8 })[0] ?? '', baseline, { size: 8, color: MUTED });
    out.drawLine(m.page(index + 1, count), baseline, { size: 8, color: MUTED, align: 'right' });
  });
}

/**
 * An invoice or a credit note as an A4 PDF, from its frozen document: the same document always
 * gives the same text. Lines that do not fit go on to further pages, under the table's head again.
 */
export async function renderInvoicePdf(document: InvoiceDocument, options: { brandName: string }): Promise<Buffer> {
  const title = `${document.kind === 'invoice' ? m.invoice : m.creditNote} ${m.number(document.number)}`;
  const out = await PdfWriter.create({
    title,
    producer: options.brandName,
    margin: MARGIN,
    bottom: BOTTOM,
    date: new Date(document.issuedAt),
  });
  writeHeader(out, document);
  writeParties(out, document);
  writeReferences(out, document);
  writeLines(out, document.lines);
  writeTotals(out, document);
  writeFooters(out, document);
  return out.save();
}
