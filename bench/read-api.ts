/**
 * bench/read-api — throughput of `GET /api/events` with 1,000 public events on PostgreSQL,
 * as a ratio of a bare Fastify route that answers a constant JSON, measured in the same run.
 * Target: ratio >= 0.5. See bench/README.md.
 *
 * Two processes, so that the load generator and the servers do not share one event loop:
 * - this process (the parent) runs autocannon and prints the report;
 * - a child process (this same file, forked with `--serve`) resets and seeds the database,
 *   starts the real application and the reference servers, then waits to be told to stop.
 *
 * Settings (environment):
 *   DATABASE_URL        PostgreSQL to use (default postgres://postgres@127.0.0.1:5432/guichet_bench).
 *                       Its database is DROPPED and recreated at each run; to protect real data, a
 *                       database whose name does not contain "bench" is refused unless
 *                       BENCH_RESET_DATABASE=1.
 *   DATABASE_POOL_SIZE  pool size of the application (as in production; default 10).
 *   BENCH_DURATION      seconds of each measured run (default 10).
 */
import { type ChildProcess, fork } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { type Database, type DatabaseHandle, openDatabase } from '../apps/api/src/db/client';
import { events, eventTypes, tickets, users } from '../apps/api/src/db/schema';
import { ensureReferenceData } from '../apps/api/src/db/seed/reference';
import { findListedEventsJson } from '../apps/api/src/modules/events/repository';
import { paymentConfigFromEnv } from '../apps/api/src/payments';
import { resetDatabase } from './database';

const EVENT_COUNT = 1000;
const CONNECTIONS = 50;
const WARMUP_SECONDS = 2;
const TARGET_RATIO = 0.5;
const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/guichet_bench';
const DAY = 86_400_000;

const here = path.dirname(fileURLToPath(import.meta.url));

/** What the server process tells the load generator once everything listens. */
type ReadyMessage = {
  type: 'ready';
  /** The real application: GET /api/events. */
  realUrl: string;
  /** Bare Fastify answering the very same JSON string as the real endpoint (the reference that counts). */
  sameBodyUrl: string;
  /** Bare Fastify answering `{"ok":true}` (for information only). */
  tinyUrl: string;
  eventCount: number;
  bodyBytes: number;
  poolSize: number;
  /** Mean time of the listing query alone, called sequentially from Node (ms). */
  sqlMeanMs: number;
};

type StopMessage = { type: 'stop' };

// ---------------------------------------------------------------------------------------------
// Server process
// ---------------------------------------------------------------------------------------------

/** 1,000 public future events of one organiser, 1–3 tickets each (some free), in a few statements. */
async function seed(db: Database): Promise<void> {
  const [organizer] = await db
    .insert(users)
    .values({
      email: 'organisateur@bench.guichet.test',
      passwordHash: 'not-a-real-hash (nobody logs in during the benchmark)',
      firstName: 'Claire',
      lastName: 'Banc-Dessai',
      birthDate: '1988-03-14',
      isVerified: true,
      termsVersionAccepted: 1,
    })
    .returning({ id: users.id });
  if (!organizer) throw new Error('organiser not created');

  const typeIds = (await db.select({ id: eventTypes.id }).from(eventTypes)).map((row) => row.id);
  const start = Date.now() + DAY;
  const eventRows = Array.from({ length: EVENT_COUNT }, (_, i) => {
    // Spread over about two years, at varied hours.
    const dateBegin = new Date(start + Math.floor(i * 0.7 * DAY) + (i % 12) * 3_600_000);
    return {
      organizerId: organizer.id,
      title: `Soirée d'essai n° ${i + 1} — ${['Toulouse', 'Lyon', 'Nantes', 'Lille', 'Bordeaux'][i % 5]}`,
      description: `Description de l'événement ${i + 1}. `.repeat(8),
      address: `${(i % 90) + 1} rue de la République, 31000 Toulouse`,
      latitude: 43.6 + (i % 100) / 1000,
      longitude: 1.44 + (i % 100) / 1000,
      typeId: typeIds.length > 0 ? typeIds[i % typeIds.length] : null,
      dateBegin,
      dateEnd: new Date(dateBegin.getTime() + (2 + (i % 6)) * 3_600_000),
      isPublic: true,
      bannerPath: i % 3 === 0 ? `banners/bench-${i}.webp` : null,
    };
  });
  const created = await db.insert(events).values(eventRows).returning({ id: events.id });

  const ticketRows = created.flatMap(({ id }, i) => {
    const count = (i % 3) + 1;
    const free = i % 4 === 0; // a quarter of the events are free
    return Array.from({ length: count }, (_, position) => ({
      eventId: id,
      title: ['Entrée', 'Tarif réduit', 'Carré or'][position] ?? `Billet ${position + 1}`,
      priceCents: free ? 0 : ([1500, 800, 4500][position] ?? 1000),
      quantity: 200,
      position,
    }));
  });
  for (let offset = 0; offset < ticketRows.length; offset += 1000) {
    await db.insert(tickets).values(ticketRows.slice(offset, offset + 1000));
  }
}

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address() as AddressInfo;
  return `http://127.0.0.1:${address.port}`;
}

function constantJsonServer(body: string): FastifyInstance {
  const app = Fastify({ logger: false });
  app.get('/', async (_request, reply) => reply.type('application/json; charset=utf-8').send(body));
  return app;
}

async function serve(): Promise<void> {
  const send = (message: ReadyMessage) => process.send?.(message);
  const url = process.env.DATABASE_URL || DEFAULT_DATABASE_URL;
  await resetDatabase(url);

  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATABASE_URL: url,
    DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE,
  });
  const database: DatabaseHandle = await openDatabase({
    url,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
  });
  await database.migrate();
  await ensureReferenceData(database.db);
  await seed(database.db);
  await database.db.execute('analyze');

  // Production settings, except payments: the listing takes none, and production has no sandbox bank.
  const payments = paymentConfigFromEnv({ NODE_ENV: 'test', PUBLIC_URL: config.publicUrl }, 'test');
  const app = await buildApp({ config, database, payments, serveWeb: false });
  const base = await listen(app);
  const realUrl = `${base}/api/events`;

  // The body the real endpoint answers, checked, then served as is by the reference.
  const response = await fetch(realUrl);
  const body = await response.text();
  if (response.status !== 200) throw new Error(`GET /api/events answered ${response.status}: ${body.slice(0, 200)}`);
  const eventCount = (JSON.parse(body) as unknown[]).length;
  if (eventCount !== EVENT_COUNT) throw new Error(`GET /api/events returned ${eventCount} events, not ${EVENT_COUNT}`);

  // The SQL query alone, sequentially, for the diagnosis (not part of the ratio).
  const sqlRuns = 50;
  for (let i = 0; i < 5; i++) await findListedEventsJson(database.db, 'all', new Date());
  const sqlStart = performance.now();
  for (let i = 0; i < sqlRuns; i++) await findListedEventsJson(database.db, 'all', new Date());
  const sqlMeanMs = (performance.now() - sqlStart) / sqlRuns;

  const sameBody = constantJsonServer(body);
  const tiny = constantJsonServer('{"ok":true}');
  const sameBodyUrl = `${await listen(sameBody)}/`;
  const tinyUrl = `${await listen(tiny)}/`;

  process.on('message', (message: StopMessage) => {
    if (message.type !== 'stop') return;
    void (async () => {
      await Promise.all([sameBody.close(), tiny.close(), app.close()]);
      await database.close();
      process.disconnect();
    })();
  });
  send({
    type: 'ready',
    realUrl,
    sameBodyUrl,
    tinyUrl,
    eventCount,
    bodyBytes: Buffer.byteLength(body),
    poolSize: config.databasePoolSize,
    sqlMeanMs,
  });
}

// ---------------------------------------------------------------------------------------------
// Load generator
// ---------------------------------------------------------------------------------------------

type Figures = {
  url: string;
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  latencyMaxMs: number;
  requests: number;
  bytesPerSecond: number;
  non2xx: number;
  errors: number;
  timeouts: number;
};

async function measure(url: string, duration: number): Promise<Figures> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration });
  return {
    url,
    requestsPerSecond: result.requests.average,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    latencyMaxMs: result.latency.max,
    requests: result.requests.total,
    bytesPerSecond: result.throughput.average,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

function startServerProcess(): { child: ChildProcess; ready: Promise<ReadyMessage> } {
  // Same file, same loader flags (tsx) as this process.
  const child = fork(fileURLToPath(import.meta.url), ['--serve'], { stdio: 'inherit' });
  const ready = new Promise<ReadyMessage>((resolve, reject) => {
    child.once('message', (message: ReadyMessage) => resolve(message));
    child.once('exit', (code) => reject(new Error(`the server process stopped early (exit code ${code})`)));
  });
  return { child, ready };
}

function stopServerProcess(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || !child.connected) return resolve();
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.send({ type: 'stop' } satisfies StopMessage);
  });
}

const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits });
const line = (label: string, f: Figures) =>
  `  ${label.padEnd(42)}${fmt(f.requestsPerSecond).padStart(8)} req/s, p99 ${fmt(f.latencyP99Ms, 1)} ms` +
  ` (p50 ${fmt(f.latencyP50Ms, 1)} ms)`;

async function main(): Promise<number> {
  const duration = Number(process.env.BENCH_DURATION ?? 10);
  if (!Number.isFinite(duration) || duration <= 0) throw new Error('BENCH_DURATION must be a positive number');

  // Bounded in time whatever happens: seeding + 3 warm-ups + 3 runs, with a generous margin.
  const watchdog = setTimeout(
    () => {
      console.error('read-api: took too long, giving up');
      process.exit(2);
    },
    (120 + 3 * (WARMUP_SECONDS + duration) * 2) * 1000,
  );
  watchdog.unref();

  const { child, ready } = startServerProcess();
  try {
    const info = await ready;
    console.log(
      `read-api: seeded ${info.eventCount} events; body ${fmt(info.bodyBytes / 1024, 1)} KiB; ` +
        `pool ${info.poolSize}; ${CONNECTIONS} connections, ${duration} s per run`,
    );

    for (const url of [info.sameBodyUrl, info.realUrl, info.tinyUrl]) await measure(url, WARMUP_SECONDS);
    // One after the other, never at the same time.
    const reference = await measure(info.sameBodyUrl, duration);
    const real = await measure(info.realUrl, duration);
    const tiny = await measure(info.tinyUrl, duration);

    const ratio = real.requestsPerSecond / reference.requestsPerSecond;
    const pass = ratio >= TARGET_RATIO;
    const problems = [reference, real, tiny]
      .filter((f) => f.non2xx > 0 || f.errors > 0 || f.timeouts > 0)
      .map((f) => `${f.url}: ${f.non2xx} non-2xx, ${f.errors} errors, ${f.timeouts} timeouts`);

    console.log('');
    console.log(`read-api: GET /api/events (${info.eventCount} events, PostgreSQL)`);
    console.log(line('reference (bare Fastify, same JSON body):', reference));
    console.log(line('guichet GET /api/events:', real));
    console.log(`  ratio: ${ratio.toFixed(2)} (target >= ${TARGET_RATIO})  ${pass ? 'PASS' : 'BELOW TARGET'}`);
    console.log('');
    console.log('  for information (not part of the ratio):');
    console.log(line('bare Fastify, tiny {"ok":true}:', tiny));
    console.log(
      `  guichet / tiny body: ${(real.requestsPerSecond / tiny.requestsPerSecond).toFixed(3)}` +
        ' (mostly measures the cost of sending the body, hence not the target)',
    );
    console.log(`  listing SQL alone, sequential: ${fmt(info.sqlMeanMs, 2)} ms per query`);
    if (problems.length > 0) console.error(`\nread-api: FAILED, bad responses:\n  ${problems.join('\n  ')}`);

    const resultsDir = path.join(here, 'results');
    mkdirSync(resultsDir, { recursive: true });
    const file = path.join(resultsDir, 'read-api.json');
    const report = {
      benchmark: 'read-api',
      date: new Date().toISOString(),
      node: process.version,
      events: info.eventCount,
      bodyBytes: info.bodyBytes,
      poolSize: info.poolSize,
      connections: CONNECTIONS,
      durationSeconds: duration,
      reference,
      real,
      tinyReference: tiny,
      ratio,
      target: TARGET_RATIO,
      pass,
      sqlMeanMs: info.sqlMeanMs,
      problems,
    };
    writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
    console.log(`\n  figures written to ${path.relative(process.cwd(), file)}`);
    // The exit code says whether the measurement is valid; a ratio below target is reported, not failed.
    return problems.length > 0 ? 1 : 0;
  } finally {
    await stopServerProcess(child);
  }
}

if (process.argv.includes('--serve')) {
  serve().catch((error: unknown) => {
    console.error('read-api server process:', error);
    process.exit(1);
  });
} else {
  main().then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error('read-api:', error instanceof Error ? error.message : error);
      process.exitCode = 1;
    },
  );
}
