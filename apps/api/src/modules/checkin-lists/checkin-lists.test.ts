import { randomUUID } from 'node:crypto';
import { checkinFr } from '@guichet/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createEvent, createUser, getAs, loginAs, raceMode } from '../../../test/helpers';
import { openSse } from '../../../test/modules/availability/support';
import { participationWithCode } from '../../../test/modules/checkin/support';
import { useListeningTestApp } from '../../../test/use-test-app';
import { participations } from '../../db/schema';

// Check-in lists and check-out (issue 31): a door per list, each place once per list, leaving and coming back.
const t = useListeningTestApp();
const m = checkinFr;

const post = (url: string, cookie: string, payload: object) =>
  t.app.inject({ method: 'POST', url, payload, headers: { cookie } });
const scan = (eventId: string, cookie: string, payload: object) =>
  post(`/api/checkin/events/${eventId}/scans`, cookie, payload);

/** An event with a general ticket and a VIP one, its organiser and a scanner of its staff. */
async function festival() {
  const organizer = await createUser(t, { isVerified: true, firstName: 'Olivier', lastName: 'Orga' });
  const { event, tickets } = await createEvent(t, organizer.id, {}, [
    { title: 'Général', priceCents: 1000 },
    { title: 'VIP', priceCents: 5000 },
  ]);
  const [general, vip] = tickets;
  if (!general || !vip) throw new Error('tickets missing');
  const ownerCookie = await loginAs(t, organizer.email);
  const member = await createUser(t, { firstName: 'Sam', lastName: 'Portier' });
  await post(`/api/console/events/${event.id}/staff`, ownerCookie, { email: member.email });
  const staffCookie = await loginAs(t, member.email);
  const createList = async (payload: object) => {
    const response = await post(`/api/console/events/${event.id}/checkin-lists`, ownerCookie, payload);
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id as string;
  };
  return { event, general, vip, ownerCookie, staffCookie, createList };
}

describe('managing check-in lists', () => {
  it('creates, shows, changes and deletes a list; refuses a list with no ticket in French', async () => {
    const { event, vip, general, ownerCookie, staffCookie, createList } = await festival();
    const url = `/api/console/events/${event.id}/checkin-lists`;
    const empty = await post(url, ownerCookie, { name: 'VIP', ticketIds: [], allowReentry: false });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ message: m.lists.noTicket, field: 'ticketIds' });
    const nameless = await post(url, ownerCookie, { name: '  ', ticketIds: [vip.id], allowReentry: false });
    expect(nameless.json()).toMatchObject({ message: m.lists.nameRequired });
    const foreign = await post(url, ownerCookie, { name: 'VIP', ticketIds: [randomUUID()], allowReentry: false });
    expect(foreign.json()).toMatchObject({ message: m.lists.unknownTicket });
    const contradictory = await post(url, ownerCookie, {
      name: 'VIP',
      ticketIds: [vip.id],
      allowReentry: true,
      allowCheckout: false,
    });
    expect(contradictory.json()).toMatchObject({ message: m.lists.reentryNeedsCheckout });

    const id = await createList({ name: 'VIP', ticketIds: [vip.id], allowReentry: true });
    const shown = await getAs(t, url, ownerCookie);
    expect(shown.json()).toMatchObject({
      lists: [{ id, name: 'VIP', ticketIds: [vip.id], allowReentry: true, allowCheckout: true, inside: 0 }],
      event: { inside: 0, total: 0 },
    });
    // Staff scan on any list but do not manage them.
    expect((await getAs(t, `/api/checkin/events/${event.id}/lists`, staffCookie)).json().lists).toHaveLength(1);
    expect((await getAs(t, url, staffCookie)).statusCode).toBe(404);
    expect((await post(url, staffCookie, { name: 'X', ticketIds: [vip.id] })).statusCode).toBe(404);

    const patched = await t.app.inject({
      method: 'PATCH',
      url: `${url}/${id}`,
      payload: { name: 'Carré VIP', ticketIds: [vip.id, general.id], allowReentry: false },
      headers: { cookie: ownerCookie },
    });
    expect(patched.statusCode).toBe(204);
    expect((await getAs(t, url, ownerCookie)).json().lists[0]).toMatchObject({
      name: 'Carré VIP',
      ticketIds: [vip.id, general.id],
      allowReentry: false,
    });
    const emptied = await t.app.inject({
      method: 'PATCH',
      url: `${url}/${id}`,
      payload: { ticketIds: [] },
      headers: { cookie: ownerCookie },
    });
    expect(emptied.json()).toMatchObject({ message: m.lists.noTicket });
    const removed = await t.app.inject({ method: 'DELETE', url: `${url}/${id}`, headers: { cookie: ownerCookie } });
    expect(removed.statusCode).toBe(204);
    expect((await getAs(t, url, ownerCookie)).json().lists).toEqual([]);
  });
});

describe('scanning on a list', () => {
  it('refuses a ticket not on the list, naming the lists where it is valid', async () => {
    const { event, general, vip, staffCookie, createList } = await festival();
    const vipList = await createList({ name: 'VIP', ticketIds: [vip.id], allowReentry: false });
    await createList({ name: 'Entrée principale', ticketIds: [general.id, vip.id], allowReentry: false });
    const { code } = await participationWithCode(t, event.id, general.id, 1);
    const refused = await scan(event.id, staffCookie, { code, listId: vipList });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'NOT_ON_LIST',
      message: m.notOnList('VIP', ['Entrée principale']),
      validLists: ['Entrée principale'],
    });
    expect(refused.json().message).toBe(
      "Ce billet n'est pas valable sur la liste « VIP ». Il est valable sur : « Entrée principale ».",
    );
    const unknown = await scan(event.id, staffCookie, { code, listId: randomUUID() });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'LIST_NOT_FOUND', message: m.listNotFound });
  });

  it('lets a place in once per list, and leaves the whole event’s entry as it was', async () => {
    const { event, vip, staffCookie, createList } = await festival();
    const vipList = await createList({ name: 'VIP', ticketIds: [vip.id], allowReentry: false });
    const main = await createList({ name: 'Entrée principale', ticketIds: [vip.id], allowReentry: false });
    const { code, participation } = await participationWithCode(t, event.id, vip.id, 1);
    expect((await scan(event.id, staffCookie, { code, listId: vipList })).json()).toMatchObject({
      status: 'accepted',
      remaining: 0,
    });
    expect((await scan(event.id, staffCookie, { code, listId: vipList })).json()).toMatchObject({
      code: 'ALREADY_SCANNED',
      lastScanBy: 'Sam Portier',
    });
    expect((await scan(event.id, staffCookie, { code, listId: main })).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(participations).where(eq(participations.id, participation.id));
    expect(row?.entriesUsed).toBe(0);
    // A scan naming no list is the implicit list of the whole event, as before lists existed.
    expect((await scan(event.id, staffCookie, { code })).json()).toMatchObject({ status: 'accepted', remaining: 0 });
    expect((await scan(event.id, staffCookie, { code })).json()).toMatchObject({ code: 'ALREADY_SCANNED' });
  });

  it('lets an older code of 3 places in 3 times on a list, then refuses it', async () => {
    const { event, vip, staffCookie, createList } = await festival();
    const vipList = await createList({ name: 'VIP', ticketIds: [vip.id], allowReentry: false });
    const { code } = await participationWithCode(t, event.id, vip.id, 3);
    for (const remaining of [2, 1, 0]) {
      expect((await scan(event.id, staffCookie, { code, listId: vipList })).json()).toMatchObject({
        status: 'accepted',
        quantity: 3,
        remaining,
      });
    }
    expect((await scan(event.id, staffCookie, { code, listId: vipList })).statusCode).toBe(409);
  });

  it(`lets doors racing on one list take each entry once${raceMode}`, async () => {
    const { event, vip, staffCookie, ownerCookie, createList } = await festival();
    const vipList = await createList({ name: 'VIP', ticketIds: [vip.id], allowReentry: false });
    const holders = await Promise.all(Array.from({ length: 10 }, () => participationWithCode(t, event.id, vip.id, 1)));
    const fire = (cookie: string, code: string) =>
      fetch(`${t.base}/api/checkin/events/${event.id}/scans`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ code, listId: vipList }),
      }).then((response) => response.status);
    const statuses = await Promise.all(
      holders.flatMap(({ code }) => [fire(staffCookie, code), fire(ownerCookie, code), fire(staffCookie, code)]),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(20);
    const lists = (await getAs(t, `/api/checkin/events/${event.id}/lists`, staffCookie)).json();
    expect(lists.lists[0]).toMatchObject({ inside: 10, entered: 10 });
  });
});

describe('check-out', () => {
  it('lets someone leave and come back on a list with re-entry, counting the people inside', async () => {
    const { event, vip, staffCookie, ownerCookie, createList } = await festival();
    const list = await createList({ name: 'VIP', ticketIds: [vip.id], allowReentry: true });
    const { code } = await participationWithCode(t, event.id, vip.id, 1);
    const inside = async () =>
      (await getAs(t, `/api/console/events/${event.id}/checkin-lists`, ownerCookie)).json().lists[0].inside;

    const never = await scan(event.id, staffCookie, { code, listId: list, direction: 'out' });
    expect(never.statusCode).toBe(409);
    expect(never.json()).toMatchObject({ code: 'NOT_CHECKED_IN', message: m.notCheckedIn });
    expect((await scan(event.id, staffCookie, { code, listId: list })).statusCode).toBe(200);
    expect(await inside()).toBe(1);
    expect((await scan(event.id, staffCookie, { code, listId: list })).json()).toMatchObject({
      code: 'ALREADY_SCANNED',
    });
    expect((await scan(event.id, staffCookie, { code, listId: list, direction: 'out' })).json()).toMatchObject({
      status: 'accepted',
      direction: 'out',
    });
    expect(await inside()).toBe(0);
    const twice = await scan(event.id, staffCookie, { code, listId: list, direction: 'out' });
    expect(twice.json()).toMatchObject({ code: 'ALREADY_OUT', message: m.alreadyOut });
    expect((await scan(event.id, staffCookie, { code, listId: list })).json()).toMatchObject({ status: 'accepted' });
    expect(await inside()).toBe(1);
  });

  it('counts leaving without letting back in when re-entry is off, and refuses check-out where none is recorded', async () => {
    const { event, vip, general, staffCookie, createList } = await festival();
    const leaving = await createList({
      name: 'Backstage',
      ticketIds: [vip.id],
      allowReentry: false,
      allowCheckout: true,
    });
    const plain = await createList({ name: 'Jour 2', ticketIds: [general.id], allowReentry: false });
    const { code } = await participationWithCode(t, event.id, vip.id, 1);
    expect((await scan(event.id, staffCookie, { code, listId: leaving })).statusCode).toBe(200);
    expect((await scan(event.id, staffCookie, { code, listId: leaving, direction: 'out' })).statusCode).toBe(200);
    expect((await scan(event.id, staffCookie, { code, listId: leaving })).json()).toMatchObject({
      code: 'ALREADY_SCANNED',
    });
    const ticket = await participationWithCode(t, event.id, general.id, 1);
    for (const listId of [plain, undefined]) {
      const refused = await scan(event.id, staffCookie, { code: ticket.code, listId, direction: 'out' });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'CHECKOUT_NOT_ALLOWED', message: m.checkoutNotAllowed });
    }
  });
});

describe('offline scanners on a list', () => {
  it('records a batch on its list once however often it is sent', async () => {
    const { event, vip, general, staffCookie, createList } = await festival();
    const list = await createList({ name: 'VIP', ticketIds: [vip.id], allowReentry: true });
    const guest = await participationWithCode(t, event.id, vip.id, 1);
    const stranger = await participationWithCode(t, event.id, general.id, 1);
    const at = new Date(Date.now() - 60_000).toISOString();
    const scans = [
      { id: randomUUID(), code: guest.code, scannedAt: at, offline: true },
      { id: randomUUID(), code: guest.code, scannedAt: at, offline: true, direction: 'out' },
      { id: randomUUID(), code: stranger.code, scannedAt: at, offline: true },
    ];
    const send = () => post(`/api/checkin/events/${event.id}/scans/batch`, staffCookie, { listId: list, scans });
    const first = await send();
    expect(first.statusCode).toBe(200);
    expect(first.json().results.map((r: { result: string }) => r.result)).toEqual([
      'accepted',
      'accepted',
      'not_on_list',
    ]);
    const again = await send();
    expect(again.json().results.map((r: { replay: boolean }) => r.replay)).toEqual([true, true, true]);
    const lists = (await getAs(t, `/api/checkin/events/${event.id}/lists`, staffCookie)).json();
    expect(lists.lists[0]).toMatchObject({ inside: 0, entered: 1 });
  });

  it('gives a manifest per list: its rules, which places it admits and their entries on it', async () => {
    const { event, vip, general, staffCookie, createList } = await festival();
    const list = await createList({ name: 'VIP', ticketIds: [vip.id], allowReentry: false });
    const guest = await participationWithCode(t, event.id, vip.id, 1);
    const stranger = await participationWithCode(t, event.id, general.id, 1);
    await scan(event.id, staffCookie, { code: guest.code, listId: list });
    const response = await getAs(t, `/api/checkin/events/${event.id}/manifest?listId=${list}`, staffCookie);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.list).toEqual({ id: list, name: 'VIP', allowReentry: false, allowCheckout: false });
    const byId = new Map(body.participations.map((p: { id: string }) => [p.id, p]));
    expect(byId.get(guest.participation.id)).toMatchObject({ isOnList: true, entriesUsed: 1, inside: 1 });
    expect(byId.get(stranger.participation.id)).toMatchObject({ isOnList: false, entriesUsed: 0, validLists: [] });
    // The whole event's manifest is as it was: no list, the event's entries.
    const whole = (await getAs(t, `/api/checkin/events/${event.id}/manifest`, staffCookie)).json();
    expect(whole.list).toBeNull();
    expect(whole.participations.every((p: { entriesUsed: number }) => p.entriesUsed === 0)).toBe(true);
    const unknown = await getAs(t, `/api/checkin/events/${event.id}/manifest?listId=${randomUUID()}`, staffCookie);
    expect(unknown.statusCode).toBe(404);
  });
});

describe('the people inside, live', () => {
  it('pushes each door’s figures to whoever scans the event as people come in and leave, and to nobody else', async () => {
    const { event, vip, staffCookie, createList } = await festival();
    const list = await createList({ name: 'VIP', ticketIds: [vip.id], allowReentry: true });
    const { code } = await participationWithCode(t, event.id, vip.id, 1);
    const url = `${t.base}/api/checkin/events/${event.id}/lists/stream`;
    const stranger = await createUser(t);
    const refused = await openSse(url, { cookie: await loginAs(t, stranger.email) });
    expect(refused.status).toBe(403);
    refused.close();

    const stream = await openSse(url, { cookie: staffCookie });
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toContain('text/event-stream');
    type Figures = { lists: { id: string; inside: number }[]; event: { inside: number } };
    const insideOf = (message: unknown) => (message as Figures).lists.find((l) => l.id === list)?.inside;
    await stream.next((message) => insideOf(message) === 0);
    expect((await scan(event.id, staffCookie, { code, listId: list })).statusCode).toBe(200);
    await stream.next((message) => insideOf(message) === 1, 5_000);
    expect((await scan(event.id, staffCookie, { code, listId: list, direction: 'out' })).statusCode).toBe(200);
    await stream.next((message) => insideOf(message) === 0, 5_000);
    stream.close();
  });
});

// Issue 34: the door keeps a copy of the lists its scans name, which the scan's statement confirms.
describe("a list changed under the door's copy", () => {
  it('refuses at once a scan on a list just deleted, and a check-out on a list that just stopped recording them', async () => {
    const { event, vip, ownerCookie, staffCookie, createList } = await festival();
    const pit = await createList({ name: 'Fosse', ticketIds: [vip.id], allowReentry: true });
    const backstage = await createList({ name: 'Backstage', ticketIds: [vip.id], allowReentry: false });
    const first = await participationWithCode(t, event.id, vip.id, 1);
    const second = await participationWithCode(t, event.id, vip.id, 1);
    expect((await scan(event.id, staffCookie, { code: first.code, listId: backstage })).statusCode).toBe(200);
    expect((await scan(event.id, staffCookie, { code: first.code, listId: pit })).statusCode).toBe(200);
    const url = `/api/console/events/${event.id}/checkin-lists`;
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `${url}/${backstage}`,
      headers: { cookie: ownerCookie },
    });
    expect(deleted.statusCode).toBeLessThan(300);
    const gone = await scan(event.id, staffCookie, { code: second.code, listId: backstage });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ code: 'LIST_NOT_FOUND', message: m.listNotFound });
    const changed = await t.app.inject({
      method: 'PATCH',
      url: `${url}/${pit}`,
      payload: { allowReentry: false, allowCheckout: false },
      headers: { cookie: ownerCookie },
    });
    expect(changed.statusCode).toBeLessThan(300);
    const out = await scan(event.id, staffCookie, { code: first.code, listId: pit, direction: 'out' });
    expect(out.statusCode).toBe(400);
    expect(out.json()).toMatchObject({ code: 'CHECKOUT_NOT_ALLOWED', message: m.checkoutNotAllowed });
    const lists = (await getAs(t, `/api/checkin/events/${event.id}/lists`, staffCookie)).json();
    expect(lists.lists).toMatchObject([{ id: pit, inside: 1 }]);
  });
});
