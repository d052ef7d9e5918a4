import { type AddressInfo, connect, createServer, type Socket } from 'node:net';
import { fr } from '@guichet/shared';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  createEvent,
  createTestApp,
  createUser,
  sessionCookie,
  type TestApp,
  withTestApp,
} from '../../../test/helpers';
import { listening, openSse, placesOf } from '../../../test/modules/availability/support';
import { guestBuyer, postOrder } from '../../../test/modules/checkout/support';
import { describeWith } from '../../../test/services';
import { useListeningTestApp, useOrganiser } from '../../../test/use-test-app';
import { queryRows } from '../../db/client';
import { orders, shareLinks } from '../../db/schema';
import { reclaimEveryExpiredHold } from '../orders/expired-holds';

/** A new event of `t` with one ticket of 8 places, and a reader of `reader` (now listening) whose stream showed all 8. */
async function watchedTicket(t: TestApp, reader: TestApp = t) {
  const base = await listening(reader.app);
  const { id: organizerId } = await createUser(t, { isVerified: true });
  const { event, tickets } = await createEvent(t, organizerId, {}, [{ priceCents: 900, quantity: 8 }]);
  const ticketId = tickets[0]?.id as string;
  const stream = await openSse(`${base}/api/events/${event.id}/availability/stream`);
  await stream.next((m) => placesOf(m, ticketId) === 8);
  return { event, ticketId, stream };
}

/** The availability stream of a new event of `t`, which now listens: its URL. */
async function newEventStreamUrl(t: TestApp) {
  const base = await listening(t.app);
  const { id: organizerId } = await createUser(t, { isVerified: true });
  const { event } = await createEvent(t, organizerId);
  return `${base}/api/events/${event.id}/availability/stream`;
}

async function hold(t: TestApp, eventId: string, ticketId: string, quantity: number) {
  const buyer = await createUser(t);
  const cookie = await sessionCookie(t, buyer.id);
  const response = await postOrder(t, cookie, { eventId, buyer: guestBuyer(buyer), lines: [{ ticketId, quantity }] });
  expect(response.statusCode, response.body).toBe(201);
  return { id: response.json().id as string, cookie };
}

describe('live availability', () => {
  const t = useListeningTestApp({ config: { logLevel: 'silent' } });
  const organiser = useOrganiser(t);

  it('pushes a hold, a release and a sale within a second', async () => {
    const { event, tickets } = await createEvent(t, organiser.id, {}, [
      { priceCents: 1500, quantity: 12 },
      { priceCents: 0, quantity: 3 },
    ]);
    const [paid, free] = tickets as [(typeof tickets)[0], (typeof tickets)[0]];
    const stream = await openSse(`${t.base}/api/events/${event.id}/availability/stream`);
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toContain('text/event-stream');
    await stream.next((m) => placesOf(m, paid.id) === 12);

    const order = await hold(t, event.id, paid.id, 2);
    await stream.next((m) => placesOf(m, paid.id) === 10);

    const released = await t.app.inject({
      method: 'DELETE',
      url: `/api/orders/${order.id}`,
      headers: { cookie: order.cookie },
    });
    expect(released.statusCode).toBeLessThan(300);
    await stream.next((m) => placesOf(m, paid.id) === 12);

    // A free place is taken at once: sold, not held.
    await hold(t, event.id, free.id, 1);
    const sold = await stream.next((m) => placesOf(m, free.id) === 2);
    expect(sold.tickets.find((ticket) => ticket.id === free.id)?.isSoldOut).toBe(false);
    stream.close();
  });

  it('gives places back at a hold deadline, before anyone reclaims them', async () => {
    const { event, tickets } = await createEvent(t, organiser.id, {}, [{ priceCents: 1000, quantity: 5 }]);
    const ticketId = tickets[0]?.id as string;
    const order = await hold(t, event.id, ticketId, 5);
    await t.database.db
      .update(orders)
      .set({ expiresAt: sql`now() + interval '1500 milliseconds'` })
      .where(eq(orders.id, order.id));
    const stream = await openSse(`${t.base}/api/events/${event.id}/availability/stream`);
    const first = await stream.next(() => true);
    expect(first.tickets[0]).toMatchObject({ placesLeft: 0, isSoldOut: true });
    expect(first.isSoldOut).toBe(true);
    const back = await stream.next((m) => placesOf(m, ticketId) === 5, 2500);
    expect(back.isSoldOut).toBe(false);
    // The reclaim changes the rows but no figure: nothing more is sent.
    const count = stream.messages.length;
    await reclaimEveryExpiredHold(t.database.db, new Date());
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(stream.messages.length).toBe(count);
    stream.close();
  });

  it('follows only the tickets its reader may see', async () => {
    const { event, tickets } = await createEvent(t, organiser.id, { isPublic: false }, [
      { quantity: 4 },
      { quantity: 6, isHidden: true },
    ]);
    const [open, hidden] = tickets as [(typeof tickets)[0], (typeof tickets)[0]];
    const visitor = await openSse(`${t.base}/api/events/${event.id}/availability/stream`);
    expect(visitor.status).toBe(404);
    expect((await t.app.inject({ url: `/api/events/${event.id}/availability` })).statusCode).toBe(404);

    const organizer = await openSse(`${t.base}/api/events/${event.id}/availability/stream`, {
      cookie: await sessionCookie(t, organiser.id),
    });
    expect(organizer.status).toBe(200);
    const seen = await organizer.next(() => true);
    expect(seen.tickets.map((ticket) => ticket.id)).toEqual([open.id]);
    organizer.close();

    await t.database.db
      .insert(shareLinks)
      .values({ key: `cle-${event.id}`, eventId: event.id, ticketIds: [hidden.id] });
    const linked = await t.app.inject({ url: `/api/events/${event.id}/availability?share=cle-${event.id}` });
    expect(linked.statusCode).toBe(200);
    expect(linked.json().tickets.map((ticket: { id: string }) => ticket.id)).toEqual([open.id, hidden.id]);
  });

  it("serves the stream to every client whose Accept admits it (curl's */*, text/*, none)", async () => {
    const { event } = await createEvent(t, organiser.id, {}, [{ quantity: 7 }]);
    const url = `${t.base}/api/events/${event.id}/availability/stream`;
    for (const accept of ['*/*', 'text/*', 'text/event-stream', 'application/json, */*;q=0.1', undefined]) {
      const stream = await openSse(url, { accept });
      expect(stream.status, accept).toBe(200);
      expect(stream.headers['content-type']).toContain('text/event-stream');
      expect((await stream.next(() => true)).tickets[0]?.placesLeft).toBe(7);
      stream.close();
    }
  });

  it('answers a client that accepts no stream, and sends the stream uncompressed', async () => {
    const { event } = await createEvent(t, organiser.id);
    for (const accept of ['application/json', 'text/html', 'text/event-stream;q=0, */*']) {
      const refused = await t.app.inject({ url: `/api/events/${event.id}/availability/stream`, headers: { accept } });
      expect(refused.statusCode, accept).toBe(406);
      expect(refused.json()).toMatchObject({ code: 'NOT_ACCEPTABLE', message: fr.events.streamOnly });
    }
    const stream = await openSse(`${t.base}/api/events/${event.id}/availability/stream`, {
      'accept-encoding': 'br, gzip',
    });
    expect(stream.headers['content-encoding']).toBeUndefined();
    await stream.next(() => true);
    stream.close();
  });
});

describe('live availability: limits and shutdown', () => {
  it('refuses a third stream to one address, and counts a closed one out', async () => {
    await withTestApp({ config: { logLevel: 'silent' }, availability: { maxPerAddress: 2 } }, async (t) => {
      const url = await newEventStreamUrl(t);
      const [one, two] = [await openSse(url), await openSse(url)];
      const third = await openSse(url);
      expect([one.status, two.status, third.status]).toEqual([200, 200, 429]);
      expect(third.headers['content-type']).toContain('application/json');
      one.close();
      await one.ended;
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect((await openSse(url)).status).toBe(200);
    });
  });

  it('refuses a reader past the cap with a 503, and ends its streams when the app closes', async () => {
    const t = await createTestApp({ config: { logLevel: 'silent' }, availability: { maxWatchers: 1 } });
    try {
      const url = await newEventStreamUrl(t);
      const first = await openSse(url);
      await first.next(() => true);
      const second = await openSse(url);
      expect(second.status).toBe(503);
      expect(second.headers['retry-after']).toBe('30');
      const started = Date.now();
      await t.app.close();
      await first.ended;
      expect(Date.now() - started).toBeLessThan(2000);
    } finally {
      await t.database.close();
    }
  });
});

describeWith(['postgres'], 'live availability between processes (PostgreSQL)', () => {
  it('pushes a hold made through one process to the readers of another', async () => {
    const one = await createTestApp({ config: { logLevel: 'silent' } });
    const two = await createTestApp({ config: { logLevel: 'silent' } });
    try {
      const { event, ticketId, stream } = await watchedTicket(one, two);
      await hold(one, event.id, ticketId, 3);
      await stream.next((m) => placesOf(m, ticketId) === 5);
      stream.close();
    } finally {
      await one.close();
      await two.close();
    }
  });

  it('listens again after its connection is cut, and catches up on what it missed', async () => {
    await withTestApp({ config: { logLevel: 'silent' } }, async (t) => {
      const { event, ticketId, stream } = await watchedTicket(t);
      // Every listening connection of this database is cut (a restart, a failover); a hold is made
      // while they are away, and another once they are back.
      const cut = await queryRows<{ done: boolean }>(
        t.database.db,
        sql`select pg_terminate_backend(pid) as done from pg_stat_activity
             where datname = current_database() and query = 'LISTEN "guichet_places"' and pid <> pg_backend_pid()`,
      );
      expect(cut.length).toBeGreaterThan(0);
      await hold(t, event.id, ticketId, 1);
      await stream.next((m) => placesOf(m, ticketId) === 7, 3000);
      await hold(t, event.id, ticketId, 2);
      await stream.next((m) => placesOf(m, ticketId) === 5, 3000);
      stream.close();
    });
  });

  it('keeps pushing when Redis goes away in the middle of a sale', async () => {
    // Redis behind a relay of this test's own, which it cuts when the sale is under way.
    const sockets = new Set<Socket>();
    const relay = createServer((client) => {
      const redis = connect(6379, '127.0.0.1');
      sockets.add(client).add(redis);
      client.pipe(redis).pipe(client);
      client.on('error', () => redis.destroy());
      redis.on('error', () => client.destroy());
    });
    await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
    const redisUrl = `redis://127.0.0.1:${(relay.address() as AddressInfo).port}`;
    const t = await createTestApp({ config: { logLevel: 'silent', redisUrl } });
    try {
      const { event, ticketId, stream } = await watchedTicket(t);
      await hold(t, event.id, ticketId, 1);
      await stream.next((m) => placesOf(m, ticketId) === 7);
      relay.close();
      for (const socket of sockets) socket.destroy();
      await hold(t, event.id, ticketId, 2);
      await stream.next((m) => placesOf(m, ticketId) === 5);
      stream.close();
    } finally {
      relay.close();
      await t.close();
    }
  });
});
