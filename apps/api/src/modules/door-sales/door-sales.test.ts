import { checkoutFr, doorSalesFr, ticketsFr } from '@guichet/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  adminCookie,
  createEvent,
  createUser,
  loginAs,
  raceMode,
  sessionCookie,
  uniqueEmail,
} from '../../../test/helpers';
import { createBuyers, guestBuyer } from '../../../test/modules/checkout/support';
import { useListeningTestApp } from '../../../test/use-test-app';
import { mailOutbox, orders, participations, tickets, users } from '../../db/schema';
import { hashPassword } from '../auth/passwords';

// The in-person sale (issue 9): the spec's checks in order, the same inventory and limits as the
// web, a ticket e-mail, the source Présentiel. Races run in parallel on PostgreSQL (CI).
const t = useListeningTestApp();

const m = doorSalesFr;
const participant = (email = uniqueEmail('porte')) => ({
  email,
  firstName: 'Léa',
  lastName: 'Martin',
  phone: '06 12 34 56 78',
  birthDate: '2000-03-04',
});

async function doorEvent(
  ticketValues: Parameters<typeof createEvent>[3] = [{ priceCents: 1500, quantity: 30 }],
  eventValues: Parameters<typeof createEvent>[2] = {},
) {
  const organizer = await createUser(t, { isVerified: true });
  const { event, tickets: rows } = await createEvent(t, organizer.id, eventValues, ticketValues);
  return { organizer, event, rows, cookie: await loginAs(t, organizer.email) };
}

const sell = (eventId: string, cookie: string | undefined, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: `/api/console/events/${eventId}/manual-entries`,
    payload,
    headers: cookie ? { cookie } : {},
  });

describe('a sale at the door', () => {
  it('issues a Présentiel participation, records the payment, creates a guest account and e-mails the ticket', async () => {
    const { event, rows, cookie } = await doorEvent();
    const email = uniqueEmail('guichet');
    const response = await sell(event.id, cookie, {
      ticketId: rows[0]?.id,
      quantity: 2,
      participant: participant(` ${email.toUpperCase()}`),
      payment: 'card',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ totalCents: 3000, message: m.success });
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, response.json().orderId));
    expect(order).toMatchObject({
      status: 'paid',
      provider: 'onsite',
      onsitePayment: 'card',
      buyerPhone: '06 12 34 56 78',
    });
    // One ticket per place (issue 30), each with its own code in the mail.
    const places = await t.database.db
      .select()
      .from(participations)
      .where(eq(participations.orderId, response.json().orderId));
    expect(places.map((place) => place.id)).toContain(response.json().participationId);
    expect(places).toHaveLength(2);
    expect(places.every((place) => place.source === 'presentiel' && place.quantity === 1)).toBe(true);
    const [account] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(account).toMatchObject({ firstName: 'Léa', lastName: 'Martin', passwordHash: 'guest' });
    const [mail] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
    expect(mail?.attachments?.map((a) => a.kind).sort()).toEqual(['ticket-qr', 'ticket-qr', 'tickets-pdf']);
    const [row] = await t.database.db
      .select()
      .from(tickets)
      .where(eq(tickets.id, rows[0]?.id ?? ''));
    expect(row?.sold).toBe(2);
    const recent = await t.app.inject({
      method: 'GET',
      url: `/api/console/events/${event.id}/manual-entries`,
      headers: { cookie },
    });
    expect(recent.json()).toMatchObject([{ email, quantity: 2, payment: 'card', totalCents: 3000 }]);
  });

  it('checks in the order of the spec, writing nothing', async () => {
    const { event, rows, cookie } = await doorEvent([
      { title: 'Soirée', priceCents: 1500, quantity: 30 },
      { title: 'Formule', priceCents: 2000, quantity: 10, isMultipart: true },
      { title: 'Épuisé', priceCents: 1000, quantity: 2, sold: 2 },
    ]);
    const [soiree, formule, epuise] = rows;
    const ok = { ticketId: soiree?.id, quantity: 1, participant: participant(), payment: 'cash' };
    const cases: [object, string][] = [
      [{ ...ok, ticketId: '' }, m.ticketRequired],
      [{ ...ok, ticketId: formule?.id }, m.optionRequired],
      [{ ...ok, participant: { ...participant(), email: '' } }, m.emailRequired],
      [{ ...ok, participant: { ...participant(), email: 'lea@' } }, m.emailInvalid],
      [{ ...ok, participant: { ...participant(), firstName: ' ' } }, m.firstNameRequired],
      [{ ...ok, participant: { ...participant(), lastName: '' } }, m.lastNameRequired],
      [{ ...ok, participant: { ...participant(), phone: '0112345678' } }, m.phoneInvalid],
      [{ ...ok, participant: { ...participant(), birthDate: '' } }, m.birthDateRequired],
      [{ ...ok, participant: { ...participant(), birthDate: '2015-01-01' } }, m.ageRange],
      [{ ...ok, quantity: 0 }, m.quantityRequired],
      [{ ...ok, ticketId: epuise?.id }, m.soldOutMessage],
      [{ ...ok, quantity: 6 }, m.aboveMax(5)],
      [{ ...ok, payment: undefined }, m.paymentRequired],
      [{ ...ok, payment: 'free' }, m.freeOnlyFree],
    ];
    for (const [payload, message] of cases) {
      const response = await sell(event.id, cookie, payload);
      expect(response.statusCode, message).toBe(400);
      expect(response.json().message).toBe(message);
    }
    // A ticket of another event is no ticket of this one.
    const other = await doorEvent();
    expect((await sell(event.id, cookie, { ...ok, ticketId: other.rows[0]?.id })).json().message).toBe(
      m.ticketRequired,
    );
    expect(await t.database.db.select().from(orders).where(eq(orders.eventId, event.id))).toHaveLength(0);
  });

  it('applies the one-free-place-per-account rule of the web', async () => {
    const { event, rows, cookie } = await doorEvent([{ title: 'Entrée', priceCents: 0, quantity: 30 }]);
    const email = uniqueEmail('gratuit');
    const payload = { ticketId: rows[0]?.id, quantity: 1, participant: participant(email) };
    expect((await sell(event.id, cookie, payload)).statusCode).toBe(201);
    const again = await sell(event.id, cookie, payload);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(checkoutFr.freeEventOneTicket);
    const [order] = await t.database.db.select().from(orders).where(eq(orders.eventId, event.id));
    expect(order?.onsitePayment).toBe('free');
  });

  it(`never oversells against web buyers racing for the same places${raceMode}`, async () => {
    const { event, rows, cookie } = await doorEvent([{ title: 'Place', priceCents: 1000, quantity: 10 }]);
    const ticketId = rows[0]?.id ?? '';
    const buyers = await createBuyers(t, 15, await hashPassword('Motdepasse1'));
    const post = (path: string, body: object, headers: Record<string, string> = {}) =>
      fetch(`${t.base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      }).then(async (response) => ({ status: response.status, body: await response.json() }));
    const buyerCookies = await Promise.all(buyers.map((buyer) => sessionCookie(t, buyer.id)));
    const answers = await Promise.all([
      ...buyers.map((buyer, index) =>
        post(
          '/api/orders',
          { eventId: event.id, buyer: guestBuyer(buyer), lines: [{ ticketId, quantity: 1 }] },
          { cookie: buyerCookies[index] ?? '' },
        ),
      ),
      ...Array.from({ length: 15 }, () =>
        post(
          `/api/console/events/${event.id}/manual-entries`,
          { ticketId, quantity: 1, participant: participant(), payment: 'cash' },
          { cookie },
        ),
      ),
    ]);
    expect(answers.filter((a) => a.status === 201)).toHaveLength(10);
    const refusals = answers.filter((a) => a.status !== 201).map((a) => (a.body as { message?: string }).message);
    expect(refusals.every((message) => message === checkoutFr.noPlaceLeft)).toBe(true);
    const [row] = await t.database.db.select().from(tickets).where(eq(tickets.id, ticketId));
    expect((row?.sold ?? 0) + (row?.held ?? 0)).toBe(10);
    const door = await t.database.db
      .select()
      .from(participations)
      .where(and(eq(participations.eventId, event.id), eq(participations.source, 'presentiel')));
    expect(door.length).toBe(row?.sold);
  });

  it('is for the verified organiser and the administrator; others 404, visitors 401', async () => {
    const { event, rows } = await doorEvent();
    const payload = { ticketId: rows[0]?.id, quantity: 1, participant: participant(), payment: 'cash' };
    const admin = await adminCookie(t);
    expect((await sell(event.id, admin, payload)).statusCode).toBe(201);
    expect((await sell(event.id, undefined, payload)).statusCode).toBe(401);
    const stranger = await loginAs(t, (await createUser(t, { isVerified: true })).email);
    expect((await sell(event.id, stranger, payload)).statusCode).toBe(404);
    const tickets = await t.app.inject({
      method: 'GET',
      url: `/api/console/events/${event.id}/door-tickets`,
      headers: { cookie: stranger },
    });
    expect(tickets.statusCode).toBe(404);
  });
});

describe('the box office', () => {
  const addStaff = (eventId: string, cookie: string, email: string, role?: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/console/events/${eventId}/staff`,
      headers: { cookie },
      payload: { email, ...(role && { role }) },
    });
  const doorSales = (eventId: string, cookie: string) =>
    t.app.inject({ method: 'GET', url: `/api/console/events/${eventId}/manual-entries`, headers: { cookie } });

  it('sells at the door and sees its own sales; a scanner may not; each sale records who made it', async () => {
    const { event, rows, cookie } = await doorEvent();
    const [cashier, scanner] = [
      await createUser(t, { firstName: 'Camille', lastName: 'Caisse' }),
      await createUser(t, { firstName: 'Sacha', lastName: 'Scan' }),
    ];
    expect((await addStaff(event.id, cookie, cashier.email, 'box-office')).json()).toMatchObject({
      role: 'box-office',
      status: 'admin',
    });
    // Without a role: a scanner, as before.
    expect((await addStaff(event.id, cookie, scanner.email)).json()).toMatchObject({
      role: 'scanner',
      status: 'staff',
    });
    const [cashierCookie, scannerCookie] = [await loginAs(t, cashier.email), await loginAs(t, scanner.email)];
    const payload = () => ({ ticketId: rows[0]?.id, quantity: 1, participant: participant(), payment: 'cash' });

    const sold = await sell(event.id, cashierCookie, payload());
    expect(sold.statusCode, sold.body).toBe(201);
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, sold.json().orderId));
    expect(order?.soldBy).toBe(cashier.id);
    expect((await sell(event.id, cookie, payload())).statusCode).toBe(201);

    const scannerSale = await sell(event.id, scannerCookie, payload());
    expect(scannerSale.statusCode).toBe(404);
    expect((await doorSales(event.id, scannerCookie)).statusCode).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/console/events/${event.id}/door-tickets`,
          headers: { cookie: scannerCookie },
        })
      ).statusCode,
    ).toBe(404);

    const own = (await doorSales(event.id, cashierCookie)).json();
    expect(own.map((s: { soldBy: string }) => s.soldBy)).toEqual(['Camille Caisse']);
    const all = (await doorSales(event.id, cookie)).json();
    expect(all).toHaveLength(2);
    expect(all.map((s: { soldBy: string }) => s.soldBy)).toContain('Camille Caisse');

    // The organiser takes the box office back: the next sale is refused.
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/console/events/${event.id}/staff/${cashier.id}`,
      headers: { cookie },
      payload: { role: 'scanner' },
    });
    expect(patched.statusCode).toBe(204);
    expect((await sell(event.id, cashierCookie, payload())).statusCode).toBe(404);
    // …and gives it to the scanner, who sells.
    await t.app.inject({
      method: 'PATCH',
      url: `/api/console/events/${event.id}/staff/${scanner.id}`,
      headers: { cookie },
      payload: { role: 'box-office' },
    });
    expect((await sell(event.id, scannerCookie, payload())).statusCode).toBe(201);
    // A box-office member cannot manage the staff.
    expect((await addStaff(event.id, scannerCookie, cashier.email, 'box-office')).statusCode).toBe(404);
  });

  it('refuses an unknown role, and a change of someone who is not on the staff', async () => {
    const { event, cookie } = await doorEvent();
    const member = await createUser(t);
    expect((await addStaff(event.id, cookie, member.email, 'caissier')).statusCode).toBe(400);
    const patch = (userId: string, role: string) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/console/events/${event.id}/staff/${userId}`,
        headers: { cookie },
        payload: { role },
      });
    const missing = await patch(member.id, 'box-office');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('NOT_STAFF');
    expect((await patch(member.id, 'caissier')).statusCode).toBe(400);
  });
});

describe('a sale at the door of an event that names its tickets (issue 30)', () => {
  it('asks a holder per place with the checks of a booking, and gives each place its holder', async () => {
    const { event, rows, cookie } = await doorEvent(undefined, { isNamedTickets: true });
    const h = ticketsFr.holders;
    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/console/events/${event.id}/door-tickets`,
      headers: { cookie },
    });
    expect(listed.json()[0]).toMatchObject({ isNamed: true });
    const sale = (holders?: object[]) =>
      sell(event.id, cookie, {
        ticketId: rows[0]?.id,
        quantity: 2,
        participant: participant(),
        payment: 'cash',
        ...(holders && { holders }),
      });
    for (const [holders, field, message] of [
      [undefined, 'holders', h.oneHolderPerPlace],
      [[{ firstName: 'Léa', lastName: 'Martin' }], 'holders', h.oneHolderPerPlace],
      [
        [
          { firstName: 'Léa', lastName: 'Martin' },
          { firstName: '  ', lastName: 'Durand' },
        ],
        'holders.1.firstName',
        h.firstNameRequired,
      ],
      [
        [
          { firstName: 'Léa', lastName: 'M'.repeat(101) },
          { firstName: 'Noé', lastName: 'Durand' },
        ],
        'holders.0.lastName',
        h.tooLong(100),
      ],
    ] as const) {
      const refused = await sale(holders as object[] | undefined);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json()).toMatchObject({ field, message });
    }
    const none = await t.database.db.select().from(participations).where(eq(participations.eventId, event.id));
    expect(none).toHaveLength(0);

    const sold = await sale([
      { firstName: ' Léa ', lastName: 'Martin' },
      { firstName: 'Noé', lastName: ' Durand ' },
    ]);
    expect(sold.statusCode, sold.body).toBe(201);
    const places = await t.database.db
      .select()
      .from(participations)
      .where(eq(participations.orderId, sold.json().orderId));
    expect(places.map((p) => `${p.holderFirstName} ${p.holderLastName}`).sort()).toEqual(['Léa Martin', 'Noé Durand']);
  });

  it('takes no holders when the event does not name its tickets', async () => {
    const { event, rows, cookie } = await doorEvent();
    const sold = await sell(event.id, cookie, {
      ticketId: rows[0]?.id,
      quantity: 1,
      participant: participant(),
      payment: 'card',
      holders: [{ firstName: 'Autre', lastName: 'Nom' }],
    });
    expect(sold.statusCode, sold.body).toBe(201);
    const [place] = await t.database.db
      .select()
      .from(participations)
      .where(eq(participations.orderId, sold.json().orderId));
    expect(place).toMatchObject({ holderFirstName: null, holderLastName: null });
  });
});
