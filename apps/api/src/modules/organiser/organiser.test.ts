import { organiserFr } from '@guichet/shared';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createEvent,
  createEventWithTicket,
  createUser,
  DAY,
  giveBillingIdentity,
  loginAs,
} from '../../../test/helpers';
import { uploadFile } from '../../../test/modules/account/support';
import { createPayload, paidTickets } from '../../../test/modules/organiser/payloads';
import { useAdmin, useTestApp } from '../../../test/use-test-app';
import { discountCodes, events, eventTypes, participations, tickets } from '../../db/schema';

const t = useTestApp();
const admin = useAdmin(t);
let organizer: string;
let plain: string;
beforeAll(async () => {
  const organizerUser = await createUser(t, { isVerified: true });
  // Its paid events are published: their ticketing needs its billing identity (modules/billing).
  await giveBillingIdentity(t, organizerUser.id);
  organizer = await loginAs(t, organizerUser.email);
  plain = await loginAs(t, (await createUser(t)).email);
});

const c = organiserFr.create;
const post = (url: string, payload: unknown, cookie?: string) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: cookie ? { cookie } : {} });
const patch = (url: string, payload: unknown, cookie?: string) =>
  t.app.inject({ method: 'PATCH', url, payload: payload as object, headers: cookie ? { cookie } : {} });
const remove = (url: string, cookie: string) => t.app.inject({ method: 'DELETE', url, headers: { cookie } });

async function eventsTitled(title: string) {
  return t.database.db.select().from(events).where(eq(events.title, title));
}

describe('creating an event', () => {
  it('creates a private event with its tickets, options and codes, and reads it back', async () => {
    const title = `Gala ${Date.now()}`;
    const response = await post(
      '/api/events',
      createPayload({
        title,
        isPublic: true,
        ticketList: paidTickets,
        dateMaxRefund: new Date(Date.now() + 10 * DAY).toISOString(),
        discountCodeList: [{ code: 'BIENVENUE', discountPercent: 10.4 }],
      }),
      organizer,
    );
    expect(response.statusCode).toBe(201);
    const { id } = response.json();
    const manage = await t.app.inject({
      method: 'GET',
      url: `/api/events/${id}/manage`,
      headers: { cookie: organizer },
    });
    const event = manage.json();
    expect(event).toMatchObject({ title, isPublic: false, isFree: false, type: 'Soirée', nbMaxParticipants: 100 });
    expect(event.latitude).toBeCloseTo(43.6045, 3);
    const pass = event.tickets.find((x: { title: string }) => x.title === 'Pass');
    expect(pass).toMatchObject({ isMultipart: true, priceCents: 2000, quantity: 15 });
    expect(event.tickets.filter((x: { parentId: string | null }) => x.parentId === pass.id)).toHaveLength(2);
    expect(event.tickets.find((x: { title: string }) => x.title === 'Standard').priceCents).toBe(1250);
    expect(event.tickets.find((x: { title: string }) => x.title === 'Partenaire').isHidden).toBe(true);
    expect(event.discounts).toMatchObject([{ code: 'BIENVENUE', percent: 10, quantity: 10_000, isSingleUse: true }]);
  });

  const cases: [string, Record<string, unknown>, string][] = [
    ['no title', { title: ' ' }, c.titleRequired],
    ['a long title', { title: 'x'.repeat(101) }, c.titleTooLong],
    ['no address', { address: '' }, c.addressRequired],
    ['an unknown address', { address: 'Nulle part 99999 Inconnu' }, c.addressNotFound],
    ['no category', { type: '' }, c.categoryRequired],
    ['an unknown category', { type: 'Rodéo' }, c.categoryRequired],
    ['no start', { dateBegin: '' }, c.startRequired],
    ['no end', { dateEnd: '' }, c.endRequired],
    ['an end before the start', { dateEnd: new Date(Date.now() + DAY).toISOString() }, c.endBeforeStart],
    ['a past start', { dateBegin: new Date(Date.now() - DAY).toISOString() }, c.startInPast],
    [
      'a past end',
      { dateBegin: new Date(Date.now() - 3 * DAY).toISOString(), dateEnd: new Date(Date.now() - DAY).toISOString() },
      c.startInPast,
    ],
    ['no description', { description: '' }, c.descriptionRequired],
    ['a long description', { description: 'x'.repeat(2501) }, c.descriptionTooLong],
    ['no participant count', { nbMaxParticipants: null }, c.participantsRequired],
    ['a negative price', { ticketList: [{ title: 'A', price: -1, quantity: 1 }] }, c.ticketPriceInvalid],
    ['no price', { ticketList: [{ title: 'A', quantity: 1 }] }, c.ticketPriceInvalid],
    ['a ticket without title', { ticketList: [{ title: '', price: 0, quantity: 1 }] }, c.ticketTitleRequired],
    ['a long ticket title', { ticketList: [{ title: 'x'.repeat(31), price: 0, quantity: 1 }] }, c.ticketTitleTooLong],
    ['a zero quantity', { ticketList: [{ title: 'A', price: 0, quantity: 0 }] }, c.ticketQuantityInvalid],
    ['a quantity over the cap', { ticketList: [{ title: 'A', price: 0, quantity: 101 }] }, c.ticketQuantityInvalid],
    ['terms refused', { acceptTerms: false }, c.termsRequired],
  ];
  for (const [name, change, message] of cases) {
    it(`refuses ${name} with the spec message and writes nothing`, async () => {
      const title = `Refus ${name} ${Date.now()}`;
      const payload = createPayload({ title, ...change });
      const response = await post('/api/events', payload, organizer);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
      if (typeof payload.title === 'string' && payload.title.trim()) expect(await eventsTitled(title)).toHaveLength(0);
    });
  }

  it('rounds prices typed in euros to the cent, half up, as the form does', async () => {
    const ticketList = [
      { title: 'A', price: 1.005, quantity: 5 },
      { title: 'B', price: 1.999, quantity: 5 },
    ];
    const id = (await post('/api/events', createPayload({ ticketList }), organizer)).json().id;
    const rows = await t.database.db.select().from(tickets).where(eq(tickets.eventId, id));
    expect(rows.map((row) => row.priceCents).sort()).toEqual([101, 200].sort());
  });

  it('refuses a choice ticket without choices and a bad refund date', async () => {
    const choice = await post(
      '/api/events',
      createPayload({ ticketList: [{ title: 'Pass', isMultipart: true, options: [] }] }),
      organizer,
    );
    expect(choice.json().message).toBe(c.choicesRequired);
    for (const dateMaxRefund of [
      '',
      new Date(Date.now() - DAY).toISOString(),
      new Date(Date.now() + 30 * DAY).toISOString(),
    ]) {
      const refund = await post('/api/events', createPayload({ ticketList: paidTickets, dateMaxRefund }), organizer);
      expect(refund.json().message).toBe(c.refundDateInvalid);
    }
  });

  it('answers a visitor 401, and keeps the verified-only features for verified organisers', async () => {
    expect((await post('/api/events', createPayload())).statusCode).toBe(401);
    for (const change of [
      { ticketList: [{ title: 'A', price: 5, quantity: 1 }] },
      { ticketList: [{ title: 'A', isMultipart: true, options: [{ title: 'B', price: 0, quantity: 1 }] }] },
      { isPublic: true },
      { isUserPaysFees: true },
    ]) {
      const title = `Interdit ${Date.now()}`;
      const response = await post('/api/events', createPayload({ title, ...change }), plain);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'VERIFIED_ONLY', message: organiserFr.verifiedOnlyNote });
      expect(await eventsTitled(title)).toHaveLength(0);
    }
    const free = await post('/api/events', createPayload(), plain);
    expect(free.statusCode).toBe(201);
  });

  it('lets an administrator create for an organiser, and nobody else', async () => {
    const other = await createUser(t, { isVerified: true });
    const byAdmin = await post('/api/events', createPayload({ organizerId: other.id }), admin.cookie);
    expect(byAdmin.statusCode).toBe(201);
    const [row] = await t.database.db.select().from(events).where(eq(events.id, byAdmin.json().id));
    expect(row?.organizerId).toBe(other.id);
    expect((await post('/api/events', createPayload({ organizerId: other.id }), organizer)).statusCode).toBe(403);
    const unknown = await post(
      '/api/events',
      createPayload({ organizerId: '00000000-0000-4000-8000-000000000000' }),
      admin.cookie,
    );
    expect(unknown.json().message).toBe(c.organizerRequired);
  });

  it('refuses unknown fields', async () => {
    const response = await post('/api/events', createPayload({ sold: 12 }), organizer);
    expect(response.json().code).toBe('UNKNOWN_FIELD');
  });
});

describe('editing an event', () => {
  it('saves the fields, publishes, and refuses strangers', async () => {
    const id = (await post('/api/events', createPayload({ ticketList: paidTickets }), organizer)).json().id;
    const saved = await patch(`/api/events/${id}`, { title: 'Nouveau titre', isPublic: true }, organizer);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ title: 'Nouveau titre', isPublic: true });
    expect((await patch(`/api/events/${id}`, { title: 'Piraté' }, plain)).statusCode).toBe(403);
    expect((await patch(`/api/events/${id}`, { title: 'Piraté' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/events/${id}/manage`, headers: { cookie: plain } })).statusCode,
    ).toBe(403);
    expect((await patch(`/api/events/${id}`, { title: 'Par admin' }, admin.cookie)).statusCode).toBe(200);
  });

  it('checks the edit rules', async () => {
    const id = (await post('/api/events', createPayload({ ticketList: paidTickets }), organizer)).json().id;
    const before = (
      await patch(`/api/events/${id}`, { dateEnd: new Date(Date.now() - DAY).toISOString() }, organizer)
    ).json();
    expect(before.message).toBe(c.endBeforeStart);
    const refund = await patch(
      `/api/events/${id}`,
      { dateMaxRefund: new Date(Date.now() + 60 * DAY).toISOString() },
      organizer,
    );
    expect(refund.json().message).toBe(organiserFr.edit.refundDateInvalid);
    const address = await patch(`/api/events/${id}`, { address: 'Rue Imaginaire 00000 Nullepart' }, organizer);
    expect(address.json().message).toBe(c.addressNotFound);
  });

  it('closes a sold-out event', async () => {
    const owner = await createUser(t, { isVerified: true });
    const [type] = await t.database.db.select().from(eventTypes).limit(1);
    const { event } = await createEvent(t, owner.id, { typeId: type?.id }, [{ quantity: 3, sold: 3 }]);
    const saved = await patch(`/api/events/${event.id}`, { isOpen: true }, await loginAs(t, owner.email));
    expect(saved.json()).toMatchObject({ isOpen: false, isSoldOut: true });
  });
});

describe('tickets', () => {
  it('adds, edits and deletes tickets and options with the spec rules', async () => {
    const id = (await post('/api/events', createPayload({ ticketList: paidTickets }), organizer)).json().id;
    const tm = organiserFr.ticket;
    expect(
      (await post(`/api/events/${id}/tickets`, { title: '', price: 1, quantity: 1 }, organizer)).json().message,
    ).toBe(tm.titleEmpty);
    expect((await post(`/api/events/${id}/tickets`, { title: 'A', quantity: 1 }, organizer)).json().message).toBe(
      tm.priceEmpty,
    );
    expect(
      (await post(`/api/events/${id}/tickets`, { title: 'A', price: 1, quantity: 0 }, organizer)).json().message,
    ).toBe(tm.quantityInvalid);
    expect((await post(`/api/events/${id}/tickets`, { title: 'A', isMultipart: true }, organizer)).json().message).toBe(
      tm.choicesRequired,
    );
    expect((await post(`/api/events/${id}/tickets`, { title: 'A', price: 3, quantity: 2 }, plain)).statusCode).toBe(
      403,
    );

    const added = await post(`/api/events/${id}/tickets`, { title: 'Tardif', price: 15, quantity: 20 }, organizer);
    expect(added.statusCode).toBe(201);
    const ticketId = added.json().id;
    await t.database.db.update(tickets).set({ sold: 7 }).where(eq(tickets.id, ticketId));
    const below = await patch(`/api/tickets/${ticketId}`, { quantity: 6 }, organizer);
    expect(below.json().message).toBe(organiserFr.edit.quantityBelowSold(7));
    expect((await patch(`/api/tickets/${ticketId}`, { quantity: 7 }, organizer)).statusCode).toBe(204);
    const sold = await remove(`/api/tickets/${ticketId}`, organizer);
    expect(sold.statusCode).toBe(409);
    expect(sold.json().message).toBe(tm.soldCannotDelete);

    const manage = (
      await t.app.inject({ method: 'GET', url: `/api/events/${id}/manage`, headers: { cookie: organizer } })
    ).json();
    const pass = manage.tickets.find((x: { title: string }) => x.title === 'Pass');
    const option = await post(
      `/api/tickets/${pass.id}/options`,
      { title: '3 jours', price: 15, quantity: 4 },
      organizer,
    );
    expect(option.statusCode).toBe(201);
    const options = () => t.database.db.select().from(tickets).where(eq(tickets.parentId, pass.id));
    let head = (await t.database.db.select().from(tickets).where(eq(tickets.id, pass.id)))[0];
    expect(head).toMatchObject({ priceCents: 1500, quantity: 19 });

    // Hiding or closing the parent applies to every option; the last option closed closes the parent.
    await patch(`/api/tickets/${pass.id}`, { isHidden: true, isAvailable: false }, organizer);
    expect((await options()).every((o) => o.isHidden && !o.isAvailable)).toBe(true);
    const [first, ...rest] = await options();
    await patch(`/api/tickets/${first?.id}`, { isAvailable: true }, organizer);
    head = (await t.database.db.select().from(tickets).where(eq(tickets.id, pass.id)))[0];
    expect(head?.isAvailable).toBe(true);
    for (const o of [first, ...rest]) await patch(`/api/tickets/${o?.id}`, { isAvailable: false }, organizer);
    head = (await t.database.db.select().from(tickets).where(eq(tickets.id, pass.id)))[0];
    expect(head?.isAvailable).toBe(false);

    const unsold = (await options())[0];
    const gone = await remove(`/api/tickets/${unsold?.id}`, organizer);
    expect(gone.statusCode).toBe(204);
  });

  it('says which tickets may be deleted: a choice ticket whose option is sold may not', async () => {
    const id = (await post('/api/events', createPayload({ ticketList: paidTickets }), organizer)).json().id;
    const manage = async () =>
      (await t.app.inject({ method: 'GET', url: `/api/events/${id}/manage`, headers: { cookie: organizer } })).json()
        .tickets as { id: string; title: string; isDeletable: boolean }[];
    const before = await manage();
    const oneDay = before.find((x) => x.title === '1 jour');
    await t.database.db
      .update(tickets)
      .set({ sold: 1 })
      .where(eq(tickets.id, oneDay?.id ?? ''));
    const deletable = Object.fromEntries((await manage()).map((x) => [x.title, x.isDeletable]));
    expect(deletable).toEqual({ Standard: true, Pass: false, '1 jour': false, '2 jours': true, Partenaire: true });
    const pass = before.find((x) => x.title === 'Pass');
    const refused = await remove(`/api/tickets/${pass?.id}`, organizer);
    expect(refused.statusCode).toBe(409);
  });

  it('never lets concurrent edits lower a quantity below the places sold', async () => {
    const owner = await createUser(t, { isVerified: true });
    const cookie = await loginAs(t, owner.email);
    const {
      tickets: [ticket],
    } = await createEvent(t, owner.id, {}, [{ quantity: 100, sold: 50, priceCents: 1000 }]);
    const answers = await Promise.all(
      [10, 60, 20, 70, 49, 55].map((quantity) => patch(`/api/tickets/${ticket?.id}`, { quantity }, cookie)),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([204, 204, 204, 400, 400, 400]);
    const [row] = await t.database.db
      .select()
      .from(tickets)
      .where(eq(tickets.id, ticket?.id ?? ''));
    expect(row?.quantity).toBeGreaterThanOrEqual(50);
  });
});

describe('places held by unpaid orders', () => {
  it('count as taken when the organiser lowers a quantity or the cap, or deletes the ticket', async () => {
    const owner = await createUser(t, { isVerified: true });
    const cookie = await loginAs(t, owner.email);
    const [type] = await t.database.db.select().from(eventTypes).limit(1);
    const {
      event,
      tickets: [ticket],
    } = await createEvent(t, owner.id, { typeId: type?.id, nbMaxParticipants: 20 }, [
      { quantity: 10, held: 7, priceCents: 1000 },
    ]);
    const quantity = await patch(`/api/tickets/${ticket?.id}`, { quantity: 2 }, cookie);
    expect(quantity.statusCode).toBe(400);
    expect(quantity.json().message).toBe(organiserFr.edit.quantityBelowSold(7));
    const cap = await patch(`/api/events/${event.id}`, { nbMaxParticipants: 3 }, cookie);
    expect(cap.statusCode).toBe(400);
    expect(cap.json().message).toBe(c.ticketQuantityInvalid);
    const removed = await remove(`/api/tickets/${ticket?.id}`, cookie);
    expect(removed.statusCode).toBe(409);
    const [row] = await t.database.db
      .select()
      .from(tickets)
      .where(eq(tickets.id, ticket?.id ?? ''));
    const [saved] = await t.database.db.select().from(events).where(eq(events.id, event.id));
    expect({ quantity: row?.quantity, cap: saved?.nbMaxParticipants }).toEqual({ quantity: 10, cap: 20 });
    // Exactly the places taken is allowed.
    expect((await patch(`/api/tickets/${ticket?.id}`, { quantity: 7 }, cookie)).statusCode).toBe(204);
    expect((await patch(`/api/events/${event.id}`, { nbMaxParticipants: 7 }, cookie)).statusCode).toBe(200);
  });
});

describe('what the screens forbid', () => {
  it('refuses a choice ticket as the first ticket of a new event', async () => {
    const title = `Choix en tête ${Date.now()}`;
    const ticketList = [
      { title: 'Pass', isMultipart: true, options: [{ title: '1 jour', price: 20, quantity: 10 }] },
      { title: 'Standard', price: 12, quantity: 10 },
    ];
    const response = await post('/api/events', createPayload({ title, ticketList }), organizer);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(organiserFr.edit.choicesIncomplete);
    expect(await eventsTitled(title)).toHaveLength(0);
  });

  it('refuses promo codes on a free event, from a verified organiser or not', async () => {
    for (const isVerified of [true, false]) {
      const owner = await createUser(t, { isVerified });
      const cookie = await loginAs(t, owner.email);
      const { event } = await createEvent(t, owner.id, {}, [{ priceCents: 0 }]);
      const response = await post(
        `/api/events/${event.id}/discounts`,
        { code: 'GRATUIT', discountPercent: 10 },
        cookie,
      );
      expect(response.statusCode).toBe(400);
      const codes = await t.database.db.select().from(discountCodes).where(eq(discountCodes.eventId, event.id));
      expect(codes).toHaveLength(0);
    }
  });

  it('refuses a new paid ticket under 1 € on the edit screen, a free one is fine', async () => {
    const id = (await post('/api/events', createPayload({ ticketList: paidTickets }), organizer)).json().id;
    const cheap = await post(`/api/events/${id}/tickets`, { title: 'Bon marché', price: 0.5, quantity: 5 }, organizer);
    expect(cheap.statusCode).toBe(400);
    expect(cheap.json().message).toBe(organiserFr.ticket.priceEmpty);
    const one = await post(`/api/events/${id}/tickets`, { title: 'Un euro', price: 1, quantity: 5 }, organizer);
    expect(one.statusCode).toBe(201);
    const free = await post(`/api/events/${id}/tickets`, { title: 'Invité', price: 0, quantity: 5 }, organizer);
    expect(free.statusCode).toBe(201);
  });
});

describe('gift tickets', () => {
  it('offers other tickets with a ticket, hidden ones included, and shows them to buyers', async () => {
    const id = (await post('/api/events', createPayload({ ticketList: paidTickets }), organizer)).json().id;
    await patch(`/api/events/${id}`, { isPublic: true }, organizer);
    const managed = async () =>
      (await t.app.inject({ method: 'GET', url: `/api/events/${id}/manage`, headers: { cookie: organizer } })).json();
    const all = (await managed()).tickets as { id: string; title: string; parentId: string | null }[];
    const byTitle = (title: string) => all.find((ticket) => ticket.title === title)?.id ?? '';
    const [standard, pass, partner, oneDay] = ['Standard', 'Pass', 'Partenaire', '1 jour'].map(byTitle);
    const invalid = organiserFr.ticket.giftInvalid;

    // Neither itself, nor a choice head, nor another event's ticket, nor on an option.
    const other = (await post('/api/events', createPayload({ ticketList: paidTickets }), organizer)).json().id;
    const otherTicket = (
      await t.app.inject({ method: 'GET', url: `/api/events/${other}/manage`, headers: { cookie: organizer } })
    ).json().tickets[0].id;
    for (const giftTicketIds of [[standard], [pass], [otherTicket]]) {
      const refused = await patch(`/api/tickets/${standard}`, { giftTicketIds }, organizer);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(invalid);
    }
    expect((await patch(`/api/tickets/${oneDay}`, { giftTicketIds: [partner] }, organizer)).json().message).toBe(
      invalid,
    );
    expect((await patch(`/api/tickets/${standard}`, { giftTicketIds: [partner] }, plain)).statusCode).toBe(403);

    expect((await patch(`/api/tickets/${standard}`, { giftTicketIds: [partner, oneDay] }, organizer)).statusCode).toBe(
      204,
    );
    const saved = (await managed()).tickets.find((ticket: { id: string }) => ticket.id === standard);
    expect([...saved.giftTicketIds].sort()).toEqual([partner, oneDay].sort());

    // A visitor sees the gifts of the ticket, the hidden one too, as one free place each.
    const detail = (await t.app.inject({ method: 'GET', url: `/api/events/${id}` })).json();
    const read = detail.tickets.find((ticket: { id: string }) => ticket.id === standard);
    expect(read.hasGiftTickets).toBe(true);
    expect(read.gifts.map((gift: { title: string }) => gift.title).sort()).toEqual(['1 jour', 'Partenaire']);
    expect(
      read.gifts.every(
        (gift: { priceCents: number; maxToBuy: number }) => gift.priceCents === 0 && gift.maxToBuy === 1,
      ),
    ).toBe(true);
    expect(detail.tickets.some((ticket: { id: string }) => ticket.id === partner)).toBe(false);

    // Deleting an offered ticket removes it from the offer.
    expect((await remove(`/api/tickets/${partner}`, organizer)).statusCode).toBe(204);
    const readStandard = async () =>
      (await t.app.inject({ method: 'GET', url: `/api/events/${id}` }))
        .json()
        .tickets.find((ticket: { id: string }) => ticket.id === standard);
    expect((await readStandard()).gifts.map((gift: { id: string }) => gift.id)).toEqual([oneDay]);
    expect((await patch(`/api/tickets/${standard}`, { giftTicketIds: [] }, organizer)).statusCode).toBe(204);
    expect(await readStandard()).toMatchObject({ hasGiftTickets: false, gifts: [] });
  });
});

describe('promo codes', () => {
  it('applies the code rules', async () => {
    const id = (await post('/api/events', createPayload({ ticketList: paidTickets }), organizer)).json().id;
    const pm = organiserFr.promo;
    const add = (body: object) => post(`/api/events/${id}/discounts`, body, organizer);
    expect((await add({ code: 'X'.repeat(16), discountPercent: 10 })).json().message).toBe(pm.codeTooLong);
    expect((await add({ code: 'No', discountPercent: 10 })).json().message).toBe(pm.codeNotAllowed);
    expect((await add({ code: 'NO', discountPercent: 10 })).json().message).toBe(pm.codeNotAllowed);
    expect((await add({ code: 'TROP', discountPercent: 101 })).json().message).toBe(pm.percentTooHigh);
    expect((await add({ code: 'ZERO', discountPercent: 0 })).json().message).toBe(pm.percentTooLow);
    expect((await add({ code: 'MOINS', discountPercent: -5 })).json().message).toBe(pm.percentTooLow);
    const ok = await add({ code: 'ETE', discountPercent: 99.6 });
    expect(ok.statusCode).toBe(201);
    expect((await add({ code: 'ete', discountPercent: 5 })).json().message).toBe(pm.duplicate);
    expect((await post(`/api/events/${id}/discounts`, { code: 'VOL', discountPercent: 5 }, plain)).statusCode).toBe(
      403,
    );

    const [code] = await t.database.db.select().from(discountCodes).where(eq(discountCodes.id, ok.json().id));
    expect(code?.percent).toBe(100);
    await t.database.db.update(discountCodes).set({ used: 12 }).where(eq(discountCodes.id, ok.json().id));
    const below = await patch(`/api/discounts/${ok.json().id}`, { quantity: 11 }, organizer);
    expect(below.json().message).toBe(pm.quantityBelowUsed(12));
    expect(
      (await patch(`/api/discounts/${ok.json().id}`, { quantity: 12, isEnabled: false }, organizer)).statusCode,
    ).toBe(204);
  });
});

describe('promo code quantity', () => {
  it('answers the catalog message for a quantity under 1, as the form does', async () => {
    const id = (await post('/api/events', createPayload({ ticketList: paidTickets }), organizer)).json().id;
    const response = await post(
      `/api/events/${id}/discounts`,
      { code: 'ZERO', discountPercent: 10, quantity: 0 },
      organizer,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(organiserFr.promo.quantityInvalid);
  });
});

describe('deleting an event and uploading its banner', () => {
  it('deletes an event without paid participations only', async () => {
    const owner = await createUser(t, { isVerified: true });
    const cookie = await loginAs(t, owner.email);
    const paid = await createEvent(t, owner.id, {}, [{ priceCents: 1000 }]);
    await t.database.db
      .insert(participations)
      .values({ eventId: paid.event.id, ticketId: paid.tickets[0]?.id ?? '', userId: owner.id, quantity: 1 });
    const refused = await remove(`/api/events/${paid.event.id}`, cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(organiserFr.event.paidCannotDelete);

    const free = await createEvent(t, owner.id);
    expect((await remove(`/api/events/${free.event.id}`, plain)).statusCode).toBe(403);
    expect((await remove(`/api/events/${free.event.id}`, cookie)).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: `/api/events/${free.event.id}` })).statusCode).toBe(404);
  });

  it('refuses to delete an event whose paid places are sold or held, participations or not', async () => {
    const owner = await createUser(t, { isVerified: true });
    const cookie = await loginAs(t, owner.email);
    const removeEvent = (id: string) => remove(`/api/events/${id}`, cookie);
    const held = await createEventWithTicket(t, owner.id, { priceCents: 1000, held: 2 });
    expect((await removeEvent(held.event.id)).json().message).toBe(organiserFr.event.paidCannotDelete);
    const sold = await createEventWithTicket(t, owner.id, { priceCents: 1000, sold: 3 });
    expect((await removeEvent(sold.event.id)).statusCode).toBe(409);
    // Free places taken do not keep an event.
    const free = await createEventWithTicket(t, owner.id, { priceCents: 0, sold: 3 });
    expect((await removeEvent(free.event.id)).statusCode).toBe(204);
  });

  it('stores a real PNG banner whole, with its WebP copies, and refuses anything else', async () => {
    const owner = await createUser(t, { isVerified: true });
    const cookie = await loginAs(t, owner.email);
    const { event } = await createEvent(t, owner.id);
    const upload = (data: Buffer, filename: string) =>
      uploadFile(t, `/api/events/${event.id}/banner`, cookie, data, filename);
    const fake = await upload(Buffer.from('GIF89a not really'), 'banner.png');
    expect(fake.statusCode).toBe(400);
    expect(fake.json().message).toBe(organiserFr.event.bannerFailed);

    const png = await sharp({ create: { width: 800, height: 800, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    const saved = await upload(png, 'banner.png');
    expect(saved.statusCode).toBe(200);
    const image = await t.app.inject({ method: 'GET', url: saved.json().bannerUrl });
    expect(image.headers['content-type']).toBe('image/png');
    const meta = await sharp(image.rawPayload).metadata();
    // The organiser's flyer is never cropped: a square stays square (issue 14).
    expect([meta.width, meta.height]).toEqual([800, 800]);
    const read = await t.app.inject({ method: 'GET', url: `/api/events/${event.id}` });
    expect(read.json().bannerUrl).toBe(saved.json().bannerUrl);
    const copies = String(read.json().bannerSrcset).split(', ');
    expect(copies).toHaveLength(3);
    const smallest = await t.app.inject({ method: 'GET', url: copies[0]?.split(' ')[0] ?? '' });
    expect(smallest.headers['content-type']).toBe('image/webp');
    expect((await sharp(smallest.rawPayload).metadata()).width).toBe(240);
  });
});
