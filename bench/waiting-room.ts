/**
 * bench/waiting-room — 20,000 visitors arrive within 10 s at an on-sale of 2,000 places whose
 * waiting room opens at 5 s and lets 200 buyers a second through (issue 17).
 *
 * Everything goes through the application's HTTP routes (app.inject, one process) on a simulated
 * clock, in 5 ms ticks: each visitor joins the queue at its arrival time (POST …/waiting-room,
 * its own cookie); at its turn it asks its state (GET), the tick before its turn too, and once
 * admitted it holds one place (POST /api/orders) with its admission and an account of its own.
 * The queue is in Redis when REDIS_URL is set, in this process's memory otherwise; the places
 * are decided by PostgreSQL.
 *
 * Printed, each beside what it must be: fairness (the largest arrival-time inversion among
 * admitted visitors: nobody is let through before someone who arrived more than 1 s earlier),
 * the answers that disagreed with the admission rule, the queue's memory (Redis MEMORY USAGE of
 * its keys, or the heap's growth), and the places sold and held against the 2,000 (0 oversold).
 *
 * Settings: DATABASE_URL (a database whose name contains "bench"; default
 * postgres://postgres@127.0.0.1:5432/guichet_bench_waiting_room), REDIS_URL, BENCH_ARRIVALS
 * (20000), BENCH_PLACES (2000), BENCH_RATE (200 a second), BENCH_BUYERS (2400 admitted buyers try).
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { openDatabase } from '../apps/api/src/db/client';
import { tickets } from '../apps/api/src/db/schema';
import { ensureReferenceData } from '../apps/api/src/db/seed/reference';
import { createMemoryQueueStore, queueKeys } from '../apps/api/src/modules/waiting-room/queue-store';
import { admissionCookie, VISITOR_COOKIE } from '../apps/api/src/modules/waiting-room/routes';
import { insertEvent, insertOrganiser, insertSignedInBuyers } from '../apps/api/test/bulk-seed';
import { admittedCount } from '../packages/shared/src/waiting-room/rules';
import { resetDatabase } from './database';

const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/guichet_bench_waiting_room';
const redisUrl = process.env.REDIS_URL || undefined;
const ARRIVALS = Number(process.env.BENCH_ARRIVALS ?? 20_000);
const PLACES = Number(process.env.BENCH_PLACES ?? 2_000);
const RATE = Number(process.env.BENCH_RATE ?? 200);
const BUYERS = Number(process.env.BENCH_BUYERS ?? 2_400);
const ARRIVAL_WINDOW_MS = 10_000;
const OPENS_AFTER_MS = 5_000;
const TICK_MS = 5;
const PER_MINUTE = RATE * 60;

type Visitor = {
  arrivedAt: number;
  cookie: string;
  /** Its 0-based place, from its join answer and the shared rule; when its turn comes. */
  position?: number;
  turnAt?: number;
  admittedAt?: number;
};

async function main() {
  await resetDatabase(url);
  const database = await openDatabase({ url, dataDir: 'memory://', poolSize: 10 });
  await database.migrate();
  await ensureReferenceData(database.db);
  const start = Date.parse('2026-12-01T09:00:00Z');
  let now = start;
  const clock = { now: () => new Date(now) };
  const onsaleAt = start + OPENS_AFTER_MS;

  const eventId = await insertEvent(database.db, {
    organizerId: await insertOrganiser(database.db),
    title: 'Mise en vente avec file',
    start: start + 30 * 86_400_000,
    onsaleAt: new Date(onsaleAt),
    admissionPerMinute: PER_MINUTE,
  });
  const [ticket] = await database.db
    .insert(tickets)
    .values({ eventId, title: 'Fosse', priceCents: 2500, quantity: PLACES })
    .returning();
  const sessionCookies = (await insertSignedInBuyers(database.db, BUYERS, new Date(start + 86_400_000))).map(
    (buyer) => buyer.cookie,
  );

  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', RATE_LIMIT_MAX: '1000000' });
  const app = await buildApp({ config: { ...config, redisUrl }, database, clock });
  await app.ready();
  const redis = redisUrl ? (await import('ioredis')).Redis : undefined;
  const inspector = redis && redisUrl ? new redis(redisUrl) : undefined;

  const visitors: Visitor[] = Array.from({ length: ARRIVALS }, () => ({
    arrivedAt: start + Math.random() * ARRIVAL_WINDOW_MS,
    cookie: '',
  })).sort((a, b) => a.arrivedAt - b.arrivedAt);
  const roomPath = `/api/events/${eventId}/waiting-room`;
  const cookieOf = (response: LightMyRequestResponse, name: string) =>
    response.cookies.find((c) => c.name === name)?.value;
  const turnOf = (position: number) => onsaleAt + Math.ceil((position * 60_000) / PER_MINUTE);

  let disagreements = 0;
  let sold = 0;
  let soldOut = 0;
  let otherRefusals = 0;
  let buyersUsed = 0;
  const turns: Visitor[] = [];
  let nextArrival = 0;
  const began = performance.now();

  // Redis connects after the application is built: its first answers would be 503s.
  for (let attempt = 0; attempt < 100; attempt++) {
    const probe = await app.inject({
      method: 'GET',
      url: roomPath,
      headers: { cookie: `${VISITOR_COOKIE}=${'p'.repeat(22)}` },
    });
    if (probe.statusCode === 200) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  let failedJoins = 0;
  const join = async (visitor: Visitor) => {
    const answer = await app.inject({ method: 'POST', url: roomPath });
    if (answer.statusCode !== 200) failedJoins++;
    visitor.cookie = `${VISITOR_COOKIE}=${cookieOf(answer, VISITOR_COOKIE)}`;
    const body = answer.json() as { state: string; position: number | null };
    // The place as a number of arrivals: the shown one counts from those still waiting.
    const admitted = admittedCount(new Date(onsaleAt), PER_MINUTE, new Date(now));
    visitor.position = body.state === 'admitted' ? -1 : (body.position ?? 0) - 1 + admitted;
    visitor.turnAt = body.state === 'admitted' ? now : Math.max(turnOf(visitor.position), now);
  };
  const ask = async (visitor: Visitor, expected: 'waiting' | 'admitted') => {
    const answer = await app.inject({ method: 'GET', url: roomPath, headers: { cookie: visitor.cookie } });
    if (answer.json().state !== expected) disagreements++;
    return answer;
  };
  const hold = async (visitor: Visitor, admission: string | undefined) => {
    const session = sessionCookies[buyersUsed++] ?? '';
    const answer = await app.inject({
      method: 'POST',
      url: '/api/orders',
      payload: { eventId, lines: [{ ticketId: ticket?.id, quantity: 1 }] },
      headers: { cookie: `${visitor.cookie}; ${admissionCookie(eventId)}=${admission}; ${session}` },
    });
    if (answer.statusCode === 201) sold++;
    else if (answer.statusCode === 409) soldOut++;
    else otherRefusals++;
  };

  for (now = start; nextArrival < visitors.length || turns.length < BUYERS; now += TICK_MS) {
    const work: Promise<unknown>[] = [];
    while (nextArrival < visitors.length && (visitors[nextArrival]?.arrivedAt ?? 0) < now + TICK_MS) {
      work.push(join(visitors[nextArrival++] as Visitor));
    }
    await Promise.all(work);
    // Whose turn comes next, in the order of their places (the queue's order, not the arrivals').
    const waiting = visitors
      .slice(0, nextArrival)
      .filter((v) => v.admittedAt === undefined && (v.turnAt ?? Number.POSITIVE_INFINITY) < now + 2 * TICK_MS);
    const checks: Promise<unknown>[] = [];
    for (const visitor of waiting) {
      if ((visitor.turnAt ?? 0) > now) {
        checks.push(ask(visitor, 'waiting'));
        continue;
      }
      if (turns.length >= BUYERS) continue;
      visitor.admittedAt = now;
      turns.push(visitor);
      checks.push(ask(visitor, 'admitted').then((answer) => hold(visitor, cookieOf(answer, admissionCookie(eventId)))));
    }
    await Promise.all(checks);
    if (now - start > 120_000) break;
  }

  // Fairness: going through the admitted in their order, how much earlier had someone still
  // waiting arrived than the one let through.
  let inversion = 0;
  // Let through in the same tick counts as at the same time.
  const admittedByTurn = [...turns].sort(
    (a, b) => (a.admittedAt ?? 0) - (b.admittedAt ?? 0) || a.arrivedAt - b.arrivedAt,
  );
  const admittedSet = new Set(admittedByTurn);
  const stillWaiting = visitors.filter((v) => !admittedSet.has(v));
  const earliestWaiting = stillWaiting[0]?.arrivedAt ?? Number.POSITIVE_INFINITY;
  for (const visitor of admittedByTurn) inversion = Math.max(inversion, visitor.arrivedAt - earliestWaiting);
  let latestArrival = Number.NEGATIVE_INFINITY;
  for (const visitor of admittedByTurn) {
    inversion = Math.max(inversion, latestArrival - visitor.arrivedAt);
    latestArrival = Math.max(latestArrival, visitor.arrivedAt);
  }
  // A sample of those still waiting at the end asks too: none of them may have been let through.
  const notYet = stillWaiting.filter((v) => (v.turnAt ?? 0) > now);
  const sample = notYet.filter((_, i) => i % Math.max(1, Math.floor(notYet.length / 500)) === 0);
  await Promise.all(sample.map((visitor) => ask(visitor, 'waiting')));

  const [row] = await database.db
    .select()
    .from(tickets)
    .where(eq(tickets.id, ticket?.id ?? ''));
  const taken = (row?.sold ?? 0) + (row?.held ?? 0);
  let memory: string;
  let memoryOk: boolean;
  if (inspector) {
    const keys = queueKeys(eventId);
    let bytes = 0;
    for (const key of Object.values(keys))
      bytes += Number((await inspector.call('MEMORY', 'USAGE', key, 'SAMPLES', '0')) ?? 0);
    const size = await inspector.hlen(keys.entries);
    memory = `${(bytes / 1024 / 1024).toFixed(2)} MB in Redis for ${size} places (${Math.round(bytes / size)} B each)`;
    memoryOk = bytes / size <= 256;
    inspector.disconnect();
  } else {
    // The heap of the whole sale is mostly the bench's and the framework's: the queue's own share
    // is measured on a store of the same code filled with as many places, between two collections.
    const store = createMemoryQueueStore();
    globalThis.gc?.();
    const before = process.memoryUsage().heapUsed;
    for (let i = 0; i < ARRIVALS; i++) {
      await store.join(eventId, randomBytes(16).toString('base64url'), { floor: 0, now: start, replace: false });
    }
    globalThis.gc?.();
    const bytes = process.memoryUsage().heapUsed - before;
    memory = `${(bytes / 1024 / 1024).toFixed(2)} MB of heap for ${await store.size(eventId)} places (${Math.round(bytes / ARRIVALS)} B each)${globalThis.gc ? '' : ' (without --expose-gc: rough)'}`;
    memoryOk = bytes / ARRIVALS <= 512;
  }
  const seconds = (performance.now() - began) / 1000;
  const lastTurn = Math.max(0, ...turns.map((v) => (v.admittedAt ?? onsaleAt) - onsaleAt));
  const line = (label: string, value: string, target: string, ok: boolean) =>
    console.log(`${ok ? 'ok  ' : 'FAIL'} ${label.padEnd(34)} ${value.padEnd(52)} must be ${target}`);
  console.log(
    `\nbench/waiting-room: ${ARRIVALS} arrivals within ${ARRIVAL_WINDOW_MS / 1000} s, ${PLACES} places, ${RATE}/s from ${OPENS_AFTER_MS / 1000} s, queue ${redisUrl ? 'in Redis' : 'in memory'} (${seconds.toFixed(1)} s of real time)\n`,
  );
  line('fairness (largest inversion)', `${(inversion / 1000).toFixed(3)} s`, '<= 1 s', inversion <= 1000);
  line('joins refused', String(failedJoins), '0', failedJoins === 0);
  line('answers against the rule', String(disagreements), '0', disagreements === 0);
  line(
    'admitted, in simulated time',
    `${turns.length} by ${(lastTurn / 1000).toFixed(2)} s after opening`,
    `${RATE}/s`,
    Math.abs(turns.length - RATE * (lastTurn / 1000)) <= RATE / 10,
  );
  line('queue memory', memory, redisUrl ? '<= 256 B a place' : '<= 512 B a place', memoryOk);
  line(
    'places held through PostgreSQL',
    `${taken} (${sold} holds, ${soldOut} sold out, ${otherRefusals} other)`,
    `${PLACES}, 0 oversold`,
    taken === PLACES && sold === PLACES && otherRefusals === 0,
  );
  line('oversold', String(Math.max(0, taken - PLACES)), '0', taken <= PLACES);
  await app.close();
  await database.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
