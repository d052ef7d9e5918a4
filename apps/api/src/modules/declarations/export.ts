import {
  type DeclarationFigures,
  type EventDeclarations,
  formatDateTime,
  invoicesFr,
  isCnmCategory,
} from '@guichet/shared';
import { stringify } from 'csv-stringify/sync';
import type { AppDeps } from '../../app-deps';
import { loadExcelJS } from '../../lib/spreadsheets';
import type { Viewer } from '../../policy/can';
import { exportFileName } from '../follow-up/export';
import { declarationsOf, declaredEvent } from './service';

const m = invoicesFr.declarations;

/** A cell: text, a count, or an amount in cents (written in euros with 2 decimals). */
type Cell = string | number | { cents: number } | null;

/**
 * The sheet as the console shows it: the event and period, the rates and their total, the places,
 * the CNM tax; for an event of several dates (issue 32) the same block for all its dates, then
 * one per date, then one for its passes, each under its title.
 */
function sheetRows(title: string, period: string, isCnm: boolean, d: EventDeclarations): Cell[][] {
  const titled = (heading: string, block: DeclarationFigures): Cell[][] => [[], [heading], ...blockRows(isCnm, block)];
  return [
    [m.event, title],
    [m.periodLabel, period],
    ...(d.dates.length === 0
      ? [[], ...blockRows(isCnm, d)]
      : [
          ...titled(m.allDates, d),
          ...d.dates.flatMap((date) => titled(m.dateTitle(formatDateTime(date.dateBegin), date.isCancelled), date)),
          ...(d.passes ? titled(m.passesTitle, d.passes) : []),
        ]),
  ];
}

function blockRows(isCnm: boolean, d: DeclarationFigures): Cell[][] {
  const revenue = d.rates.reduce((sum, row) => sum + row.revenueExclVatCents, 0);
  return [
    [m.columns.rate, m.columns.revenue, m.columns.vat],
    ...d.rates.map((row) => [m.rate(row.vatRate), { cents: row.revenueExclVatCents }, { cents: row.vatCents }]),
    [m.total, { cents: revenue }, { cents: d.vatCents }],
    [],
    [m.paidTickets, d.paidTickets],
    [m.freeTickets, d.freeTickets],
    [],
    ...(isCnm
      ? [
          [m.cnmBase, { cents: d.cnmBaseCents }],
          [m.cnmTax, { cents: d.cnmTaxCents }],
        ]
      : [[m.cnmNotConcerned]]),
  ];
}

const euros = (cents: number) => Math.round(cents) / 100;

async function xlsxOf(rows: Cell[][]): Promise<Buffer> {
  const ExcelJS = await loadExcelJS();
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(m.sheet);
  sheet.columns = [{ width: 44 }, { width: 16 }, { width: 16 }];
  for (const cells of rows) {
    // Text stays a plain string cell: ExcelJS writes a formula only when given one as an object.
    const row = sheet.addRow(
      cells.map((cell) => (cell !== null && typeof cell === 'object' ? euros(cell.cents) : cell)),
    );
    cells.forEach((cell, index) => {
      if (cell !== null && typeof cell === 'object') row.getCell(index + 1).numFmt = '0.00';
    });
    // Each block's column headings (one block, or one per date of an event of several).
    if (cells[0] === m.columns.rate) row.font = { bold: true };
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/**
 * As the participants' export writes CSV (follow-up/export.ts): semicolons, a decimal comma, a
 * byte order mark, and `escape_formulas` so that a title typed as `=HYPERLINK(…)` stays text.
 * Amounts are numbers until cast, so that a credit note's -2,61 is not taken for a formula.
 */
function csvOf(rows: Cell[][]): string {
  return stringify(
    // Counts go as text (never negative, so never escaped); amounts as numbers, cast below.
    rows.map((cells) =>
      cells.map((cell) =>
        cell !== null && typeof cell === 'object' ? euros(cell.cents) : typeof cell === 'number' ? String(cell) : cell,
      ),
    ),
    {
      delimiter: ';',
      record_delimiter: 'windows',
      quote_record_delimiter: true,
      escape_formulas: true,
      bom: true,
      cast: {
        number: (value) => value.toFixed(2).replace('.', ','),
      },
    },
  );
}

type DeclarationsFile = { fileName: string; contentType: string; body: Buffer | string };

/** The declarations of one month, or of every month, as a file: a handful of rows, made at once. */
export async function exportDeclarations(
  deps: AppDeps,
  viewer: Viewer | null,
  eventId: string,
  month: string | undefined,
  format: 'xlsx' | 'csv',
): Promise<DeclarationsFile> {
  const event = await declaredEvent(deps, viewer, eventId);
  const declarations = await declarationsOf(deps, event, month);
  const period = month ? m.month(month) : m.allMonths;
  const rows = sheetRows(event.title, period, isCnmCategory(event.category), declarations);
  return {
    fileName: exportFileName(m.fileName(event.title, month ?? m.allMonths), format),
    contentType:
      format === 'xlsx'
        ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
        : 'text/csv; charset=utf-8',
    body: format === 'xlsx' ? await xlsxOf(rows) : csvOf(rows),
  };
}
