/**
 * bench/dates-page — the event page of an event of 100 dates (issue 32) against a one-date event's
 * page, in the same run: `GET /api/events/{id}` with autocannon at 50 connections, the two pages in
 * turn (BENCH_ROUNDS rounds of BENCH_DURATION seconds each), the cost of a page read as the inverse
 * of its throughput. Both events have the same 5 ticket types; the dated one has 100 dates, two of
 * its tickets linked to some of them, and a pass. Target: the 100-date page costs at most 2 × the
 * one-date page. The application runs in a child process (this file with --serve) so that the load
 * generator does not share its event loop. Settings: DATABASE_URL (a database whose name contains
 * "bench", dropped and made again; default postgres://postgres@127.0.0.1:5432/guichet_bench_dates),
 * DATABASE_POOL_SIZE (10), BENCH_DURATION (5), BENCH_ROUNDS (3), BENCH_DATES (100).
 */
import { type ChildProcess, fork } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { openDatabase } from '../apps/api/src/db/client';
import { eventDates, ticketDates, tickets } from '../apps/api/src/db/schema';
import { ensureReferenceData } from '../apps/api/src/db/seed/reference';
import { paymentConfigFromEnv } from '../apps/api/src/payments';
import { insertEvent, insertOrganiser } from '../apps/api/test/bulk-seed';
import { resetDatabase } from './database';
import { freePort } from './onsale-steps';

const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/guichet_bench_dates';
const POOL = Number(process.env.DATABASE_POOL_SIZE ?? 10);
const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const DATES = Number(process.env.BENCH_DATES ?? 100);
const CONNECTIONS = 50;
const TARGET = 2;
const DAY = 86_400_000;
const here = path.dirname(fileURLToPath(import.meta.url));

async function serve(): Promise<void> {
  const database = await openDatabase({ url, dataDir: 'memory://', poolSize: POOL });
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', RATE_LIMIT_MAX: '100000000' });
  const app = await buildApp({
    config: { ...config, port, publicUrl },
    database,
    payments: paymentConfigFromEnv({ NODE_ENV: 'test', PUBLIC_URL: publicUrl }, 'test'),
    startJobs: false,
  });
  await app.listen({ host: '127.0.0.1', port });
  process.send?.({ base: publicUrl });
  process.on('message', async () => {
    await app.close();
    await database.close();
    process.exit(0);
  });
}

/** Two public events with the same 5 ticket types: one of one date, one of DATES dates. */
async function seed(): Promise<{ oneDate: string; dated: string }> {
  await resetDatabase(url);
  const database = await openDatabase({ url, dataDir: 'memory://', poolSize: 2 });
  await database.migrate();
  await ensureReferenceData(database.db);
  const organizerId = await insertOrganiser(database.db);
  const start = Date.now() + 30 * DAY;
  const make = async (title: string, hours: number) => {
    const eventId = await insertEvent(database.db, { organizerId, title, start, hours });
    const rows = await database.db
      .insert(tickets)
      .values(
        ['Plein tarif', 'Tarif réduit', 'Enfant', 'Carré or', 'Pass'].map((name, position) => ({
          eventId,
          title: name,
          priceCents: 1500 + position * 500,
          quantity: 10_000,
          position,
          isPass: name === 'Pass',
        })),
      )
      .returning();
    return { eventId, rows };
  };
  const oneDate = await make('Une date', 3);
  const dated = await make(`${DATES} dates`, (DATES - 1) * 24 + 3);
  const dates = await database.db
    .insert(eventDates)
    .values(
      Array.from({ length: DATES }, (_, i) => ({
        ...(i === 0 && { id: dated.eventId }),
        eventId: dated.eventId,
        dateBegin: new Date(start + i * DAY),
        dateEnd: new Date(start + i * DAY + 3 * 3_600_000),
        capacity: i % 2 === 0 ? 400 : null,
      })),
    )
    .returning();
  // Two tickets sold for some dates only (weekends, say): their links are read with the page.
  const [, reduced, child] = dated.rows;
  const links = dates.flatMap((date, i) => [
    ...(i % 7 < 2 && reduced ? [{ ticketId: reduced.id, dateId: date.id }] : []),
    ...(i % 2 === 0 && child ? [{ ticketId: child.id, dateId: date.id }] : []),
  ]);
  await database.db.insert(ticketDates).values(links);
  await database.db.execute('analyze');
  await database.close();
  return { oneDate: oneDate.eventId, dated: dated.eventId };
}

async function measure(target: string): Promise<{ rps: number; p99: number }> {
  const result = await autocannon({ url: target, connections: CONNECTIONS, duration: DURATION });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${target}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p99: result.latency.p99 };
}

async function main(): Promise<void> {
  const { oneDate, dated } = await seed();
  const child: ChildProcess = fork(fileURLToPath(import.meta.url), ['--serve'], { execArgv: ['--import', 'tsx'] });
  const base = await new Promise<string>((resolve, reject) => {
    child.once('message', (message) => resolve((message as { base: string }).base));
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  const pages = { one: `${base}/api/events/${oneDate}`, dated: `${base}/api/events/${dated}` };
  const body = (await (await fetch(pages.dated)).json()) as { dates: unknown[] };
  if (body.dates.length !== DATES) throw new Error(`the dated page shows ${body.dates.length} dates`);
  // Warm-up: both pages, code compiled and connections open.
  await autocannon({ url: pages.one, connections: CONNECTIONS, duration: 2 });
  await autocannon({ url: pages.dated, connections: CONNECTIONS, duration: 2 });
  const one: { rps: number; p99: number }[] = [];
  const many: { rps: number; p99: number }[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    one.push(await measure(pages.one));
    many.push(await measure(pages.dated));
  }
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.send('stop');
  });
  const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;
  const oneRps = mean(one.map((r) => r.rps));
  const manyRps = mean(many.map((r) => r.rps));
  const ratio = oneRps / manyRps;
  console.log(
    `dates-page: GET /api/events/{id}, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${DURATION} s in turn`,
  );
  console.log(
    `  one-date page: ${Math.round(oneRps)}/s, p99 ${Math.round(mean(one.map((r) => r.p99)))} ms (5 ticket types)`,
  );
  console.log(
    `  ${DATES}-date page: ${Math.round(manyRps)}/s, p99 ${Math.round(mean(many.map((r) => r.p99)))} ms (5 ticket types, 2 linked to some dates, a pass)`,
  );
  console.log(
    `  ratio ${DATES}-date page / one-date page: ${ratio.toFixed(2)} (cost, the inverse of throughput; target <= ${TARGET}) ${ratio <= TARGET ? 'PASS' : 'ABOVE TARGET'}`,
  );
  mkdirSync(path.join(here, 'results'), { recursive: true });
  writeFileSync(
    path.join(here, 'results', 'dates-page.json'),
    `${JSON.stringify({ dates: DATES, oneDateRps: Math.round(oneRps), datedRps: Math.round(manyRps), ratio: Number(ratio.toFixed(2)) }, null, 2)}\n`,
  );
}

if (process.argv.includes('--serve')) await serve();
else await main();
