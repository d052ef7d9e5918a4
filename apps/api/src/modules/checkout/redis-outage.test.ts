import type { ChildProcess } from 'node:child_process';
import { eq } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { createEvent, createTestApp, createUser, raceMode, sessionCookie, type TestApp } from '../../../test/helpers';
import { freePort, startRedis, stopRedis } from '../../../test/redis';
import { describeWith } from '../../../test/services';
import { tickets } from '../../db/schema';

// Redis carries rate limits and messages between processes; places are PostgreSQL's alone. A
// Redis that goes away in the middle of an on-sale must not sell one place too many, nor refuse
// buyers for anything but the places.
describeWith(['redis-server'], `a Redis that goes away mid-sale${raceMode}`, () => {
  let t: TestApp | undefined;
  let redis: ChildProcess | undefined;
  afterAll(async () => {
    await t?.close();
    await stopRedis(redis);
  });

  it('the sale goes on: every buyer holds a place or is told it is sold out, none oversold', async () => {
    const port = await freePort();
    redis = await startRedis(port);
    t = await createTestApp({ config: { redisUrl: `redis://127.0.0.1:${port}` } });
    const organizer = await createUser(t, { isVerified: true });
    const {
      event,
      tickets: [ticket],
    } = await createEvent(t, organizer.id, {}, [{ priceCents: 2000, quantity: 30 }]);
    const buyers = await Promise.all(Array.from({ length: 80 }, () => createUser(t as TestApp)));
    const cookies = await Promise.all(buyers.map((buyer) => sessionCookie(t as TestApp, buyer.id)));
    const hold = (cookie: string) =>
      (t as TestApp).app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: { cookie },
        payload: { eventId: event.id, lines: [{ ticketId: ticket?.id, quantity: 1 }] },
      });

    const before = await Promise.all(cookies.slice(0, 20).map(hold));
    await stopRedis(redis);
    redis = undefined;
    const after = await Promise.all(cookies.slice(20).map(hold));

    const answers = [...before, ...after].map((r) => `${r.statusCode} ${r.json().code ?? ''}`.trim());
    expect(answers.filter((a) => a === '201')).toHaveLength(30);
    expect(answers.filter((a) => a !== '201')).toEqual(Array.from({ length: 50 }, () => '409 SOLD_OUT'));
    const [row] = await t.database.db
      .select({ held: tickets.held, sold: tickets.sold })
      .from(tickets)
      .where(eq(tickets.id, ticket?.id ?? ''));
    expect(row).toEqual({ held: 30, sold: 0 });
  }, 60_000);
});
