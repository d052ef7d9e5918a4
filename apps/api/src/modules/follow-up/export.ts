import { PassThrough, type Writable } from 'node:stream';
import {
  answerText,
  dateChangesFr,
  EXPORT_COLUMNS,
  type ExportColumn,
  type ExportColumns,
  followUpFr,
  type QuestionView,
} from '@guichet/shared';
import { type Options as CsvOptions, stringify } from 'csv-stringify/sync';
import type { AppDeps } from '../../app-deps';
import { loadExcelJS } from '../../lib/spreadsheets';
import type { Viewer } from '../../policy/can';
import { findEventQuestions } from '../questions/questions.repository';
import * as repo from './repository';
import { followedDate, followedEvent } from './service';

/** Rows read per query: the export holds one page in memory, whatever the event's size. */
const PAGE = 2000;

type Cell = string | number | Date | null;
type ExportRow = repo.ParticipantDbRow;

const euros = (cents: number) => Math.round(cents) / 100;
const PARIS = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Europe/Paris',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** 'YYYY-MM-DD HH:MM:SS' in Paris, the wall-clock time the organiser lives in. */
function parisWallClock(at: Date): string {
  return PARIS.format(at).replace(',', '');
}

/** A spreadsheet date has no zone: the Paris wall-clock time, written as if it were UTC. */
const sheetDate = (at: Date) => new Date(`${parisWallClock(at).replace(' ', 'T')}Z`);

/** §9: amounts with 2 decimals; dates YYYY-MM-DD, the scan date YYYY-MM-DD HH:MM:SS. */
type Column = { header: string; value(row: ExportRow): Cell; format?: string; width: number };

const CELLS: Record<ExportColumn, Omit<Column, 'header'>> = {
  firstName: { value: (r) => r.firstName, width: 16 },
  lastName: { value: (r) => r.lastName, width: 16 },
  email: { value: (r) => r.email, width: 30 },
  age: { value: (r) => r.age, width: 6 },
  quantity: { value: (r) => r.quantity, width: 10 },
  ticket: { value: (r) => r.ticketTitle, width: 24 },
  price: { value: (r) => euros(r.unitPriceCents), format: '0.00', width: 12 },
  promoCode: { value: (r) => r.promoCode, width: 16 },
  promoPercent: { value: (r) => (r.promoCode ? (r.promoPercent ?? 0) : null), width: 12 },
  total: { value: (r) => euros(Math.max(0, r.totalCents)), format: '0.00', width: 12 },
  insurances: { value: (r) => r.refundPlaces, width: 12 },
  insurancePrice: { value: (r) => euros(r.insuranceCents), format: '0.00', width: 12 },
  date: { value: (r) => sheetDate(new Date(r.purchasedAt)), format: 'yyyy-mm-dd', width: 12 },
  device: {
    value: (r) =>
      r.source === 'presentiel' || r.source === 'invitation'
        ? followUpFr.stats.sources[r.source]
        : followUpFr.stats.sources.web,
    width: 12,
  },
  remainingScans: { value: (r) => Math.max(0, r.quantity - r.entriesUsed), width: 10 },
  scanDate: {
    value: (r) => (r.lastScanAt ? sheetDate(new Date(r.lastScanAt)) : null),
    format: 'yyyy-mm-dd hh:mm:ss',
    width: 20,
  },
  studies: { value: (r) => r.studies, width: 20 },
  ticketNumbers: {
    value: (r) => r.places.flatMap((place) => (place.ticketNumber === null ? [] : [place.ticketNumber])).join(', '),
    width: 16,
  },
  holder: { value: (r) => r.places.map((place) => place.holderName).join(', '), width: 24 },
};

const dateColumn: Column = {
  header: dateChangesFr.exportDateHeader,
  value: (r) => (r.dateBegin ? sheetDate(new Date(r.dateBegin)) : r.isPass ? dateChangesFr.exportPass : null),
  format: 'yyyy-mm-dd hh:mm:ss',
  width: 20,
};

/**
 * The file's columns: the spec's, then one per attendee question (issue 30) headed by its label,
 * holding the place's answer, or its order's for a question asked once per order.
 */
function columnsOf(columns: ExportColumns, questions: QuestionView[], hasDates: boolean): Column[] {
  return [
    ...EXPORT_COLUMNS[columns].map((key) => ({ header: followUpFr.exportHeaders[key], ...CELLS[key] })),
    // An event of several dates (issue 32): each place's date, a pass said so.
    ...(hasDates ? [dateColumn] : []),
    ...questions.map((question) => ({
      header: question.label,
      value: (row: ExportRow) => {
        const answers = question.scope === 'order' ? row.orderAnswers : row.places[0]?.answers;
        return answerText(question.kind, answers?.[question.id]) || null;
      },
      width: 24,
    })),
  ];
}

/** Pages of the event's participations, one query at a time, in order of purchase. */
async function* exportRows(deps: AppDeps, eventId: string, dateId: string | null): AsyncGenerator<ExportRow[]> {
  let after: repo.ExportCursor | null = null;
  for (;;) {
    const rows = await repo.exportPage(deps.db, eventId, after, PAGE, dateId);
    if (rows.length) yield rows;
    if (rows.length < PAGE) return;
    const last = rows[rows.length - 1];
    if (!last) return;
    after = { createdKey: last.createdKey, id: last.id };
  }
}

/** A file name from the event's title, for the browser and for the disk it lands on. */
export function exportFileName(title: string, extension: 'xlsx' | 'csv'): string {
  const base =
    title
      .replace(/[\\/:*?"<>|\p{Cc}]+/gu, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 100) || 'export';
  return `${base}.${extension}`;
}

export function contentDisposition(fileName: string): string {
  const ascii = fileName
    .normalize('NFD')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/["\\]/g, '');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * Until what was written has gone out to the reader: a slow reader holds the next page back, not
 * the whole file in the server's memory. A reader gone (the stream closed) ends the wait, and the
 * writers then stop reading pages nobody will receive.
 */
async function drained(out: Writable): Promise<void> {
  if (!out.writableNeedDrain || out.closed) return;
  await new Promise<void>((resolve) => {
    const done = () => {
      out.off('drain', done);
      out.off('close', done);
      resolve();
    };
    out.on('drain', done);
    out.on('close', done);
  });
}

async function writeXlsx(
  deps: AppDeps,
  eventId: string,
  dateId: string | null,
  columns: Column[],
  out: Writable,
): Promise<void> {
  const ExcelJS = await loadExcelJS();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(followUpFr.exportSheet);
  sheet.columns = columns.map((column, index) => ({
    header: column.header,
    key: String(index),
    width: column.width,
    ...(column.format && { style: { numFmt: column.format } }),
  }));
  sheet.getRow(1).font = { bold: true };
  for await (const rows of exportRows(deps, eventId, dateId)) {
    for (const row of rows) sheet.addRow(columns.map((column) => column.value(row))).commit();
    await drained(out);
    if (out.destroyed) return;
  }
  sheet.commit();
  await workbook.commit();
}

/**
 * csv-stringify quotes (RFC 4180) and, with `escape_formulas`, puts an apostrophe before a text
 * cell that begins with = + - @, a tab or a carriage return (OWASP's rule against CSV injection:
 * a buyer named `=HYPERLINK(…)` must not become a live formula). Numbers and dates are cast here
 * and keep their type for that check, so that -1,50 stays a number. The semicolon and the
 * decimal comma are what French spreadsheet software reads.
 */
function csvOptions(columns: Column[], header: boolean): CsvOptions {
  const formatOf = (context: { column?: number | string }) => columns[Number(context.column)]?.format;
  return {
    delimiter: ';',
    record_delimiter: 'windows',
    // A cell holding a lone \r or \n is quoted too (not only one holding \r\n): spreadsheet
    // software reads either as the end of a line.
    quote_record_delimiter: true,
    escape_formulas: true,
    // The byte order mark tells spreadsheet software the file is UTF-8.
    bom: header,
    header,
    columns: columns.map((column, index) => ({ key: String(index), header: column.header })),
    cast: {
      number: (value, context) => (formatOf(context) === '0.00' ? value.toFixed(2) : String(value)).replace('.', ','),
      date: (value, context) => {
        const wall = value.toISOString().slice(0, 19).replace('T', ' ');
        return formatOf(context) === 'yyyy-mm-dd' ? wall.slice(0, 10) : wall;
      },
    },
  };
}

async function writeCsv(
  deps: AppDeps,
  eventId: string,
  dateId: string | null,
  columns: Column[],
  out: PassThrough,
): Promise<void> {
  let first = true;
  for await (const rows of exportRows(deps, eventId, dateId)) {
    const records = rows.map((row) => columns.map((column) => column.value(row)));
    out.write(stringify(records, csvOptions(columns, first)));
    await drained(out);
    if (out.destroyed) return;
    first = false;
  }
  if (first) out.write(stringify([], csvOptions(columns, true)));
  out.end();
}

type ExportFile = { fileName: string; contentType: string; body: PassThrough };

/**
 * The participations export (2-organiser.md §9), streamed while it is read: the checks happen
 * before the first byte, so a refusal is an ordinary error answer; a failure later cuts the file.
 */
export async function exportParticipations(
  deps: AppDeps,
  viewer: Viewer | null,
  eventId: string,
  format: 'xlsx' | 'csv',
  columns: ExportColumns,
  log: { error(details: object, message: string): void },
  dateId?: string,
): Promise<ExportFile> {
  const event = await followedEvent(deps, viewer, eventId);
  const date = await followedDate(deps, event.id, dateId);
  const [questions, dateIds] = await Promise.all([
    findEventQuestions(deps.db, event.id),
    repo.findEventDateIds(deps.db, event.id),
  ]);
  const fileColumns = columnsOf(columns, questions, dateIds.length > 0);
  const body = new PassThrough();
  const write = format === 'xlsx' ? writeXlsx : writeCsv;
  write(deps, event.id, date, fileColumns, body).catch((error: unknown) => {
    log.error({ err: error, eventId: event.id }, 'export failed');
    body.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return {
    fileName: exportFileName(event.title, format),
    contentType:
      format === 'xlsx'
        ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
        : 'text/csv; charset=utf-8',
    body,
  };
}
