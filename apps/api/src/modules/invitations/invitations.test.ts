import {
  checkoutFr,
  datesFr,
  followUpFr,
  invitationsFr,
  MAX_INVITATION_ROWS,
  resaleFr,
  transfersFr,
} from '@guichet/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { createEvent, createUser, loginAs, sessionCookie, uniqueEmail } from '../../../test/helpers';
import { uploadFile } from '../../../test/modules/account/support';
import { useTestApp } from '../../../test/use-test-app';
import { events, mailOutbox, orders, participations, tickets, users } from '../../db/schema';
import { signTicketCode } from '../ticket-codes/codes';
import { loadTicketKeys } from '../ticket-codes/keys';

// Invitations (issue 31): free named places given by the organiser, one by one or from a file
// (preview, then all or none), e-mailed, counted against capacity, shown apart, revocable.
const t = useTestApp();
const m = invitationsFr;

async function invitingOrganiser(
  ticketValues: Parameters<typeof createEvent>[3] = [{ priceCents: 2500, quantity: 50 }],
) {
  const organizer = await createUser(t, { isVerified: true });
  const { event, tickets: rows } = await createEvent(t, organizer.id, {}, ticketValues);
  return { organizer, event, rows, cookie: await loginAs(t, organizer.email) };
}

const invite = (eventId: string, cookie: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/console/events/${eventId}/invitations`, payload, headers: { cookie } });

const guest = (email = uniqueEmail('invite')) => ({ email, firstName: 'Inès', lastName: 'Invitée' });

const list = async (eventId: string, cookie: string) =>
  (
    await t.app.inject({ method: 'GET', url: `/api/console/events/${eventId}/invitations`, headers: { cookie } })
  ).json();

const invitationsOf = (eventId: string) =>
  t.database.db
    .select()
    .from(participations)
    .where(and(eq(participations.eventId, eventId), eq(participations.source, 'invitation')));

const csv = (lines: string[]) => Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8');
const preview = (eventId: string, cookie: string, file: Buffer, name = 'invites.csv') =>
  uploadFile(t, `/api/console/events/${eventId}/invitations/preview`, cookie, file, name);
const importFile = (eventId: string, cookie: string, file: Buffer, name = 'invites.csv') =>
  uploadFile(t, `/api/console/events/${eventId}/invitations/import`, cookie, file, name);

describe('one invitation', () => {
  it('gives a free numbered place of the chosen ticket, source Invitation, mailed with its PDF and QR code', async () => {
    const { organizer, event, rows, cookie } = await invitingOrganiser();
    const person = guest();
    const response = await invite(event.id, cookie, {
      ...person,
      email: ` ${person.email.toUpperCase()} `,
      ticketId: rows[0]?.id,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ ticketId: rows[0]?.id, message: m.created });

    const [place] = await invitationsOf(event.id);
    expect(place).toMatchObject({ id: response.json().participationId, quantity: 1, isGift: false });
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, response.json().orderId));
    // No money: a paid order of 0 €, given by the organiser.
    expect(order).toMatchObject({ status: 'paid', totalCents: 0, provider: 'free', soldBy: organizer.id });
    const [account] = await t.database.db.select().from(users).where(eq(users.email, person.email));
    expect(account).toMatchObject({ firstName: 'Inès', lastName: 'Invitée', passwordHash: 'guest' });
    const [mail] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, person.email));
    expect(mail?.attachments?.map((a) => a.kind).sort()).toEqual(['ticket-qr', 'tickets-pdf']);
    const [ticket] = await t.database.db
      .select()
      .from(tickets)
      .where(eq(tickets.id, rows[0]?.id ?? ''));
    expect(ticket?.sold).toBe(1);

    expect(await list(event.id, cookie)).toEqual([
      expect.objectContaining({ email: person.email, firstName: 'Inès', ticketTitle: 'Billet 1', revokedAt: null }),
    ]);
    // Shown apart in the statistics, not as a sale.
    const stats = (
      await t.app.inject({ method: 'GET', url: `/api/console/events/${event.id}/stats`, headers: { cookie } })
    ).json();
    expect(stats.bySource).toMatchObject({ web: 0, presentiel: 0, invitation: 1 });
    expect(stats.byTicket[0]).toMatchObject({ sold: 1, grossCents: 0 });
    expect(followUpFr.stats.sources.invitation).toBe('Invitations');
  });

  it('without a ticket: the first free ticket, else the cheapest with a place left', async () => {
    const withFree = await invitingOrganiser([
      { priceCents: 3000 },
      { priceCents: 0, title: 'Gratuit A', isHidden: true },
      { priceCents: 0, title: 'Gratuit B' },
    ]);
    const first = await invite(withFree.event.id, withFree.cookie, guest());
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().ticketId).toBe(withFree.rows[1]?.id);

    const paidOnly = await invitingOrganiser([
      { priceCents: 3000 },
      { priceCents: 1000, quantity: 0 },
      { priceCents: 1500 },
    ]);
    const second = await invite(paidOnly.event.id, paidOnly.cookie, guest());
    expect(second.statusCode, second.body).toBe(201);
    // The 10 € ticket has no place left: the 15 € one, given for free.
    expect(second.json().ticketId).toBe(paidOnly.rows[2]?.id);
    const [line] = await t.database.db.select().from(orders).where(eq(orders.id, second.json().orderId));
    expect(line?.totalCents).toBe(0);
  });

  it('never oversells: a full ticket or a full event answers 409 in French; checks answer in French', async () => {
    const { event, rows, cookie } = await invitingOrganiser([{ priceCents: 0, quantity: 1 }]);
    expect((await invite(event.id, cookie, { ...guest(), ticketId: rows[0]?.id })).statusCode).toBe(201);
    const full = await invite(event.id, cookie, { ...guest(), ticketId: rows[0]?.id });
    expect(full.statusCode).toBe(409);
    expect(full.json()).toMatchObject({ code: 'SOLD_OUT', message: checkoutFr.noPlaceLeft });
    const none = await invite(event.id, cookie, guest());
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe(m.noTicket);

    const capped = await invitingOrganiser([{ quantity: 10 }]);
    await t.database.db.update(events).set({ nbMaxParticipants: 1 }).where(eq(events.id, capped.event.id));
    expect((await invite(capped.event.id, capped.cookie, guest())).statusCode).toBe(201);
    expect((await invite(capped.event.id, capped.cookie, guest())).json().message).toBe(checkoutFr.noPlaceLeft);

    const bad = await invite(capped.event.id, capped.cookie, { ...guest(), email: 'pas-un-email' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: m.emailInvalid, field: 'email' });
    const formula = await invite(capped.event.id, capped.cookie, { ...guest(), lastName: '=HYPERLINK("x")' });
    expect(formula.json()).toMatchObject({ message: m.formula, field: 'lastName' });
    expect((await invitationsOf(capped.event.id)).length).toBe(1);
  });

  it('the same person twice is refused; a box-office or other account cannot invite', async () => {
    const { event, cookie } = await invitingOrganiser();
    const person = guest();
    expect((await invite(event.id, cookie, person)).statusCode).toBe(201);
    const again = await invite(event.id, cookie, person);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(m.alreadyInvited);
    const stranger = await createUser(t, { isVerified: true });
    expect((await invite(event.id, await loginAs(t, stranger.email), guest())).statusCode).toBe(404);
  });
});

describe('an invitation file', () => {
  it('previews each row with its French error and creates nothing, then refuses to import it', async () => {
    const { event, rows, cookie } = await invitingOrganiser([{ title: 'Carré or', priceCents: 5000 }]);
    const taken = uniqueEmail('deja');
    expect((await invite(event.id, cookie, guest(taken))).statusCode).toBe(201);
    const dup = uniqueEmail('double');
    const file = csv([
      'Prénom;Nom;E-mail;Billet',
      `Ana;Lopez;${uniqueEmail('ok')};carré or`,
      'Bob;Martin;pas-un-email;',
      `=HYPERLINK("http://evil");Durand;${uniqueEmail('f')};`,
      `Chloé;Petit;${dup};`,
      `Chloé;Petit;${dup.toUpperCase()};`,
      `Dan;;${uniqueEmail('n')};`,
      `Eve;Roux;${uniqueEmail('t')};Balcon`,
      `Fay;Moreau;${taken};`,
      ';;;',
    ]);
    const response = await preview(event.id, cookie, file);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ validCount: 2, errorCount: 6 });
    expect(body.rows.map((row: { line: number; error: string | null }) => [row.line, row.error])).toEqual([
      [2, null],
      [3, m.emailInvalid],
      [4, m.formula],
      [5, null],
      [6, m.duplicate(5)],
      [7, m.lastNameRequired],
      [8, m.unknownTicket],
      [9, m.alreadyInvited],
    ]);
    // Shown neutralised, never evaluated.
    expect(body.rows[2].firstName).toBe(`'=HYPERLINK("http://evil")`);
    expect(body.rows[0].ticketTitle).toBe('carré or');
    expect(body.rows[3].ticketTitle).toBe(rows[0]?.title);
    expect(await invitationsOf(event.id)).toHaveLength(1);

    const refused = await importFile(event.id, cookie, file);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'INVITATION_FILE_INVALID', message: m.fileHasErrors });
    expect(await invitationsOf(event.id)).toHaveLength(1);
  });

  it('imports all rows or none: a list larger than the places left creates nothing, not even accounts', async () => {
    const { event, cookie } = await invitingOrganiser([{ priceCents: 0, quantity: 2 }]);
    const emails = [uniqueEmail('a'), uniqueEmail('b'), uniqueEmail('c')];
    const three = csv(['Email,Prénom,Nom', ...emails.map((email, i) => `${email},Personne,N${i}`)]);
    expect((await preview(event.id, cookie, three)).json()).toMatchObject({ validCount: 3, errorCount: 0 });
    const refused = await importFile(event.id, cookie, three);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'SOLD_OUT', message: m.notEnoughPlaces(3) });
    expect(await invitationsOf(event.id)).toHaveLength(0);
    expect(await t.database.db.select().from(users).where(inArray(users.email, emails))).toHaveLength(0);
    // No hold left behind by the rows that fitted.
    const [ticket] = await t.database.db.select().from(tickets).where(eq(tickets.eventId, event.id));
    expect(ticket).toMatchObject({ held: 0, sold: 0 });

    const two = csv(['Email,Prénom,Nom', ...emails.slice(0, 2).map((email) => `${email},Personne,Invitée`)]);
    const imported = await importFile(event.id, cookie, two);
    expect(imported.statusCode, imported.body).toBe(201);
    expect(imported.json()).toEqual({ created: 2, message: m.imported(2) });
    expect(await invitationsOf(event.id)).toHaveLength(2);
    expect(await t.database.db.select().from(mailOutbox).where(inArray(mailOutbox.to, emails))).toHaveLength(2);
  });

  it('reads an xlsx workbook: a formula cell is its text, refused, never its result', async () => {
    const { event, cookie } = await invitingOrganiser();
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Invités');
    sheet.addRow(['Email', 'Prénom', 'Nom']);
    const email = uniqueEmail('x');
    sheet.addRow([{ text: email, hyperlink: `mailto:${email}` }, 'Gil', 'Blanc']);
    sheet.addRow([uniqueEmail('y'), { formula: 'CONCAT("Ha","ck")', result: 'Hack' }, 'Noir']);
    const file = Buffer.from(await workbook.xlsx.writeBuffer());
    const body = (await preview(event.id, cookie, file, 'invites.xlsx')).json();
    expect(body.rows).toEqual([
      expect.objectContaining({ line: 2, email, firstName: 'Gil', error: null }),
      expect.objectContaining({ line: 3, firstName: `'=CONCAT("Ha","ck")`, error: m.formula }),
    ]);
  });

  it('answers each bad file in French, whole: empty, wrong columns, unreadable, too many rows', async () => {
    const { event, cookie } = await invitingOrganiser();
    const refusal = async (file: Buffer, name?: string) => {
      const response = await preview(event.id, cookie, file, name);
      expect(response.statusCode).toBe(400);
      return response.json().message;
    };
    expect(await refusal(Buffer.alloc(0))).toBe(m.fileEmpty);
    expect(await refusal(csv(['Email;Prénom;Nom']))).toBe(m.fileEmpty);
    expect(await refusal(csv(['Courriel;Nom complet', 'a@b.fr;Ana Lopez']))).toBe(m.fileColumns);
    expect(await refusal(Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), 'invites.xlsx')).toBe(m.fileUnreadable);
    expect(await refusal(Buffer.from([0xff, 0xfe, 0x00, 0x41]))).toBe(m.fileUnreadable);
    const big = csv([
      'Email;Prénom;Nom',
      ...Array.from({ length: 10_000 }, (_, i) => `p${i}@test.guichet.fr;P${i};N${i}`),
    ]);
    expect(await refusal(big)).toBe(m.tooManyRows(10_000, MAX_INVITATION_ROWS));
    expect((await importFile(event.id, cookie, big)).statusCode).toBe(400);
    const noFile = await t.app.inject({
      method: 'POST',
      url: `/api/console/events/${event.id}/invitations/preview`,
      headers: { cookie },
      payload: {},
    });
    expect(noFile.json().message).toBe(m.fileRequired);
    expect(await invitationsOf(event.id)).toHaveLength(0);
  });

  it(`imports the largest file allowed (${MAX_INVITATION_ROWS} rows) in one go`, async () => {
    const { event, cookie } = await invitingOrganiser([{ priceCents: 0, quantity: MAX_INVITATION_ROWS }]);
    const prefix = uniqueEmail('lot').split('@')[0];
    const file = csv([
      'Email;Prénom;Nom',
      ...Array.from({ length: MAX_INVITATION_ROWS }, (_, i) => `${prefix}-${i}@test.guichet.fr;P${i};N${i}`),
    ]);
    const imported = await importFile(event.id, cookie, file);
    expect(imported.statusCode, imported.body).toBe(201);
    expect(imported.json().created).toBe(MAX_INVITATION_ROWS);
    expect(await invitationsOf(event.id)).toHaveLength(MAX_INVITATION_ROWS);
    // The API tests share one database: 2,000 ticket mails left due would be rendered by the next
    // test anywhere that runs the job runner, past its time limit.
    await t.database.db.execute(
      sql`delete from jobs where kind = 'mail' and payload->>'mailId' in (
            select id::text from mail_outbox where "to" like ${`${prefix}-%`})`,
    );
  }, 120_000);
});

describe('revoking an invitation', () => {
  it('refuses its code from then on, online and in the offline manifest, and gives its place back', async () => {
    const { event, rows, cookie } = await invitingOrganiser([{ priceCents: 0, quantity: 1 }]);
    const created = (await invite(event.id, cookie, guest())).json();
    const code = signTicketCode(
      { id: created.participationId, eventId: event.id, quantity: 1 },
      loadTicketKeys(t.config).privateKey,
    );
    const revoke = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/console/events/${event.id}/invitations/${created.participationId}/revoke`,
        headers: { cookie },
      });
    const revoked = await revoke();
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json().message).toBe(m.revoked);
    expect((await revoke()).json()).toMatchObject({ code: 'ALREADY_REVOKED', message: m.alreadyRevoked });

    const scan = await t.app.inject({
      method: 'POST',
      url: `/api/checkin/events/${event.id}/scans`,
      headers: { cookie },
      payload: { code },
    });
    expect(scan.statusCode).toBe(409);
    expect(scan.json().code).toBe('TICKET_CANCELLED');
    const manifest = (
      await t.app.inject({ method: 'GET', url: `/api/checkin/events/${event.id}/manifest`, headers: { cookie } })
    ).json();
    expect(manifest.revoked).toContain(created.participationId);
    expect(manifest.revokedReasons[created.participationId]).toBe('invitation_revoked');
    expect(manifest.participations).toEqual([]);
    // Its guest can neither send it nor resell it, and is told why in those words.
    const [place] = await t.database.db
      .select()
      .from(participations)
      .where(eq(participations.id, created.participationId));
    const guestCookie = await sessionCookie(t, place?.userId ?? '');
    const handOn = async (way: 'transfer' | 'resale', payload: object) =>
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/me/participations/${created.participationId}/${way}`,
          headers: { cookie: guestCookie },
          payload,
        })
      ).json();
    expect(await handOn('transfer', { email: uniqueEmail('friend') })).toMatchObject({
      code: 'INVITATION_REVOKED',
      message: transfersFr.errors.invitationRevoked,
    });
    expect(await handOn('resale', {})).toMatchObject({
      code: 'INVITATION_REVOKED',
      message: resaleFr.errors.invitationRevoked,
    });
    expect((await list(event.id, cookie))[0].revokedAt).toEqual(expect.any(String));
    // Its place is free again: another guest can have it.
    expect((await invite(event.id, cookie, { ...guest(), ticketId: rows[0]?.id })).statusCode).toBe(201);
  });
});

describe('invitations on an event of several dates', () => {
  // Paris wall times (summer: UTC+2): two dates on Monday 12 July 2027, one on the Tuesday.
  const MONDAY_AFTERNOON = '2027-07-12T13:00:00.000Z';
  const MONDAY_EVENING = '2027-07-12T18:30:00.000Z';
  const TUESDAY_EVENING = '2027-07-13T18:30:00.000Z';

  async function datedOrganiser() {
    const setup = await invitingOrganiser([
      { title: 'Entrée', priceCents: 2500, quantity: 50 },
      { title: 'Pass', priceCents: 5000, quantity: 10, isPass: true },
    ]);
    const dateIds: Record<string, string> = {};
    for (const begin of [MONDAY_AFTERNOON, MONDAY_EVENING, TUESDAY_EVENING]) {
      const added = await t.app.inject({
        method: 'POST',
        url: `/api/console/events/${setup.event.id}/dates`,
        payload: { dateBegin: begin, dateEnd: new Date(new Date(begin).getTime() + 7_200_000).toISOString() },
        headers: { cookie: setup.cookie },
      });
      expect(added.statusCode).toBe(201);
      dateIds[begin] = added.json().id;
    }
    return { ...setup, dateIds };
  }

  it('reads each row’s date: a day with one date, or a day and its time; a pass takes none', async () => {
    const { event, cookie, dateIds } = await datedOrganiser();
    const [a, b, c, d, e, f, g, h] = Array.from({ length: 8 }, () => uniqueEmail('dated'));
    const file = csv([
      'Email;Prénom;Nom;Billet;Date',
      `${a};Ana;Lopez;Entrée;13/07/2027`,
      `${b};Bo;Li;Entrée;12/07/2027`,
      `${c};Cy;Roy;Entrée;12/07/2027 20h30`,
      `${d};Di;Fa;Entrée;`,
      `${e};Ed;Go;Entrée;31/07/2027`,
      `${f};Fi;Ho;Entrée;demain`,
      `${g};Gi;Ia;Pass;12/07/2027`,
      `${h};Hu;Jo;Pass;`,
    ]);
    const checked = await preview(event.id, cookie, file);
    expect(checked.statusCode).toBe(200);
    expect(checked.json().rows.map((row: { date: string; error: string | null }) => [row.date, row.error])).toEqual([
      ['13/07/2027', null],
      ['12/07/2027', m.ambiguousDate(2)],
      ['12/07/2027 20h30', null],
      ['', datesFr.dateRequired],
      ['31/07/2027', m.unknownDate],
      ['demain', m.dateUnreadable],
      ['12/07/2027', m.passHasNoDate],
      ['', null],
    ]);
    expect((await importFile(event.id, cookie, file)).statusCode).toBe(400);
    expect(await invitationsOf(event.id)).toEqual([]);

    const clean = csv([
      'Email;Prénom;Nom;Billet;Date',
      `${a};Ana;Lopez;Entrée;13/07/2027`,
      `${c};Cy;Roy;Entrée;2027-07-12 20:30`,
      `${h};Hu;Jo;Pass;`,
    ]);
    const imported = await importFile(event.id, cookie, clean);
    expect(imported.statusCode).toBe(201);
    expect(imported.json().created).toBe(3);
    const listed = await list(event.id, cookie);
    const dateOf = (email: string) => listed.find((row: { email: string }) => row.email === email)?.dateBegin;
    expect([dateOf(a as string), dateOf(c as string), dateOf(h as string)]).toEqual([
      TUESDAY_EVENING,
      MONDAY_EVENING,
      null,
    ]);
    const placed = await invitationsOf(event.id);
    expect(placed.map((p) => p.dateId).sort()).toEqual(
      [dateIds[TUESDAY_EVENING], dateIds[MONDAY_EVENING], null].sort(),
    );
  });

  it('reads a workbook’s date cell with its time, and gives one invitation for the date chosen', async () => {
    const { event, cookie, rows, dateIds } = await datedOrganiser();
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Invités');
    sheet.addRow(['Email', 'Prénom', 'Nom', 'Date']);
    // A workbook keeps the wall time it shows, as if it were UTC.
    sheet.addRow([uniqueEmail('xlsx'), 'Lou', 'Mar', new Date(Date.UTC(2027, 6, 12, 15, 0))]);
    const file = Buffer.from(await workbook.xlsx.writeBuffer());
    const checked = await preview(event.id, cookie, file, 'invites.xlsx');
    expect(checked.json().rows[0]).toMatchObject({ date: '2027-07-12 15:00', error: null });

    const undated = await invite(event.id, cookie, { ...guest(), ticketId: rows[0]?.id });
    expect(undated.statusCode).toBe(400);
    // The form's own check says the same (InviteForm): the server refuses it in those words.
    expect(undated.json()).toMatchObject({ code: 'DATE_REQUIRED', message: datesFr.dateRequired, field: 'dateId' });
    const dated = await invite(event.id, cookie, {
      ...guest(),
      ticketId: rows[0]?.id,
      dateId: dateIds[MONDAY_AFTERNOON],
    });
    expect(dated.statusCode).toBe(201);
    expect((await list(event.id, cookie))[0].dateBegin).toBe(MONDAY_AFTERNOON);
  });
});
