import { waitingRoomFr } from '@guichet/shared';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createEvent, createTestApp, createUser, sessionCookie, type TestApp } from '../../../test/helpers';
import { postOrder } from '../../../test/modules/checkout/support';
import { describeWith, type Service, testRedisUrl } from '../../../test/services';
import { useTestApp } from '../../../test/use-test-app';
import { events } from '../../db/schema';
import { loadTicketKeys } from '../ticket-codes/keys';
import { admissionKeyFrom, signAdmission } from './admission';
import type { QueueStore } from './queue-store';
import { admissionCookie, VISITOR_COOKIE } from './routes';
import { createWaitingRoom } from './service';

const MINUTE = 60_000;

/** Each store the room runs on: this process's memory (embedded mode) and a shared Redis. */
const stores: [string, string | undefined, Service[]][] = [
  ['in memory', undefined, []],
  ['on Redis', testRedisUrl, ['redis']],
];
for (const [store, redis, needs] of stores)
  describeWith(needs, `the waiting room ${store}`, () => {
    let now = Date.now();
    let t: TestApp;
    let organizerId: string;
    beforeAll(async () => {
      t = await createTestApp({ clock: { now: () => new Date(now) }, config: { redisUrl: redis } });
      organizerId = (await createUser(t, { isVerified: true })).id;
    });
    afterAll(async () => t.close());

    /** A paid event; its room opens `opensIn` ms from now at `perMinute`, or is off. */
    const roomEvent = async (room: { opensIn: number; perMinute: number } | null, quantity = 100) => {
      const { event, tickets } = await createEvent(
        t,
        organizerId,
        room ? { onsaleAt: new Date(now + room.opensIn), admissionPerMinute: room.perMinute } : {},
        [{ title: 'Fosse', priceCents: 2500, quantity }],
      );
      return { event, ticketId: tickets[0]?.id ?? '' };
    };
    const buyer = async () => sessionCookie(t, (await createUser(t)).id);
    const cookiesOf = (response: LightMyRequestResponse) =>
      Object.fromEntries(response.cookies.map((c) => [c.name, c.value]));
    const header = (cookies: Record<string, string | undefined>) =>
      Object.entries(cookies)
        .filter(([, value]) => value)
        .map(([name, value]) => `${name}=${value}`)
        .join('; ');
    const join = (eventId: string, cookie = '') =>
      t.app.inject({ method: 'POST', url: `/api/events/${eventId}/waiting-room`, headers: { cookie } });
    const status = (eventId: string, cookie = '') =>
      t.app.inject({ method: 'GET', url: `/api/events/${eventId}/waiting-room`, headers: { cookie } });
    const order = (eventId: string, ticketId: string, cookie: string) =>
      postOrder(t, cookie, { eventId, lines: [{ ticketId, quantity: 1 }] });
    /** A browser that queued and was let through: its queue and admission cookies. */
    const admittedBrowser = async (eventId: string) => {
      const joined = await join(eventId);
      expect(joined.json()).toMatchObject({ state: 'admitted' });
      return cookiesOf(joined);
    };
    const key = () => admissionKeyFrom(loadTicketKeys(t.config).privateKey.export({ type: 'pkcs8', format: 'der' }));

    it('changes nothing for buyers when the room is off', async () => {
      const { event, ticketId } = await roomEvent(null);
      expect((await status(event.id)).json()).toMatchObject({ state: 'off' });
      expect((await t.app.inject({ method: 'GET', url: `/api/events/${event.id}` })).json().waitingRoom).toBeNull();
      expect((await order(event.id, ticketId, await buyer())).statusCode).toBe(201);
    });

    it('refuses a hold without an admission, paid or free, and takes one with it', async () => {
      const { event, ticketId } = await roomEvent({ opensIn: -MINUTE, perMinute: 600 });
      const free = await createEvent(t, organizerId, { onsaleAt: new Date(now - MINUTE), admissionPerMinute: 600 }, [
        { title: 'Gratuit', priceCents: 0, quantity: 10 },
      ]);
      for (const [eventId, id] of [
        [event.id, ticketId],
        [free.event.id, free.tickets[0]?.id ?? ''],
      ] as const) {
        const page = await t.app.inject({ method: 'GET', url: `/api/events/${eventId}` });
        expect(page.json().waitingRoom).toEqual({ opensAt: new Date(now - MINUTE).toISOString() });
        const refused = await order(eventId, id, await buyer());
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toMatchObject({
          code: 'WAITING_ROOM_REQUIRED',
          message: waitingRoomFr.errors.admissionRequired,
        });
        const browser = await admittedBrowser(eventId);
        expect(browser[admissionCookie(eventId)]).toBeTruthy();
        expect((await order(eventId, id, `${header(browser)}; ${await buyer()}`)).statusCode).toBe(201);
      }
    });

    it('refuses a forged, altered, expired or other event’s admission', async () => {
      const { event, ticketId } = await roomEvent({ opensIn: -MINUTE, perMinute: 600 });
      const other = await roomEvent({ opensIn: -MINUTE, perMinute: 600 });
      const browser = await admittedBrowser(other.event.id);
      const genuine = browser[admissionCookie(other.event.id)] ?? '';
      const [, visitor, expiry, mac] = genuine.split('.');
      const forgedKey = Buffer.alloc(32, 7);
      const tokens = [
        'nimportequoi',
        // Another event's admission, sent as this event's.
        genuine,
        // This event's name on the other's signature.
        `${event.id}.${visitor}.${expiry}.${mac}`,
        // Signed with another key.
        signAdmission(forgedKey, { eventId: event.id, visitorId: visitor ?? '', expiresAt: now + MINUTE }),
        // Signed with ours, expired.
        signAdmission(key(), { eventId: event.id, visitorId: visitor ?? '', expiresAt: now - 1000 }),
      ];
      for (const token of tokens) {
        const refused = await order(event.id, ticketId, `${admissionCookie(event.id)}=${token}; ${await buyer()}`);
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toMatchObject({ code: 'WAITING_ROOM_REQUIRED' });
      }
      const valid = signAdmission(key(), { eventId: event.id, visitorId: visitor ?? '', expiresAt: now + MINUTE });
      expect(
        (await order(event.id, ticketId, `${admissionCookie(event.id)}=${valid}; ${await buyer()}`)).statusCode,
      ).toBe(201);
    });

    it('ties an admission to its first account: a retry of that account passes, another account does not', async () => {
      const { event, ticketId } = await roomEvent({ opensIn: -MINUTE, perMinute: 600 });
      const browser = header(await admittedBrowser(event.id));
      const a = await buyer();
      expect((await order(event.id, ticketId, `${browser}; ${a}`)).statusCode).toBe(201);
      // The same account again (its live hold answers, not the room).
      expect((await order(event.id, ticketId, `${browser}; ${a}`)).json().code).not.toBe('WAITING_ROOM_REQUIRED');
      const refused = await order(event.id, ticketId, `${browser}; ${await buyer()}`);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ message: waitingRoomFr.errors.admissionForOther });
    });

    it('keeps one place for a browser whatever its tabs and reloads', async () => {
      const { event } = await roomEvent({ opensIn: MINUTE, perMinute: 60 });
      const first = await join(event.id);
      const cookie = header(cookiesOf(first));
      const answers = await Promise.all(Array.from({ length: 50 }, () => join(event.id, cookie)));
      expect(new Set(answers.map((a) => a.json().position))).toEqual(new Set([first.json().position]));
      expect((await status(event.id, cookie)).json()).toMatchObject({ state: 'waiting', position: 1, ahead: 0 });
      const second = await join(event.id);
      expect(second.json()).toMatchObject({ state: 'waiting', position: 2, ahead: 1 });
      // No admission before the opening, whatever the place.
      expect((await status(event.id, cookie)).json().opensAt).toBe(new Date(now + MINUTE).toISOString());
      expect(cookiesOf(first)[VISITOR_COOKIE]).toMatch(/^[\w-]{22}$/);
    });

    it('lets buyers through in arrival order at the rate, from the opening', async () => {
      const { event } = await roomEvent({ opensIn: 10_000, perMinute: 60 });
      const browsers: string[] = [];
      for (let i = 0; i < 5; i++) browsers.push(header(cookiesOf(await join(event.id))));
      const states = async () =>
        Promise.all(browsers.map(async (cookie) => (await status(event.id, cookie)).json().state as string));
      expect(await states()).toEqual(['waiting', 'waiting', 'waiting', 'waiting', 'waiting']);
      const third = (await status(event.id, browsers[2])).json();
      expect(third).toMatchObject({ position: 3, ahead: 2, estimatedSeconds: 12 });
      now += 10_000;
      expect(await states()).toEqual(['admitted', 'waiting', 'waiting', 'waiting', 'waiting']);
      now += 2_000;
      expect(await states()).toEqual(['admitted', 'admitted', 'admitted', 'waiting', 'waiting']);
      // The queue has drained by then: a late arrival goes straight through...
      now += 10_000;
      expect((await join(event.id)).json().state).toBe('admitted');
      // ...but a crowd after a quiet spell queues at the rate: one second's worth (here the late
      // arrival) enters at once, the rest wait their turn.
      const crowd = [];
      for (let i = 0; i < 3; i++) crowd.push((await join(event.id)).json());
      expect(crowd.map((c) => [c.state, c.ahead])).toEqual([
        ['waiting', 0],
        ['waiting', 1],
        ['waiting', 2],
      ]);
    });

    it('sends a buyer whose admission ran out to the back of the queue', async () => {
      const { event } = await roomEvent({ opensIn: -1000, perMinute: 60 });
      const browser = header(await admittedBrowser(event.id));
      now += 11 * MINUTE;
      expect((await status(event.id, browser)).json()).toMatchObject({ state: 'waiting', position: null });
      expect((await join(event.id, browser)).json().state).toBe('admitted');
    });
  });

describe('the waiting room with its Redis gone', () => {
  let t: TestApp;
  // A port nothing listens on: every command fails at once, as when Redis dies mid-sale.
  beforeAll(async () => {
    t = await createTestApp({ config: { redisUrl: 'redis://127.0.0.1:1' } });
  });
  afterAll(async () => t.close());

  it('asks buyers to retry, and the hold still takes a signed admission, PostgreSQL deciding the places', async () => {
    const organizer = await createUser(t, { isVerified: true });
    const { event, tickets } = await createEvent(
      t,
      organizer.id,
      { onsaleAt: new Date(Date.now() - 1000), admissionPerMinute: 600 },
      [{ title: 'Fosse', priceCents: 2500, quantity: 1 }],
    );
    for (const method of ['GET', 'POST'] as const) {
      const answer = await t.app.inject({
        method,
        url: `/api/events/${event.id}/waiting-room`,
        headers: { cookie: `${VISITOR_COOKIE}=${'b'.repeat(22)}` },
      });
      expect(answer.statusCode).toBe(503);
      expect(answer.json()).toMatchObject({
        code: 'WAITING_ROOM_UNAVAILABLE',
        message: waitingRoomFr.errors.unavailable,
      });
    }
    const key = admissionKeyFrom(loadTicketKeys(t.config).privateKey.export({ type: 'pkcs8', format: 'der' }));
    const token = signAdmission(key, { eventId: event.id, visitorId: 'a'.repeat(22), expiresAt: Date.now() + MINUTE });
    const payload = { eventId: event.id, lines: [{ ticketId: tickets[0]?.id, quantity: 1 }] };
    const cookie = async () =>
      `${admissionCookie(event.id)}=${token}; ${await sessionCookie(t, (await createUser(t)).id)}`;
    const first = await postOrder(t, await cookie(), payload);
    expect(first.statusCode).toBe(201);
    // The one place is taken: PostgreSQL refuses the next, admission or not.
    const second = await postOrder(t, await cookie(), payload);
    expect(second.statusCode).toBe(409);
  });
});

describe("the organiser's waiting room settings", () => {
  const t = useTestApp();

  it('takes both settings or neither, checked with French messages, and turns the room on and off', async () => {
    const organizer = await createUser(t, { isVerified: true });
    const cookie = await sessionCookie(t, organizer.id);
    const { event } = await createEvent(t, organizer.id, { typeId: 1 });
    const patch = (payload: object) =>
      t.app.inject({ method: 'PATCH', url: `/api/events/${event.id}`, payload, headers: { cookie } });
    const s = waitingRoomFr.settings;
    const opens = new Date(Date.now() + MINUTE).toISOString();
    for (const [payload, field, message] of [
      [{ admissionPerMinute: 100 }, 'onsaleAt', s.onsaleRequired],
      [{ onsaleAt: opens }, 'admissionPerMinute', s.rateInvalid],
      [{ onsaleAt: opens, admissionPerMinute: 0 }, 'admissionPerMinute', s.rateInvalid],
      [{ onsaleAt: opens, admissionPerMinute: 60_001 }, 'admissionPerMinute', s.rateInvalid],
      [{ onsaleAt: 'demain', admissionPerMinute: 100 }, 'onsaleAt', s.onsaleRequired],
      [
        { onsaleAt: new Date(event.dateEnd.getTime() + 1).toISOString(), admissionPerMinute: 100 },
        'onsaleAt',
        s.onsaleAfterEnd,
      ],
    ] as const) {
      const refused = await patch(payload);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ field, message });
    }
    const saved = await patch({ onsaleAt: opens, admissionPerMinute: 100 });
    expect(saved.json()).toMatchObject({ onsaleAt: opens, admissionPerMinute: 100 });
    const room = () => t.app.inject({ method: 'GET', url: `/api/events/${event.id}/waiting-room` });
    // The room's settings are read again after at most two seconds.
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    expect((await room()).json()).toMatchObject({ state: 'waiting', opensAt: opens });
    expect((await patch({ onsaleAt: null, admissionPerMinute: null })).json()).toMatchObject({ onsaleAt: null });
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    expect((await room()).json()).toMatchObject({ state: 'off' });
  });
});

describe('the waiting room tells the logs when its store is gone', () => {
  const t = useTestApp();

  it('logs the refusal of the queue and the admission taken on its signature alone', async () => {
    const organizer = await createUser(t, { isVerified: true });
    const { event } = await createEvent(t, organizer.id, {
      onsaleAt: new Date(Date.now() - 1000),
      admissionPerMinute: 60,
    });
    const gone = async () => {
      throw new Error('connect ECONNREFUSED 127.0.0.1:6379');
    };
    const store: QueueStore = { join: gone, find: gone, bind: gone, size: gone };
    const log = { warn: vi.fn(), error: vi.fn() };
    const key = Buffer.alloc(32, 1);
    const room = createWaitingRoom({ db: t.database.db, clock: { now: () => new Date() }, store, key, log });
    await expect(room.status(event.id, 'v'.repeat(22))).rejects.toMatchObject({ status: 503 });
    await expect(room.join(event.id, 'v'.repeat(22))).rejects.toMatchObject({ code: 'WAITING_ROOM_UNAVAILABLE' });
    expect(log.error).toHaveBeenCalledTimes(2);
    expect(log.error.mock.calls[0]?.[1]).toMatch(/queue store is unreachable/);
    const token = signAdmission(key, { eventId: event.id, visitorId: 'v'.repeat(22), expiresAt: Date.now() + MINUTE });
    await expect(room.requireAdmission(event.id, token, organizer.id)).resolves.toBeUndefined();
    expect(log.warn.mock.calls[0]?.[1]).toMatch(/accepted on its signature alone/);
    await expect(room.requireAdmission(event.id, undefined, organizer.id)).rejects.toMatchObject({ status: 403 });
  });
});

// Two processes share a PostgreSQL; on PGlite each test application has a database of its own.
describeWith(['postgres', 'redis'], 'the waiting room across processes sharing one Redis', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createTestApp({ config: { redisUrl: testRedisUrl } });
    b = await createTestApp({ config: { redisUrl: testRedisUrl } });
  });
  afterAll(async () => Promise.all([a.close(), b.close()]));

  it('keeps one queue: a place taken on one process is the same on the other, and so is its admission', async () => {
    const organizer = await createUser(a, { isVerified: true });
    const { event, tickets } = await createEvent(
      a,
      organizer.id,
      { onsaleAt: new Date(Date.now() + MINUTE), admissionPerMinute: 60 },
      [{ title: 'Fosse', priceCents: 2500, quantity: 10 }],
    );
    const path = `/api/events/${event.id}/waiting-room`;
    const first = await a.app.inject({ method: 'POST', url: path });
    const cookie = first.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const second = await b.app.inject({ method: 'POST', url: path });
    expect(second.json()).toMatchObject({ position: 2, ahead: 1 });
    expect((await b.app.inject({ method: 'POST', url: path, headers: { cookie } })).json()).toMatchObject({
      position: 1,
      ahead: 0,
    });
    // Opened now: the admission one process signs, the other takes; its account binding is shared.
    await a.database.db
      .update(events)
      .set({ onsaleAt: new Date(Date.now() - 1000) })
      .where(eq(events.id, event.id));
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    const admitted = await a.app.inject({ method: 'GET', url: path, headers: { cookie } });
    expect(admitted.json().state).toBe('admitted');
    const browser = `${cookie}; ${admissionCookie(event.id)}=${admitted.cookies.find((c) => c.name === admissionCookie(event.id))?.value}`;
    const payload = { eventId: event.id, lines: [{ ticketId: tickets[0]?.id, quantity: 1 }] };
    const holdOn = (t: TestApp, session: string) => postOrder(t, `${browser}; ${session}`, payload);
    expect((await holdOn(b, await sessionCookie(b, (await createUser(b)).id))).statusCode).toBe(201);
    expect((await holdOn(a, await sessionCookie(a, (await createUser(a)).id))).statusCode).toBe(403);
  });
});

describe("the waiting room's settings read", () => {
  const t = useTestApp();

  it('is made once for a crowd arriving together, and again once its copy is two seconds old', async () => {
    const organizer = await createUser(t, { isVerified: true });
    const { event } = await createEvent(t, organizer.id, {});
    let reads = 0;
    const db = new Proxy(t.database.db, {
      get(target, property) {
        if (property === 'select') reads++;
        const value = Reflect.get(target, property, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    let now = Date.now();
    const store: QueueStore = {
      join: vi.fn(),
      find: vi.fn(),
      bind: vi.fn(),
      size: vi.fn(),
    };
    const room = createWaitingRoom({
      db,
      clock: { now: () => new Date(now) },
      store,
      key: Buffer.alloc(32, 1),
      log: { warn: vi.fn(), error: vi.fn() },
    });
    const crowd = () =>
      Promise.all(Array.from({ length: 50 }, () => room.requireAdmission(event.id, undefined, organizer.id)));
    await expect(crowd()).resolves.toHaveLength(50);
    expect(reads).toBe(1);
    now += 1_999;
    await crowd();
    expect(reads).toBe(1);
    now += 1;
    await crowd();
    expect(reads).toBe(2);
  });
});
