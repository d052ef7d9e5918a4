import { followUpFr } from '@guichet/shared';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { createEvent, createUser, loginAs } from '../../../test/helpers';
import { participationWithCode } from '../../../test/modules/checkin/support';
import { useTestApp } from '../../../test/use-test-app';
import { participations } from '../../db/schema';

// Issue 26: a buyer named `=HYPERLINK("//x.fr")` reached the organiser's spreadsheet as a live
// formula. Names come in through the order (its buyer) or the account, both typed by the buyer.
const t = useTestApp();

const HOSTILE = ['=HYPERLINK("//x.fr")', '+SUM(1;2)', '-2+3', '@SUM(1)', '\t=1+1', '\r=1+1'];
const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });

async function hostileEvent() {
  const organizer = await createUser(t, { isVerified: true });
  const { event, tickets } = await createEvent(t, organizer.id, {}, [{ title: '=Fosse', priceCents: 1000 }]);
  const ticket = tickets[0];
  if (!ticket) throw new Error('ticket missing');
  for (const name of HOSTILE) {
    const { participation } = await participationWithCode(t, event.id, ticket.id, 1, {
      firstName: name,
      lastName: `${name}-nom`,
    });
    // The holder a buyer names (issue 30) is typed by them too.
    await t.database.db
      .update(participations)
      .set({ holderFirstName: name, holderLastName: 'Titulaire' })
      .where(eq(participations.id, participation.id));
  }
  return { event, cookie: await loginAs(t, organizer.email) };
}

describe('the export of hostile names', () => {
  it('CSV: no text cell begins with = + - @ tab or CR; the names keep their text, the numbers stay numbers', async () => {
    const { event, cookie } = await hostileEvent();
    const response = await get(`/api/console/events/${event.id}/export.csv`, cookie);
    expect(response.statusCode).toBe(200);
    const [header, ...rows] = parse(response.body, {
      delimiter: ';',
      bom: true,
      relax_column_count: false,
    }) as string[][];
    expect(header).toEqual(Object.values(followUpFr.exportHeaders));
    expect(rows).toHaveLength(HOSTILE.length);
    for (const cell of rows.flat()) expect(cell).not.toMatch(/^[=+\-@\t\r]/);

    const column = (name: keyof typeof followUpFr.exportHeaders) => Object.keys(followUpFr.exportHeaders).indexOf(name);
    const firstNames = rows.map((row) => row[column('firstName')]);
    expect(firstNames.sort()).toEqual(HOSTILE.map((name) => `'${name}`).sort());
    const holders = rows.map((row) => row[column('holder')]);
    expect(holders.sort()).toEqual(HOSTILE.map((name) => `'${name} Titulaire`).sort());
    for (const row of rows) {
      expect(row[column('ticket')]).toBe("'=Fosse");
      expect(row[column('quantity')]).toBe('1');
      expect(row[column('price')]).toBe('10,00');
      expect(row[column('date')]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });

  it('xlsx: the names are text cells holding exactly what was typed, never formulas', async () => {
    const { event, cookie } = await hostileEvent();
    const response = await get(`/api/console/events/${event.id}/export.xlsx`, cookie);
    expect(response.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet(followUpFr.exportSheet);
    if (!sheet) throw new Error('no sheet');
    const names: unknown[] = [];
    sheet.eachRow((row, number) => {
      if (number === 1) return;
      row.eachCell((cell) => expect(cell.type).not.toBe(ExcelJS.ValueType.Formula));
      const first = row.getCell(1);
      expect(first.type).toBe(ExcelJS.ValueType.String);
      names.push(first.value);
      expect(row.getCell(5).type).toBe(ExcelJS.ValueType.Number);
    });
    // XML reads a carriage return written as it is as a line feed: the text is otherwise intact.
    expect(names.sort()).toEqual(HOSTILE.map((name) => name.replace('\r', '\n')).sort());
  });
});
