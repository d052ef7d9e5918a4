import { type EventDeclarations, formatDateTime, invoicesFr, splitVat } from '@guichet/shared';
import { parse } from 'csv-parse/sync';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { adminCookie, createEvent, createUser, DAY, giveBillingIdentity, loginAs } from '../../../test/helpers';
import { buyAndPay, payAtSandboxBank, postOrder } from '../../../test/modules/checkout/support';
import { useTestApp } from '../../../test/use-test-app';
import { eventTypes, invoices, orders } from '../../db/schema';

const t = useTestApp();
const m = invoicesFr.declarations;

async function typeId(label: string) {
  const [row] = await t.database.db.select().from(eventTypes).where(eq(eventTypes.label, label));
  if (!row) throw new Error(`no event type ${label}`);
  return row.id;
}

/** An event of `category` with a ticket at 5,5 %, one at 20 % and a free one; its organiser's cookie. */
async function saleEvent(category: string, title = 'Nuit électrique') {
  const organizer = await createUser(t, { isVerified: true });
  const { event, tickets } = await createEvent(
    t,
    organizer.id,
    { title, typeId: await typeId(category), isUserPaysFees: true },
    [
      { title: 'Fosse', priceCents: 2500, vatRate: '5.5' },
      { title: 'Bar compris', priceCents: 1200, vatRate: '20' },
      { title: 'Invitation', priceCents: 0, vatRate: '5.5' },
    ],
  );
  const [pit, withBar, free] = tickets;
  if (!pit || !withBar || !free) throw new Error('tickets not created');
  return { organizer, event, pit, withBar, free, cookie: await loginAs(t, organizer.email) };
}

async function buyer() {
  return loginAs(t, (await createUser(t)).email);
}

/** 2 places at 5,5 % and 1 at 20 % in one paid order, 1 free place in another; invoices issued. */
async function sell(sale: Awaited<ReturnType<typeof saleEvent>>) {
  const cookie = await buyer();
  const created = await postOrder(t, cookie, {
    eventId: sale.event.id,
    lines: [
      { ticketId: sale.pit.id, quantity: 2 },
      { ticketId: sale.withBar.id, quantity: 1 },
    ],
    acceptTerms: true,
  });
  expect(created.statusCode).toBe(201);
  await payAtSandboxBank(t, created.json().id, { cookie });
  const free = await postOrder(t, await buyer(), {
    eventId: sale.event.id,
    lines: [{ ticketId: sale.free.id, quantity: 1 }],
    acceptTerms: true,
  });
  expect(free.statusCode).toBe(201);
  await t.app.jobs.runDue();
  return created.json().id as string;
}

const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const declarations = async (eventId: string, cookie: string, query = '') => {
  const response = await get(`/api/console/events/${eventId}/declarations${query}`, cookie);
  expect(response.statusCode).toBe(200);
  return response.json() as EventDeclarations;
};

// 2 × 25 € at 5,5 %: 47,39 € HT and 2,61 € of VAT; 12 € at 20 %: 10,00 € HT and 2,00 € of VAT.
const RATES = [
  { vatRate: '5.5', revenueExclVatCents: 4739, vatCents: 261 },
  { vatRate: '20', revenueExclVatCents: 1000, vatCents: 200 },
];

// Each test sells through the sandbox bank and runs the jobs: a loaded machine needs more than 30 s.
const SLOW = { timeout: 180_000 };

describe('an event’s declarations', SLOW, () => {
  it('sum the organiser’s invoices per rate, count the places paid and free, and take the CNM tax on a concert', async () => {
    const sale = await saleEvent('Concert');
    await sell(sale);
    expect(await declarations(sale.event.id, sale.cookie)).toEqual({
      rates: RATES,
      vatCents: 461,
      paidTickets: 3,
      freeTickets: 1,
      cnmBaseCents: 5739,
      // 3,5 % of 57,39 €: 2,0087 €, rounded to 2,01 €.
      cnmTaxCents: 201,
      dates: [],
      passes: null,
    });
    // The administrator reads them too.
    expect(await declarations(sale.event.id, await adminCookie(t))).toMatchObject({ vatCents: 461 });
  });

  it('leave the CNM tax at 0 for a category it does not concern, and the platform’s own invoices out', async () => {
    const sale = await saleEvent('Conférence');
    const orderId = await sell(sale);
    const platform = await t.database.db
      .select({ vatCents: invoices.vatCents })
      .from(invoices)
      .where(and(eq(invoices.orderId, orderId), eq(invoices.issuer, 'platform')));
    expect(platform[0]?.vatCents).toBeGreaterThan(0);
    expect(await declarations(sale.event.id, sale.cookie)).toEqual({
      rates: RATES,
      vatCents: 461,
      paidTickets: 3,
      freeTickets: 1,
      cnmBaseCents: 0,
      cnmTaxCents: 0,
      dates: [],
      passes: null,
    });
  });

  it('keep to one Paris month when asked, a credit note counting against the month it was issued in', async () => {
    const sale = await saleEvent('Festival');
    const orderId = await sell(sale);
    // Issued at 00:30 on 1 February in Paris (23:30 UTC the day before): February's.
    await t.database.db
      .update(invoices)
      .set({ issuedAt: new Date('2026-01-31T23:30:00Z') })
      .where(and(eq(invoices.orderId, orderId), eq(invoices.issuer, 'organizer')));
    await t.database.db
      .update(orders)
      .set({ paidAt: new Date('2026-01-31T23:30:00Z') })
      .where(eq(orders.id, orderId));
    const [invoice] = await t.database.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.orderId, orderId), eq(invoices.issuer, 'organizer')));
    if (!invoice) throw new Error('no organiser invoice');
    // A credit note in March for one place at 5,5 % (what a refund issues).
    const document = invoice.document as { lines: { vatRate: string }[] };
    await t.database.db.insert(invoices).values({
      series: `${invoice.series}:test`,
      seq: 1,
      number: 'A-TEST-1',
      kind: 'credit-note',
      issuer: 'organizer',
      orderId,
      organizerId: invoice.organizerId,
      correctsId: invoice.id,
      sourceKey: `test:${orderId}:credit`,
      document: {
        ...document,
        kind: 'credit-note',
        lines: [{ ...document.lines[0], quantity: 1, vatRate: '5.5', exclVatCents: -2370, vatCents: -130 }],
      },
      totalCents: -2500,
      vatCents: -130,
      issuedAt: new Date('2026-03-10T10:00:00Z'),
    });

    expect(await declarations(sale.event.id, sale.cookie, '?month=2026-02')).toEqual({
      rates: RATES,
      vatCents: 461,
      paidTickets: 3,
      freeTickets: 0,
      cnmBaseCents: 5739,
      cnmTaxCents: 201,
      dates: [],
      passes: null,
    });
    expect(await declarations(sale.event.id, sale.cookie, '?month=2026-01')).toEqual({
      rates: [],
      vatCents: 0,
      paidTickets: 0,
      freeTickets: 0,
      cnmBaseCents: 0,
      cnmTaxCents: 0,
      dates: [],
      passes: null,
    });
    expect(await declarations(sale.event.id, sale.cookie, '?month=2026-03')).toMatchObject({
      rates: [{ vatRate: '5.5', revenueExclVatCents: -2370, vatCents: -130 }],
      vatCents: -130,
      cnmBaseCents: -2370,
    });
    expect(await declarations(sale.event.id, sale.cookie)).toMatchObject({
      rates: [
        { vatRate: '5.5', revenueExclVatCents: 2369, vatCents: 131 },
        { vatRate: '20', revenueExclVatCents: 1000, vatCents: 200 },
      ],
      vatCents: 331,
      freeTickets: 1,
    });
    const invalid = await get(`/api/console/events/${sale.event.id}/declarations?month=2026-13`, sale.cookie);
    expect(invalid.statusCode).toBe(400);
  });

  it('are read by the event’s organiser and the administrator only', async () => {
    const sale = await saleEvent('Concert');
    await buyAndPay(t, await buyer(), sale.event.id, { ticketId: sale.pit.id, quantity: 1 });
    const url = `/api/console/events/${sale.event.id}/declarations`;
    expect((await get(url)).statusCode).toBe(401);
    for (const cookie of [await buyer(), await loginAs(t, (await createUser(t, { isVerified: true })).email)]) {
      for (const path of [url, `${url}.xlsx`, `${url}.csv`]) expect((await get(path, cookie)).statusCode).toBe(404);
    }
    expect((await get(url, sale.cookie)).statusCode).toBe(200);
  });
});

describe('the declarations’ exports', SLOW, () => {
  it('CSV: the figures in euros with a decimal comma, the title neutralised, the CNM lines for a concert', async () => {
    const sale = await saleEvent('Concert', '=HYPERLINK("//x.fr")');
    await sell(sale);
    const response = await get(`/api/console/events/${sale.event.id}/declarations.csv`, sale.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toContain('.csv');
    const rows = parse(response.body, { delimiter: ';', bom: true, relax_column_count: true }) as string[][];
    expect(rows).toEqual([
      [m.event, '\'=HYPERLINK("//x.fr")'],
      [m.periodLabel, m.allMonths],
      [''],
      [m.columns.rate, m.columns.revenue, m.columns.vat],
      [m.rate('5.5'), '47,39', '2,61'],
      [m.rate('20'), '10,00', '2,00'],
      [m.total, '57,39', '4,61'],
      [''],
      [m.paidTickets, '3'],
      [m.freeTickets, '1'],
      [''],
      [m.cnmBase, '57,39'],
      [m.cnmTax, '2,01'],
    ]);
  });

  it('xlsx: numbers as numbers, the title as text, one month, and no CNM line for a conference', async () => {
    const sale = await saleEvent('Conférence', '+SUM(1;2)');
    await sell(sale);
    const month = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit' })
      .format(new Date())
      .slice(0, 7);
    const response = await get(`/api/console/events/${sale.event.id}/declarations.xlsx?month=${month}`, sale.cookie);
    expect(response.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet(m.sheet);
    if (!sheet) throw new Error('no sheet');
    const values: unknown[][] = [];
    sheet.eachRow({ includeEmpty: true }, (row) => {
      row.eachCell((cell) => expect(cell.type).not.toBe(ExcelJS.ValueType.Formula));
      values.push((row.values as unknown[]).slice(1));
    });
    expect(sheet.getCell('B1').type).toBe(ExcelJS.ValueType.String);
    expect(values).toEqual([
      [m.event, '+SUM(1;2)'],
      [m.periodLabel, m.month(month)],
      [],
      [m.columns.rate, m.columns.revenue, m.columns.vat],
      [m.rate('5.5'), 47.39, 2.61],
      [m.rate('20'), 10, 2],
      [m.total, 57.39, 4.61],
      [],
      [m.paidTickets, 3],
      [m.freeTickets, 1],
      [],
      [m.cnmNotConcerned],
    ]);
  });

  it('give an event of several dates its figures per date, its passes apart, and keep the totals', SLOW, async () => {
    const organizer = await createUser(t, { isVerified: true });
    await giveBillingIdentity(t, organizer.id);
    const cookie = await loginAs(t, organizer.email);
    const {
      event,
      tickets: [seat, pass],
    } = await createEvent(t, organizer.id, { title: 'Trois soirs', typeId: await typeId('Concert') }, [
      { title: 'Soirée', priceCents: 2500, vatRate: '5.5', maxToBuy: 5 },
      { title: 'Pass', priceCents: 4000, vatRate: '5.5', maxToBuy: 5, isPass: true },
    ]);
    const begin = event.dateBegin.getTime() + 2 * DAY;
    const added = await t.app.inject({
      method: 'POST',
      url: `/api/console/events/${event.id}/dates`,
      headers: { cookie },
      payload: { dateBegin: new Date(begin).toISOString(), dateEnd: new Date(begin + 3_600_000).toISOString() },
    });
    expect(added.statusCode, added.body).toBe(201);
    const second = added.json().id as string;
    const pay = async (lines: object[]) => {
      const buyerCookie = await buyer();
      const created = await postOrder(t, buyerCookie, { eventId: event.id, lines, acceptTerms: true });
      expect(created.statusCode, created.body).toBe(201);
      await payAtSandboxBank(t, created.json().id, { cookie: buyerCookie });
    };
    await pay([{ ticketId: seat?.id, dateId: event.id, quantity: 2 }]);
    await pay([
      { ticketId: seat?.id, dateId: second, quantity: 1 },
      { ticketId: pass?.id, quantity: 1 },
    ]);
    await t.app.jobs.runDue();

    const one = splitVat(2500, '5.5');
    const two = splitVat(5000, '5.5');
    const ofPass = splitVat(4000, '5.5');
    const figures = await declarations(event.id, cookie);
    expect(figures).toMatchObject({
      rates: [{ vatRate: '5.5', revenueExclVatCents: two.exclVatCents + one.exclVatCents + ofPass.exclVatCents }],
      paidTickets: 4,
      dates: [
        { dateId: event.id, rates: [{ vatRate: '5.5', revenueExclVatCents: two.exclVatCents }], paidTickets: 2 },
        { dateId: second, rates: [{ vatRate: '5.5', revenueExclVatCents: one.exclVatCents }], paidTickets: 1 },
      ],
      passes: { rates: [{ vatRate: '5.5', revenueExclVatCents: ofPass.exclVatCents }], paidTickets: 1, freeTickets: 0 },
    });
    // Each block's CNM tax is its own revenue's; the totals are every block's together.
    const blocks = [...figures.dates, figures.passes].map((block) => block?.cnmBaseCents ?? 0);
    expect(blocks.reduce((a, b) => a + b, 0)).toBe(figures.cnmBaseCents);

    const csv = await get(`/api/console/events/${event.id}/declarations.csv`, cookie);
    const rows = parse(csv.body, { delimiter: ';', bom: true, relax_column_count: true }) as string[][];
    const titles = rows.filter((row) => row.length === 1).map(([cell]) => cell);
    expect(titles).toEqual(
      expect.arrayContaining([
        m.allDates,
        m.dateTitle(formatDateTime(event.dateBegin.toISOString()), false),
        m.dateTitle(formatDateTime(new Date(begin).toISOString()), false),
        m.passesTitle,
      ]),
    );
  });
});
