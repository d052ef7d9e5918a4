import type ExcelJS from 'exceljs';

/**
 * exceljs, loaded at the first spreadsheet written or read rather than at start: its code is
 * about 9 MB of a server's heap, which every process would otherwise hold for the few requests
 * that export or import a file (docs/decisions.md, "Memory at rest").
 */
export async function loadExcelJS(): Promise<typeof ExcelJS> {
  return (await import('exceljs')).default;
}
