import { fr } from '@guichet/shared';
import { describe, expect, it } from 'vitest';
import { createEvent, createUser, DAY, loginAs } from '../../../test/helpers';
import { useTestApp } from '../../../test/use-test-app';
import { participations } from '../../db/schema';

const t = useTestApp();

async function listEvents(price?: string) {
  const response = await t.app.inject({ method: 'GET', url: `/api/events${price ? `?price=${price}` : ''}` });
  expect(response.statusCode).toBe(200);
  return (await allPages(price ? `price=${price}` : '')).items;
}

type Item = { id: string; title: string; minPriceCents: number; isFree: boolean; dateBegin: string };

/** Every page of the list for a query, following the cursors. */
async function allPages(query: string, headers: Record<string, string> = {}) {
  const items: Item[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const url = `/api/events?${query}${cursor ? `${query ? '&' : ''}cursor=${encodeURIComponent(cursor)}` : ''}`;
    const response = await t.app.inject({ method: 'GET', url, headers });
    expect(response.statusCode).toBe(200);
    const page = response.json() as { items: Item[]; nextCursor: string | null };
    items.push(...page.items);
    cursor = page.nextCursor;
    pages += 1;
  } while (cursor && pages < 500);
  return { items, pages };
}

describe('event list', () => {
  it('shows public events not yet ended, sorted by start, with their lowest visible price', async () => {
    const organizer = await createUser(t, { isVerified: true });
    const later = await createEvent(
      t,
      organizer.id,
      { dateBegin: new Date(Date.now() + 30 * DAY), dateEnd: new Date(Date.now() + 31 * DAY) },
      [{ priceCents: 2500 }, { priceCents: 1200 }, { priceCents: 100, isHidden: true }],
    );
    const sooner = await createEvent(
      t,
      organizer.id,
      { dateBegin: new Date(Date.now() + 2 * DAY), dateEnd: new Date(Date.now() + 3 * DAY) },
      [{ priceCents: 0 }],
    );
    // Started yesterday, ends tomorrow: still listed.
    const running = await createEvent(t, organizer.id, {
      dateBegin: new Date(Date.now() - DAY),
      dateEnd: new Date(Date.now() + DAY),
    });
    const ended = await createEvent(t, organizer.id, {
      dateBegin: new Date(Date.now() - 3 * DAY),
      dateEnd: new Date(Date.now() - DAY),
    });
    const hidden = await createEvent(t, organizer.id, { isPublic: false });

    const list = await listEvents();
    const ids = list.map((e) => e.id);
    expect(ids).toContain(later.event.id);
    expect(ids).toContain(sooner.event.id);
    expect(ids).toContain(running.event.id);
    expect(ids).not.toContain(ended.event.id);
    expect(ids).not.toContain(hidden.event.id);
    expect(ids.indexOf(running.event.id)).toBeLessThan(ids.indexOf(sooner.event.id));
    expect(ids.indexOf(sooner.event.id)).toBeLessThan(ids.indexOf(later.event.id));
    const starts = list.map((e) => e.dateBegin);
    expect([...starts].sort()).toEqual(starts);

    const paid = list.find((e) => e.id === later.event.id);
    expect(paid).toMatchObject({ minPriceCents: 1200, isFree: false, isPublic: true, organizerName: 'Jeanne Test' });
    expect(list.find((e) => e.id === sooner.event.id)).toMatchObject({ minPriceCents: 0, isFree: true });
  });

  it('filters paid and free events', async () => {
    const organizer = await createUser(t, { isVerified: true });
    const paid = await createEvent(t, organizer.id, {}, [{ priceCents: 0 }, { priceCents: 900 }]);
    const free = await createEvent(t, organizer.id, {}, [{ priceCents: 0 }]);
    const paidIds = (await listEvents('paid')).map((e) => e.id);
    const freeIds = (await listEvents('free')).map((e) => e.id);
    expect(paidIds).toContain(paid.event.id);
    expect(paidIds).not.toContain(free.event.id);
    expect(freeIds).toContain(free.event.id);
    expect(freeIds).not.toContain(paid.event.id);
  });

  it('shows a logged-in viewer the private events they organise or hold a ticket for, no one else', async () => {
    const organizer = await createUser(t);
    const holder = await createUser(t);
    const stranger = await createUser(t);
    const mine = await createEvent(t, organizer.id, { isPublic: false }, [{ priceCents: 0 }]);
    await t.database.db
      .insert(participations)
      .values({ eventId: mine.event.id, ticketId: mine.tickets[0]?.id ?? '', userId: holder.id, quantity: 1 });
    const listFor = async (email?: string) => {
      const headers: Record<string, string> = email ? { cookie: await loginAs(t, email) } : {};
      const { items } = await allPages('', headers);
      return (items as (Item & { isPublic: boolean })[]).find((e) => e.id === mine.event.id);
    };
    expect(await listFor(organizer.email)).toMatchObject({ isPublic: false });
    expect(await listFor(holder.email)).toMatchObject({ isPublic: false });
    expect(await listFor(stranger.email)).toBeUndefined();
    expect(await listFor()).toBeUndefined();
  });

  it('refuses an unknown filter', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/events?price=cheap' });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_ERROR');
  });
});

describe('event page', () => {
  it('shows a public event to a visitor, without hidden tickets, options nested', async () => {
    const organizer = await createUser(t, { isVerified: true });
    const { event, tickets } = await createEvent(t, organizer.id, { dateMaxRefund: new Date(Date.now() + 5 * DAY) }, [
      { title: 'Standard', priceCents: 2000 },
      { title: 'Secret', priceCents: 500, isHidden: true },
      { title: 'Pass', priceCents: 3000, isMultipart: true },
    ]);
    const pass = tickets[2];
    await createEvent(t, organizer.id); // another event, to be sure tickets are not mixed
    const { db } = t.database;
    const { tickets: ticketTable } = await import('../../db/schema');
    await db.insert(ticketTable).values([
      { eventId: event.id, parentId: pass?.id, title: 'Jour 1', priceCents: 3000, quantity: 10, position: 3 },
      { eventId: event.id, parentId: pass?.id, title: 'Jour 2', priceCents: 5000, quantity: 10, sold: 10, position: 4 },
    ]);

    const response = await t.app.inject({ method: 'GET', url: `/api/events/${event.id}` });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      id: event.id,
      isPublic: true,
      isVerifiedOrganizer: true,
      status: 'open',
      canManage: false,
      isUserParticipates: false,
      isFree: false,
      minPriceCents: 2000,
    });
    expect(body.tickets.map((x: { title: string }) => x.title)).toEqual(['Standard', 'Pass']);
    expect(body.tickets[0]).toMatchObject({ isUserCanTakeInsurance: true, maxToBuy: 5 });
    expect(body.tickets[1].options).toMatchObject([
      { title: 'Jour 1', isSoldOut: false },
      { title: 'Jour 2', isSoldOut: true, maxToBuy: 0 },
    ]);
  });

  it('caps a free ticket at one and reports the four ticketing states', async () => {
    const organizer = await createUser(t, { isVerified: true });
    const free = await createEvent(t, organizer.id, {}, [{ priceCents: 0 }]);
    const freeBody = (await t.app.inject({ method: 'GET', url: `/api/events/${free.event.id}` })).json();
    expect(freeBody.tickets[0]).toMatchObject({ maxToBuy: 1, isUserCanTakeInsurance: false });
    expect(freeBody.status).toBe('open');

    const closed = await createEvent(t, organizer.id, { isOpen: false });
    expect((await t.app.inject({ method: 'GET', url: `/api/events/${closed.event.id}` })).json().status).toBe('closed');
    const soldOut = await createEvent(t, organizer.id, {}, [{ quantity: 5, sold: 5 }]);
    const soldOutBody = (await t.app.inject({ method: 'GET', url: `/api/events/${soldOut.event.id}` })).json();
    expect(soldOutBody).toMatchObject({ status: 'soldOut', isSoldOut: true });
    const capped = await createEvent(t, organizer.id, { nbMaxParticipants: 3 }, [{ quantity: 10, sold: 3 }]);
    expect((await t.app.inject({ method: 'GET', url: `/api/events/${capped.event.id}` })).json().status).toBe(
      'soldOut',
    );
  });

  it('keeps a private event to its organiser, administrators and participants', async () => {
    const organizer = await createUser(t);
    const stranger = await createUser(t);
    const admin = await createUser(t, { role: 'admin' });
    const participant = await createUser(t);
    const { event, tickets } = await createEvent(t, organizer.id, { isPublic: false });
    const ticket = tickets[0];
    if (!ticket) throw new Error('no ticket');
    await t.database.db
      .insert(participations)
      .values({ eventId: event.id, ticketId: ticket.id, userId: participant.id, quantity: 1 });
    const url = `/api/events/${event.id}`;

    const visitor = await t.app.inject({ method: 'GET', url });
    expect(visitor.statusCode).toBe(404);
    expect(visitor.json().message).toBe(fr.events.notFoundText);
    const asStranger = await t.app.inject({
      method: 'GET',
      url,
      headers: { cookie: await loginAs(t, stranger.email) },
    });
    expect(asStranger.statusCode).toBe(404);

    const asOrganizer = await t.app.inject({
      method: 'GET',
      url,
      headers: { cookie: await loginAs(t, organizer.email) },
    });
    expect(asOrganizer.json()).toMatchObject({ canManage: true, isPublic: false });
    const asAdmin = await t.app.inject({ method: 'GET', url, headers: { cookie: await loginAs(t, admin.email) } });
    expect(asAdmin.json()).toMatchObject({ canManage: true });
    const asParticipant = await t.app.inject({
      method: 'GET',
      url,
      headers: { cookie: await loginAs(t, participant.email) },
    });
    expect(asParticipant.json()).toMatchObject({ canManage: false, isUserParticipates: true });
  });

  it('answers not found for unknown and malformed ids', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'abc']) {
      const response = await t.app.inject({ method: 'GET', url: `/api/events/${id}` });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'EVENT_NOT_FOUND' });
    }
  });

  it('lists the categories', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/events/types' });
    expect(response.json().map((type: { label: string }) => type.label)).toContain('Concert');
  });
});
