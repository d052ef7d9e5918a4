import { eventStats, followUpFr, type ParticipantsPage } from '@guichet/shared';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { createEvent, createUser, DAY, getAs, loginAs, uniqueEmail } from '../../../test/helpers';
import { participationWithCode } from '../../../test/modules/checkin/support';
import { payAtSandboxBank, postOrder } from '../../../test/modules/checkout/support';
import { useTestApp } from '../../../test/use-test-app';
import { discountCodes, eventStaff, participations, sessions, tickets as ticketsTable, users } from '../../db/schema';
import { sha256 } from '../../lib/tokens';
import { signTicketCode } from '../ticket-codes/codes';
import { loadTicketKeys } from '../ticket-codes/keys';

// The follow-up (issue 13): statistics, the participants list and the export, from sales made
// through the real routes (web payment at the sandbox bank, door sale, check-in scan).
const t = useTestApp();

async function soldEvent() {
  const organizer = await createUser(t, { isVerified: true });
  const organizerCookie = await loginAs(t, organizer.email);
  // An earlier event of the same organiser makes a regular of whoever held a ticket to it.
  const earlier = await createEvent(t, organizer.id, { dateBegin: new Date(Date.now() - 30 * DAY) }, [{}]);
  const { event, tickets } = await createEvent(t, organizer.id, { nbMaxParticipants: 40 }, [
    { title: 'Fosse - debout', priceCents: 2000, quantity: 30 },
    { title: 'Balcon', priceCents: 3000, quantity: 20 },
  ]);
  const [fosse, balcon] = tickets;
  if (!fosse || !balcon || !earlier.tickets[0]) throw new Error('tickets missing');
  await t.database.db.insert(discountCodes).values([
    { eventId: event.id, code: 'ETE', percent: 10 },
    { eventId: event.id, code: 'RIEN', percent: 50 },
  ]);

  const buyOnline = async (firstName: string, line: object, discountCode?: string) => {
    const buyer = await createUser(t, { firstName, lastName: 'Acheteur', birthDate: '2000-01-15' });
    const cookie = await loginAs(t, buyer.email);
    const created = await postOrder(t, cookie, { eventId: event.id, lines: [line], acceptTerms: true, discountCode });
    expect(created.statusCode, created.body).toBe(201);
    await payAtSandboxBank(t, created.json().id, { cookie });
    return buyer;
  };
  const regular = await buyOnline('Régis', { ticketId: fosse.id, quantity: 2 }, 'ETE');
  const earlierTicket = await participationWithCode(t, earlier.event.id, earlier.tickets[0].id, 1);
  await t.database.db
    .update(participations)
    .set({ userId: regular.id })
    .where(eq(participations.id, earlierTicket.participation.id));
  const balconBuyer = await buyOnline('Bérénice', { ticketId: balcon.id, quantity: 1 });
  const door = await t.app.inject({
    method: 'POST',
    url: `/api/console/events/${event.id}/manual-entries`,
    headers: { cookie: organizerCookie },
    payload: {
      ticketId: fosse.id,
      quantity: 3,
      payment: 'cash',
      participant: {
        email: uniqueEmail('porte'),
        firstName: 'Paul',
        lastName: 'Zorro',
        phone: '',
        birthDate: '1990-06-01',
      },
    },
  });
  expect(door.statusCode, door.body).toBe(201);
  return { organizer, organizerCookie, event, fosse, balcon, regular, balconBuyer, doorSale: door.json() };
}

describe('the statistics', () => {
  it('count places, money, sources, promo codes, regulars, ages and scans from the database', async () => {
    const s = await soldEvent();
    const participants = (await getAs(t, `/api/console/events/${s.event.id}/participants`, s.organizerCookie)).json();
    const regularRow = participants.items.find((p: { firstName: string }) => p.firstName === 'Régis');
    const code = signTicketCode(
      { id: regularRow.id, eventId: s.event.id, quantity: 1 },
      loadTicketKeys(t.config).privateKey,
    );
    const scanned = await t.app.inject({
      method: 'POST',
      url: `/api/checkin/events/${s.event.id}/scans`,
      headers: { cookie: s.organizerCookie },
      payload: { code },
    });
    expect(scanned.statusCode, scanned.body).toBe(200);

    const response = await getAs(t, `/api/console/events/${s.event.id}/stats`, s.organizerCookie);
    expect(response.statusCode, response.body).toBe(200);
    const stats = eventStats.parse(response.json());
    expect(stats).toMatchObject({
      participants: 6,
      capacity: 40,
      unsold: 34,
      // 2 × 18,00 € (10 % off) + 30,00 € + 3 × 20,00 € at the door.
      grossCents: 3600 + 3000 + 6000,
      holders: 3,
      regulars: 1,
      regularsPercent: 33,
      scanned: 1,
      remainingScans: 5,
      // Places not scanned, each place its own ticket (issue 30).
      absentees: 5,
      promoUses: 1,
      discountCents: 400,
    });
    expect(stats.byTicket).toEqual([
      expect.objectContaining({
        title: 'Fosse - debout',
        label: 'Fosse',
        sold: 5,
        available: 30,
        scanned: 1,
        bySource: { web: 2, presentiel: 3, invitation: 0, invendu: 25 },
      }),
      expect.objectContaining({
        title: 'Balcon',
        sold: 1,
        bySource: { web: 1, presentiel: 0, invitation: 0, invendu: 19 },
      }),
    ]);
    expect(stats.bySource).toEqual({ web: 3, presentiel: 3, invitation: 0, invendu: 34 });
    expect(stats.promoCodes).toEqual([
      { code: 'ETE', percent: 10, uses: 1, discountCents: 400 },
      { code: 'RIEN', percent: 50, uses: 0, discountCents: 0 },
    ]);
    expect(stats.soldByDay.reduce((n, p) => n + p.quantity, 0)).toBe(6);
    expect(stats.soldByHour.reduce((n, p) => n + p.quantity, 0)).toBe(6);
    expect(stats.scannedByHour.reduce((n, p) => n + p.quantity, 0)).toBe(1);
    expect(stats.soldByDay[0]?.at).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(stats.ages.reduce((n, a) => n + a.quantity, 0)).toBe(6);
  });

  it('label the options of a choice ticket apart, where their titles before the hyphen are alike', async () => {
    const organizer = await createUser(t, { isVerified: true });
    const { event, tickets } = await createEvent(t, organizer.id, {}, [
      { title: 'Formule', isMultipart: true, quantity: 0 },
      { title: 'Entrée - adulte', quantity: 10 },
    ]);
    const head = tickets[0];
    if (!head) throw new Error('head missing');
    await t.database.db.insert(ticketsTable).values([
      { eventId: event.id, parentId: head.id, title: 'Repas', quantity: 5, position: 1 },
      { eventId: event.id, parentId: head.id, title: 'Boisson', quantity: 5, position: 2 },
    ]);
    const stats = eventStats.parse(
      (await getAs(t, `/api/console/events/${event.id}/stats`, await loginAs(t, organizer.email))).json(),
    );
    expect(stats.byTicket.map((ticket) => ticket.label)).toEqual(['Formule - Repas', 'Formule - Boisson', 'Entrée']);
  });

  it('answer zeros for an event with no sale, never an error', async () => {
    const organizer = await createUser(t, { isVerified: true });
    const { event } = await createEvent(t, organizer.id, {}, [{ quantity: 10 }]);
    const stats = (await getAs(t, `/api/console/events/${event.id}/stats`, await loginAs(t, organizer.email))).json();
    expect(stats).toMatchObject({ participants: 0, unsold: 10, grossCents: 0, regularsPercent: 0, scanned: 0 });
  });
});

describe('the participants list', () => {
  it('sorts every column both ways, searches by name or e-mail and pages', async () => {
    const s = await soldEvent();
    const list = async (query: string) =>
      (
        await getAs(t, `/api/console/events/${s.event.id}/participants${query}`, s.organizerCookie)
      ).json() as ParticipantsPage;
    const byName = await list('');
    expect(byName.total).toBe(3);
    // The list counts the places sold, not only its rows: 2 + 1 + 3 at the door.
    expect(byName.places).toBe(6);
    expect((await list('?q=zorro')).places).toBe(3);
    expect(byName.items.map((p) => p.lastName)).toEqual(['Acheteur', 'Acheteur', 'Zorro']);
    expect((await list('?sort=name&dir=desc')).items[0]?.lastName).toBe('Zorro');
    const byPrice = await list('?sort=price&dir=desc');
    expect(byPrice.items.map((p) => p.totalCents)).toEqual([6000, 3600, 3000]);
    expect(byPrice.items[1]).toMatchObject({
      firstName: 'Régis',
      email: s.regular.email,
      quantity: 2,
      ticketTitle: 'Fosse - debout',
      promoCode: 'ETE',
      promoPercent: 10,
      unitPriceCents: 2000,
      status: 'absent',
      source: 'web',
      lastScanAt: null,
    });
    // The row of an order stays one row; its detail lists each place, its holder and its entry
    // (numbered with the order's invoices, which this test does not issue).
    expect(byPrice.items[1]?.places).toEqual([
      { id: expect.any(String), ticketNumber: null, holderName: 'Régis Acheteur', isScanned: false, answers: [] },
      { id: expect.any(String), ticketNumber: null, holderName: 'Régis Acheteur', isScanned: false, answers: [] },
    ]);
    expect(byPrice.items[0]).toMatchObject({ source: 'presentiel', promoCode: null, age: expect.any(Number) });
    for (const sort of ['quantity', 'type', 'date', 'status', 'promo']) {
      for (const dir of ['asc', 'desc']) expect((await list(`?sort=${sort}&dir=${dir}`)).items).toHaveLength(3);
    }
    expect((await list('?sort=quantity&dir=desc')).items[0]?.quantity).toBe(3);
    expect((await list('?q=zorro')).items.map((p) => p.lastName)).toEqual(['Zorro']);
    expect((await list(`?q=${encodeURIComponent(s.balconBuyer.email.toUpperCase())}`)).total).toBe(1);
    expect((await list('?q=r%C3%A9gis%20acheteur')).total).toBe(1);
    expect((await list('?q=%25')).total).toBe(0);
    const page = await list('?limit=2&offset=2');
    expect(page).toMatchObject({ total: 3 });
    expect(page.items).toHaveLength(1);
    // Nonsense in the query string is read as the defaults, never a 5xx.
    const odd = await getAs(
      t,
      `/api/console/events/${s.event.id}/participants?sort=x&dir=y&limit=-3&offset=z&q=`,
      s.organizerCookie,
    );
    expect(odd.statusCode).toBe(200);
  });
});

async function readWorkbook(body: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet(followUpFr.exportSheet);
  if (!sheet) throw new Error(`no sheet ${followUpFr.exportSheet}`);
  return sheet;
}

describe('the export', () => {
  it('is a real workbook named after the event, one row per place with the 17 or 13 columns and its holder', async () => {
    const s = await soldEvent();
    const response = await getAs(t, `/api/console/events/${s.event.id}/export.xlsx`, s.organizerCookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent(s.event.title)}.xlsx`,
    );
    const sheet = await readWorkbook(response.rawPayload);
    // 2 + 1 places sold online, 3 at the door.
    expect(sheet.rowCount).toBe(7);
    const headers = (sheet.getRow(1).values as string[]).slice(1);
    expect(headers).toEqual(Object.values(followUpFr.exportHeaders));
    const rows = [2, 3, 4, 5, 6, 7].map((n) => (sheet.getRow(n).values as unknown[]).slice(1));
    const regulars = rows.filter((r) => r[2] === s.regular.email);
    expect(regulars).toHaveLength(2);
    const [regular] = regulars;
    expect(regular?.slice(0, 12)).toEqual([
      'Régis',
      'Acheteur',
      s.regular.email,
      expect.any(Number),
      1,
      'Fosse - debout',
      20,
      'ETE',
      10,
      18,
      0,
      0,
    ]);
    expect(regular?.[12]).toBeInstanceOf(Date);
    expect(regular?.[13]).toBe('Web');
    expect(regular?.[14]).toBe(1);
    // Each place its number and holder: the order's buyer, none having been named.
    expect(regulars.map((r) => r[18])).toEqual(['Régis Acheteur', 'Régis Acheteur']);
    expect(sheet.getRow(2).getCell(7).numFmt).toBe('0.00');

    const followUp = await getAs(
      t,
      `/api/console/events/${s.event.id}/export.xlsx?columns=follow-up`,
      s.organizerCookie,
    );
    const short = await readWorkbook(followUp.rawPayload);
    expect((short.getRow(1).values as string[]).slice(1)).toHaveLength(15);

    const csv = await getAs(t, `/api/console/events/${s.event.id}/export.csv`, s.organizerCookie);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = csv.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(Object.values(followUpFr.exportHeaders).join(';'));
    expect(lines.find((line) => line.includes(s.regular.email))).toContain(';20,00;ETE;10;18,00;');
  });

  it('of an event with no participation is a valid workbook with its headers only', async () => {
    const organizer = await createUser(t, { isVerified: true });
    const { event } = await createEvent(t, organizer.id, { title: 'Vide / "rien"' });
    const response = await getAs(t, `/api/console/events/${event.id}/export.xlsx`, await loginAs(t, organizer.email));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="Vide rien.xlsx"/);
    expect((await readWorkbook(response.rawPayload)).rowCount).toBe(1);
  });
});

describe('who may follow the sales', () => {
  it('the organiser and the administrator; staff, others and unknown ids get 404, a visitor 401', async () => {
    const s = await soldEvent();
    const admin = await createUser(t, { role: 'admin' });
    const staff = await createUser(t);
    await t.database.db.insert(eventStaff).values({ eventId: s.event.id, userId: staff.id, addedBy: s.organizer.id });
    const stranger = await createUser(t, { isVerified: true });
    const routes = ['stats', 'participants', 'export.xlsx', 'export.csv'];
    for (const route of routes) {
      const url = `/api/console/events/${s.event.id}/${route}`;
      expect((await getAs(t, url, await loginAs(t, admin.email))).statusCode, route).toBe(200);
      expect((await getAs(t, url)).statusCode, route).toBe(401);
      for (const who of [staff, stranger]) {
        const refused = await getAs(t, url, await loginAs(t, who.email));
        expect(refused.statusCode, route).toBe(404);
        expect(refused.json()).toMatchObject({ code: 'EVENT_NOT_FOUND', message: expect.any(String) });
      }
      for (const id of ['pas-un-id', '00000000-0000-4000-8000-000000000000']) {
        expect((await getAs(t, `/api/console/events/${id}/${route}`, s.organizerCookie)).statusCode).toBe(404);
      }
    }
  });
});

// Issue 34: a page is read on the process's copy of the session, which its statement confirms;
// what ended a moment ago on another server is refused at once.
describe('the participants page on the copy of the session', () => {
  const tokenOf = (cookie: string) => cookie.split('guichet_session=')[1]?.split(';')[0] ?? '';

  // Both screens read the session's copy and have their statement confirm it.
  it.each(['participants', 'stats'])(
    'refuses a session ended, an account banned, and an administrator no longer one, right after a page (%s)',
    async (screen) => {
      const s = await soldEvent();
      const page = (cookie: string, query = '') =>
        getAs(t, `/api/console/events/${s.event.id}/${screen}${query}`, cookie);
      expect((await page(s.organizerCookie)).statusCode).toBe(200);
      // Another server's logout: the session's row is gone, this process was not told.
      await t.database.db.delete(sessions).where(eq(sessions.tokenHash, sha256(tokenOf(s.organizerCookie))));
      const ended = await page(s.organizerCookie);
      expect(ended.statusCode).toBe(401);
      expect(ended.json()).toMatchObject({ code: 'UNAUTHENTICATED' });

      const again = await loginAs(t, s.organizer.email);
      expect((await page(again, '?q=a')).statusCode).toBe(200);
      await t.database.db.update(users).set({ bannedAt: new Date() }).where(eq(users.id, s.organizer.id));
      expect((await page(again, '?q=a')).statusCode).toBe(401);
      await t.database.db.update(users).set({ bannedAt: null }).where(eq(users.id, s.organizer.id));

      const admin = await createUser(t, { role: 'admin' });
      const adminCookie = await loginAs(t, admin.email);
      expect((await page(adminCookie)).statusCode).toBe(200);
      await t.database.db.update(users).set({ role: 'user' }).where(eq(users.id, admin.id));
      expect((await page(adminCookie)).statusCode).toBe(404);
      // A missing event on a copy still holding is not found, not signed out.
      const missing = await getAs(t, `/api/console/events/00000000-0000-4000-8000-000000000000/${screen}`, again);
      expect(missing.statusCode).toBe(404);
    },
  );
});
