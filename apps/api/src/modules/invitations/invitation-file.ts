import { MAX_INVITATION_ROWS, invitationsFr as m } from '@guichet/shared';
import { parse } from 'csv-parse/sync';
import type { CellValue } from 'exceljs';
import { badRequest } from '../../lib/errors';
import { loadExcelJS } from '../../lib/spreadsheets';

/** A row of the file as read: cells as text, never a formula's result. */
export type FileRow = {
  line: number;
  email: string;
  firstName: string;
  lastName: string;
  ticketTitle: string;
  /** The Date column, read on an event of several dates (invitations/date-cell.ts). */
  dateText: string;
};

type Column = Exclude<keyof FileRow, 'line'>;

/** The header names each column answers to, compared without case, accents, spaces or dashes. */
const HEADERS: Record<Column, string[]> = {
  email: ['email', 'mail', 'courriel', 'adressemail', 'adresseemail'],
  firstName: ['prenom', 'firstname'],
  lastName: ['nom', 'lastname', 'nomdefamille'],
  ticketTitle: ['billet', 'ticket', 'tarif'],
  dateText: ['date', 'seance', 'representation', 'jour'],
};

const headerKey = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[\s_\-.'’]/g, '');

const refuse = (message: string) => badRequest(message, 'file');

/**
 * A cell of a workbook as text. A formula is kept as its text ("=…"), never its cached result,
 * so that it is shown and refused rather than trusted; hyperlinks give their text (a mailto
 * link's address), rich text its runs, dates their ISO day.
 */
function cellText(value: CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  // A workbook's date is its wall time written as UTC: its day, and its time when it has one.
  if (value instanceof Date) {
    const iso = value.toISOString();
    return iso.slice(11, 16) === '00:00' ? iso.slice(0, 10) : `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
  }
  if ('formula' in value || 'sharedFormula' in value) {
    const formula = 'formula' in value ? value.formula : value.sharedFormula;
    return `=${formula ?? ''}`;
  }
  if ('richText' in value) return value.richText.map((run) => run.text).join('');
  if ('text' in value) return cellText(value.text as CellValue);
  if ('error' in value) return String(value.error);
  return '';
}

async function readWorkbook(file: Buffer): Promise<string[][]> {
  const ExcelJS = await loadExcelJS();
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(file as unknown as ArrayBuffer);
  } catch {
    throw refuse(m.fileUnreadable);
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, number) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, column) => {
      cells[column - 1] = cellText(cell.value);
    });
    rows[number - 1] = Array.from(cells, (cell) => cell ?? '');
  });
  return Array.from(rows, (row) => row ?? []);
}

function readCsv(file: Buffer): string[][] {
  const text = file.toString('utf8');
  // A byte the UTF-8 decoder could not read: not a text file (or not UTF-8, which we ask for).
  if (text.includes('\uFFFD') || text.includes('\u0000')) throw refuse(m.fileUnreadable);
  const firstLine = text.slice(0, text.indexOf('\n') >>> 0);
  // French spreadsheets write CSV with semicolons; others with commas.
  const delimiter = (firstLine.match(/;/g)?.length ?? 0) >= (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  try {
    return parse(text, {
      bom: true,
      delimiter,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
    }) as string[][];
  } catch {
    throw refuse(m.fileUnreadable);
  }
}

/**
 * The invitation rows of an uploaded file, an .xlsx workbook (its first sheet) or a UTF-8 CSV:
 * the first row names the columns (Email, Prénom, Nom, and Billet and Date if wanted, in any order), each
 * following non-blank row is a person. A file that cannot be read, has no such header, no row or
 * more than MAX_INVITATION_ROWS rows is refused as a whole, in French.
 */
export async function readInvitationFile(file: Buffer): Promise<FileRow[]> {
  // Every .xlsx is a zip archive: "PK\x03\x04".
  const isWorkbook = file.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
  const table = isWorkbook ? await readWorkbook(file) : readCsv(file);
  const [header = [], ...body] = table;
  const keys = header.map((cell) => headerKey(cell ?? ''));
  const index = Object.fromEntries(
    (Object.keys(HEADERS) as Column[]).map((column) => [
      column,
      keys.findIndex((key) => HEADERS[column].includes(key)),
    ]),
  ) as Record<Column, number>;
  const rows = body
    .map((cells, i) => {
      const cell = (column: Column) => (index[column] >= 0 ? (cells[index[column]] ?? '').trim() : '');
      return {
        line: i + 2,
        email: cell('email'),
        firstName: cell('firstName'),
        lastName: cell('lastName'),
        ticketTitle: cell('ticketTitle'),
        dateText: cell('dateText'),
      };
    })
    .filter((row) => row.email || row.firstName || row.lastName || row.ticketTitle || row.dateText);
  if (header.every((cell) => !cell?.trim()) && rows.length === 0) throw refuse(m.fileEmpty);
  if (index.email < 0 || index.firstName < 0 || index.lastName < 0) throw refuse(m.fileColumns);
  if (rows.length === 0) throw refuse(m.fileEmpty);
  if (rows.length > MAX_INVITATION_ROWS) throw refuse(m.tooManyRows(rows.length, MAX_INVITATION_ROWS));
  return rows;
}
