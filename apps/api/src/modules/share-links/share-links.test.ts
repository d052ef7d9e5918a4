import { organiserFr, ticketsFr } from '@guichet/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminCookie, createEvent, createUser, loginAs } from '../../../test/helpers';
import { postOrder } from '../../../test/modules/checkout/support';
import { useTestApp } from '../../../test/use-test-app';
import { shareLinks, tickets } from '../../db/schema';

const t = useTestApp();

const m = ticketsFr.privateLink;

/** An event with a public ticket, a hidden ticket, a hidden choice ticket with an option, and a deleted hidden one. */
async function eventWithHiddenTickets() {
  const organizer = await createUser(t, { isVerified: true });
  const {
    event,
    tickets: [visible, hidden, hiddenChoice, deleted],
  } = await createEvent(t, organizer.id, {}, [
    { title: 'Entrée', priceCents: 1000 },
    { title: 'Invitation partenaire', description: 'Réservée aux partenaires.', priceCents: 500, isHidden: true },
    { title: 'Formule cachée', priceCents: 2000, isHidden: true, isMultipart: true },
    { title: 'Supprimé', isHidden: true, deletedAt: new Date() },
  ]);
  if (!visible || !hidden || !hiddenChoice || !deleted) throw new Error('tickets missing');
  const [option] = await t.database.db
    .insert(tickets)
    .values({ eventId: event.id, parentId: hiddenChoice.id, title: 'Option', priceCents: 2000, quantity: 10 })
    .returning();
  if (!option) throw new Error('option missing');
  const cookie = await loginAs(t, organizer.email);
  return { event, visible, hidden, hiddenChoice, option, deleted, cookie };
}

const create = (eventId: string, payload: object, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/events/${eventId}/share-links`,
    payload,
    headers: cookie ? { cookie } : {},
  });
const linksOf = (eventId: string) => t.database.db.select().from(shareLinks).where(eq(shareLinks.eventId, eventId));

describe('hidden tickets of an event', () => {
  it('lists the hidden head tickets to the organiser and an administrator', async () => {
    const { event, hidden, hiddenChoice, cookie } = await eventWithHiddenTickets();
    const expected = [
      { id: hidden.id, title: 'Invitation partenaire', description: 'Réservée aux partenaires.', priceCents: 500 },
      { id: hiddenChoice.id, title: 'Formule cachée', description: '', priceCents: 2000 },
    ];
    const mine = await t.app.inject({
      method: 'GET',
      url: `/api/events/${event.id}/hidden-tickets`,
      headers: { cookie },
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual(expected);
    const admin = await adminCookie(t);
    const asAdmin = await t.app.inject({
      method: 'GET',
      url: `/api/events/${event.id}/hidden-tickets`,
      headers: { cookie: admin },
    });
    expect(asAdmin.json()).toEqual(expected);
  });

  it('refuses another user (403) and a visitor (401)', async () => {
    const { event } = await eventWithHiddenTickets();
    const other = await loginAs(t, (await createUser(t)).email);
    const url = `/api/events/${event.id}/hidden-tickets`;
    expect((await t.app.inject({ method: 'GET', url, headers: { cookie: other } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/events/inconnu/hidden-tickets',
      headers: { cookie: other },
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('generating a private link', () => {
  it('makes a link that shows the chosen hidden tickets, and only through it', async () => {
    const { event, hidden, hiddenChoice, option, cookie } = await eventWithHiddenTickets();
    const response = await create(event.id, { ticketIds: [hidden.id, hidden.id] }, cookie);
    expect(response.statusCode).toBe(201);
    const { key, url } = response.json();
    expect(key).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(url).toBe(`${t.config.publicUrl}/billetterie/${event.id}?share=${key}`);
    expect((await linksOf(event.id))[0]).toMatchObject({ key, ticketIds: [hidden.id] });

    const titles = async (query: string, headers = {}) =>
      (await t.app.inject({ method: 'GET', url: `/api/events/${event.id}${query}`, headers }))
        .json()
        .tickets.map((ticket: { title: string }) => ticket.title);
    expect(await titles('')).toEqual(['Entrée']);
    expect(await titles(`?share=${key}`)).toEqual(['Entrée', 'Invitation partenaire']);
    // On the link the organiser sees the attendee's view: no management.
    const onLink = await t.app.inject({
      method: 'GET',
      url: `/api/events/${event.id}?share=${key}`,
      headers: { cookie },
    });
    expect(onLink.json().canManage).toBe(false);

    const choice = await create(event.id, { ticketIds: [hiddenChoice.id] }, cookie);
    expect(choice.statusCode).toBe(201);
    const withChoice = await t.app.inject({ method: 'GET', url: `/api/events/${event.id}?share=${choice.json().key}` });
    const head = withChoice.json().tickets.find((ticket: { id: string }) => ticket.id === hiddenChoice.id);
    expect(head.options.map((o: { id: string }) => o.id)).toEqual([option.id]);
  });

  it('refuses a choice that is empty or holds anything but this event’s hidden tickets, writing nothing', async () => {
    const { event, visible, option, deleted, cookie } = await eventWithHiddenTickets();
    const elsewhere = await eventWithHiddenTickets();
    const cases: [object, string][] = [
      [{ ticketIds: [] }, m.noTicketChosen],
      [{}, m.noTicketChosen],
      [{ ticketIds: [visible.id] }, m.notHiddenTicket],
      [{ ticketIds: [option.id] }, m.notHiddenTicket],
      [{ ticketIds: [deleted.id] }, m.notHiddenTicket],
      [{ ticketIds: [elsewhere.hidden.id] }, m.notHiddenTicket],
      [{ ticketIds: ['pas-un-uuid'] }, m.notHiddenTicket],
    ];
    for (const [payload, message] of cases) {
      const response = await create(event.id, payload, cookie);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toMatchObject({ message, field: 'ticketIds' });
    }
    expect((await create(event.id, { ticketIds: [], extra: 1 }, cookie)).json().code).toBe('UNKNOWN_FIELD');
    expect(await linksOf(event.id)).toHaveLength(0);
  });

  it('is for the organiser or an administrator only', async () => {
    const { event, hidden } = await eventWithHiddenTickets();
    const other = await loginAs(t, (await createUser(t)).email);
    const refused = await create(event.id, { ticketIds: [hidden.id] }, other);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(organiserFr.event.notOwner);
    expect((await create(event.id, { ticketIds: [hidden.id] })).statusCode).toBe(401);
    expect(await linksOf(event.id)).toHaveLength(0);
    const admin = await adminCookie(t);
    expect((await create(event.id, { ticketIds: [hidden.id] }, admin)).statusCode).toBe(201);
  });

  it('gives every link its own unguessable key', async () => {
    const { event, hidden, cookie } = await eventWithHiddenTickets();
    const keys = new Set<string>();
    for (let i = 0; i < 5; i++) keys.add((await create(event.id, { ticketIds: [hidden.id] }, cookie)).json().key);
    expect(keys.size).toBe(5);
  });
});

describe("a private event's invitation link", () => {
  it('opens the private event to whoever has it, hidden tickets still hidden, and can be booked', async () => {
    const organizer = await createUser(t);
    const {
      event,
      tickets: [entry, hidden],
    } = await createEvent(t, organizer.id, { isPublic: false }, [
      { title: 'Entrée', priceCents: 0 },
      { title: 'Cachée', priceCents: 0, isHidden: true },
    ]);
    const cookie = await loginAs(t, organizer.email);
    const invite = (who?: string) =>
      t.app.inject({ method: 'POST', url: `/api/events/${event.id}/invite-link`, headers: who ? { cookie: who } : {} });

    const first = await invite(cookie);
    expect(first.statusCode).toBe(200);
    const { key, url } = first.json();
    expect(url).toBe(`${t.config.publicUrl}/billetterie/${event.id}?share=${key}`);
    // The same link each time.
    expect((await invite(cookie)).json().key).toBe(key);

    const guest = await createUser(t);
    const guestCookie = await loginAs(t, guest.email);
    const withoutKey = await t.app.inject({
      method: 'GET',
      url: `/api/events/${event.id}`,
      headers: { cookie: guestCookie },
    });
    expect(withoutKey.statusCode).toBe(404);
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/events/${event.id}?share=${key}`,
      headers: { cookie: guestCookie },
    });
    expect(page.statusCode).toBe(200);
    expect(page.json().tickets.map((ticket: { id: string }) => ticket.id)).toEqual([entry?.id]);
    const booked = await postOrder(t, guestCookie, {
      eventId: event.id,
      shareKey: key,
      lines: [{ ticketId: entry?.id, quantity: 1 }],
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const hiddenOrder = await postOrder(t, await loginAs(t, (await createUser(t)).email), {
      eventId: event.id,
      shareKey: key,
      lines: [{ ticketId: hidden?.id, quantity: 1 }],
    });
    expect(hiddenOrder.statusCode).toBe(409);
  });

  it('is made only by the organiser or an administrator', async () => {
    const organizer = await createUser(t);
    const { event } = await createEvent(t, organizer.id, { isPublic: false });
    const url = `/api/events/${event.id}/invite-link`;
    expect((await t.app.inject({ method: 'POST', url })).statusCode).toBe(401);
    const stranger = await loginAs(t, (await createUser(t)).email);
    expect((await t.app.inject({ method: 'POST', url, headers: { cookie: stranger } })).statusCode).toBe(403);
    const admin = await adminCookie(t);
    expect((await t.app.inject({ method: 'POST', url, headers: { cookie: admin } })).statusCode).toBe(200);
  });
});
