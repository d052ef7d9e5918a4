import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, createTestApp, createUser, type TestApp, withTestApp } from '../../../test/helpers';
import type { Database } from '../../db/client';
import { tickets } from '../../db/schema';
import { systemClock } from '../../lib/clock';
import { createAvailabilityHub } from './hub';
import { createVisitorViews } from './service';

/** The database, counting the statements sent through it. */
function counting(db: Database) {
  const counter = { statements: 0 };
  const proxy = new Proxy(db, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (property !== 'execute') return value;
      return (...args: unknown[]) => {
        counter.statements++;
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return { db: proxy as Database, counter };
}

describe('availability hub', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { logLevel: 'silent' } });
  });
  afterAll(async () => t?.close());

  it('reads an event once per change for its 1,000 readers, and pushes only what changed', async () => {
    const { id: organizerId } = await createUser(t, { isVerified: true });
    const { event, tickets: rows } = await createEvent(t, organizerId, {}, [{ quantity: 50 }, { quantity: 20 }]);
    const [first, second] = rows as [(typeof rows)[0], (typeof rows)[0]];
    const { db, counter } = counting(t.database.db);
    const hub = createAvailabilityHub({ db, clock: systemClock, listen: t.database.listen, minIntervalMs: 100 });
    try {
      const received: string[][] = [];
      const everything = new Set([first.id, second.id]);
      const onlyFirst = new Set([first.id]);
      const watchers = await Promise.all(
        Array.from({ length: 1000 }, (_, index) => {
          const inbox: string[] = [];
          received.push(inbox);
          return hub.watch(event.id, {
            visible: index % 2 ? everything : onlyFirst,
            push: (json) => inbox.push(json),
            close: () => {},
          });
        }),
      );
      // The first reader's read serves the 999 others.
      expect(counter.statements).toBe(1);
      expect(JSON.parse(watchers[0]?.view() ?? '').tickets).toHaveLength(1);
      expect(JSON.parse(watchers[1]?.view() ?? '').tickets).toHaveLength(2);

      // Three changes in a burst: the first is read at once, the two others together after it.
      for (let i = 0; i < 3; i++) {
        await t.database.db
          .update(tickets)
          .set({ sold: sql`${tickets.sold} + 1` })
          .where(eq(tickets.id, first.id));
      }
      await until(() => received.every((inbox) => inbox.at(-1)?.includes('"placesLeft":47')));
      expect(counter.statements).toBeLessThanOrEqual(3);
      const reads = counter.statements;

      // A change of rows that moves no figure sends nothing; an event nobody follows costs nothing.
      await t.database.db
        .update(tickets)
        .set({ sold: sql`${tickets.sold}` })
        .where(eq(tickets.id, first.id));
      const other = await createEvent(t, organizerId);
      await t.database.db
        .update(tickets)
        .set({ sold: 1 })
        .where(eq(tickets.id, other.tickets[0]?.id ?? ''));
      const before = received.map((inbox) => inbox.length);
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(counter.statements).toBe(reads);
      expect(received.map((inbox) => inbox.length)).toEqual(before);

      for (const watcher of watchers) watcher.stop();
      expect(hub.stats()).toMatchObject({ events: 0, watchers: 0 });
    } finally {
      await hub.close();
    }
  });
});

describe('visitor views', () => {
  it('reads an event once for its visitors, and each time for signed-in readers', async () => {
    await withTestApp({ config: { logLevel: 'silent' } }, async (t) => {
      const organizer = await createUser(t, { isVerified: true });
      const { event } = await createEvent(t, organizer.id);
      const { db, counter } = counting(t.database.db);
      const views = createVisitorViews({ db, clock: systemClock, config: t.config });
      await views(event.id, null);
      const once = counter.statements;
      expect(once).toBeGreaterThan(0);
      await Promise.all(Array.from({ length: 50 }, () => views(event.id, null)));
      expect(counter.statements).toBe(once);
      await views(event.id, organizer);
      expect(counter.statements).toBeGreaterThan(once);
    });
  });
});

async function until(test: () => boolean, timeoutMs = 1000): Promise<void> {
  const started = Date.now();
  while (!test()) {
    if (Date.now() - started > timeoutMs) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
