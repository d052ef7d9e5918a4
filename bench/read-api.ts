/**
 * bench/read-api — the event list at scale: `GET /api/events` with 100,000 public events on
 * PostgreSQL, four ways (the first page, a filtered page, a text search, a page deep in the
 * cursor), each beside a bare Fastify route answering the very same bytes, measured in the same
 * run. Targets: each at least 0.6 of its reference; the text search's p99 under 50 ms at 50
 * connections. It also prints the query plan of every filter (each must use an index) and a
 * search no cache has seen (a different query each request) beside the cached first page
 * (issue 34: at least 0.1 of its throughput, p99 at most 10 times its p99). See bench/README.md.
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
 *   BENCH_EVENTS        events seeded (default 100000).
 */
import { type ChildProcess, fork } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { type Database, type DatabaseHandle, openDatabase, queryRows } from '../apps/api/src/db/client';
import { ensureReferenceData } from '../apps/api/src/db/seed/reference';
import { createCursorCodec } from '../apps/api/src/modules/events/cursor';
import {
  explainListingPage,
  findListingPage,
  type ListingFilter,
} from '../apps/api/src/modules/events/listing.repository';
import { cursorKeyFrom, searchQuery } from '../apps/api/src/modules/events/listing.service';
import { loadTicketKeys } from '../apps/api/src/modules/ticket-codes/keys';
import { paymentConfigFromEnv } from '../apps/api/src/payments';
import { resetDatabase } from './database';
import { runBench } from './run-bench';

const EVENT_COUNT = Number(process.env.BENCH_EVENTS ?? 100_000);
const CONNECTIONS = 50;
const WARMUP_SECONDS = 2;
const TARGET_RATIO = 0.6;
const TARGET_SEARCH_P99_MS = 50;
/** Issue 34: a search no cache has seen, beside the cached first page of the same run. */
const TARGET_UNCACHED_RATIO = 0.1;
const TARGET_UNCACHED_P99_FACTOR = 10;
const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/guichet_bench';
const DEEP_POSITION = Math.floor(EVENT_COUNT / 2);

const here = path.dirname(fileURLToPath(import.meta.url));

/** One way of reading the list: the real URL and a reference answering its exact bytes. */
type Scenario = { name: string; realUrl: string; sameBodyUrl: string; bodyBytes: number; items: number };

/** What the server process tells the load generator once everything listens. */
type ReadyMessage = {
  type: 'ready';
  scenarios: Scenario[];
  /** Base of the real application, for the uncached search. */
  base: string;
  eventCount: number;
  poolSize: number;
  seedSeconds: number;
  /** The plan of each filter, as PostgreSQL chose it. */
  plans: { name: string; plan: string; usesIndex: boolean }[];
  /** Mean time of the text-search query alone, called sequentially from Node (ms). */
  searchSqlMeanMs: number;
};

type StopMessage = { type: 'stop' };

// ---------------------------------------------------------------------------------------------
// Server process
// ---------------------------------------------------------------------------------------------

const CITIES = [
  ['31000 Toulouse', 43.6045, 1.444],
  ['69002 Lyon', 45.7578, 4.832],
  ['44000 Nantes', 47.2184, -1.5536],
  ['59000 Lille', 50.6292, 3.0573],
  ['33000 Bordeaux', 44.8378, -0.5792],
  ['75011 Paris', 48.8566, 2.3522],
  ['13001 Marseille', 43.2965, 5.3698],
  ['67000 Strasbourg', 48.5734, 7.7521],
  ['34000 Montpellier', 43.6108, 3.8767],
  ['35000 Rennes', 48.1173, -1.6778],
] as const;

/**
 * 100,000 public events of 20 organisers over about two years, in ten cities, every category,
 * titles and descriptions from a French vocabulary, 1 to 3 tickets each (a quarter free). Made
 * by PostgreSQL itself (generate_series): the triggers fill the search document and the prices.
 */
async function seed(db: Database): Promise<void> {
  await db.execute(sql`
    insert into users (email, password_hash, first_name, last_name, birth_date, is_verified, terms_version_accepted)
    select 'organisateur' || i || '@bench.guichet.test', 'not-a-real-hash (nobody logs in)',
           (array['Claire','Hélène','Théo','Inès','Lucas','Zoé','Émile','Chloé','Noé','Léa'])[1 + i % 10],
           (array['Banc-Dessai','Dupré','Lefèvre','Moreau','Girard','Rousseau','Bénard','Faure','Mercier','Lambert'])[1 + (i / 2) % 10],
           '1988-03-14', true, 1
      from generate_series(0, 19) i`);
  // PostgreSQL array literals: drizzle would spread a JavaScript array into a list of values.
  const cities = `{${CITIES.map(([label]) => `"${label}"`).join(',')}}`;
  const lats = `{${CITIES.map(([, lat]) => lat).join(',')}}`;
  const lons = `{${CITIES.map(([, , lon]) => lon).join(',')}}`;
  await db.execute(sql`
    with o as (select array_agg(id order by email) ids from users where email like '%@bench.guichet.test'),
         t as (select array_agg(id order by id) ids from event_types)
    insert into events (organizer_id, title, description, address, latitude, longitude, type_id,
                        date_begin, date_end, is_public, banner_path)
    select o.ids[1 + i % 20],
           (array['Concert','Soirée','Festival','Atelier','Conférence','Spectacle','Tournoi','Gala','Exposition','Marché'])[1 + i % 10]
             || ' ' || (array['jazz','rock','électro','théâtre','poésie','cinéma','danse','gastronomie','sciences','jeux vidéo','photographie','humour'])[1 + (i / 10) % 12]
             || ' n° ' || i,
           'Une rencontre autour de ' || (array['la musique','la scène','la fête','la création','la découverte','l''été','l''hiver'])[1 + i % 7]
             || ', avec des invités, un bar et des surprises. ' || repeat('Entrée libre dans la limite des places disponibles. ', 1 + i % 4),
           (1 + i % 90) || ' rue de la République, ' || (${cities}::text[])[1 + (i / 7) % 10],
           (${lats}::float8[])[1 + (i / 7) % 10] + ((i::bigint * 7919) % 200 - 100) / 2000.0,
           (${lons}::float8[])[1 + (i / 7) % 10] + ((i::bigint * 104729) % 200 - 100) / 2000.0,
           t.ids[1 + i % array_length(t.ids, 1)],
           now() + interval '1 day' + (i * 630.0 / ${EVENT_COUNT}) * interval '1 day' + (i % 12) * interval '1 hour',
           now() + interval '1 day' + (i * 630.0 / ${EVENT_COUNT}) * interval '1 day' + (i % 12 + 2 + i % 6) * interval '1 hour',
           true,
           case when i % 3 = 0 then 'events/bench/event-flyer-' || lpad(to_hex(i), 8, '0') || '.jpg' end
      from generate_series(0, ${EVENT_COUNT - 1}) i, o, t`);
  await db.execute(sql`
    insert into tickets (event_id, title, price_cents, quantity, position)
    select e.id,
           (array['Entrée','Tarif réduit','Carré or'])[1 + k],
           case when e.n % 4 = 0 then 0 else (array[1500, 800, 4500])[1 + k] end,
           200, k
      from (select id, row_number() over (order by date_begin, id) n from events) e,
           generate_series(0, 2) k
     where k <= e.n % 3`);
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

const baseFilter: ListingFilter = {
  price: 'all',
  window: null,
  typeId: null,
  city: null,
  search: null,
  near: null,
  after: null,
  limit: 24,
};

async function serve(): Promise<void> {
  const send = (message: ReadyMessage) => process.send?.(message);
  const url = process.env.DATABASE_URL || DEFAULT_DATABASE_URL;
  await resetDatabase(url);

  // Production settings; the ticket key (which also signs the list's cursors) made for the run.
  const signingKey = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  // Read as a test configuration (production would also ask for mail and payment settings that
  // the list never uses), then run as production: no development mailbox, logs off.
  const config = {
    ...loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: url,
      DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE,
      TICKET_SIGNING_KEY: signingKey,
    }),
    env: 'production' as const,
  };
  const database: DatabaseHandle = await openDatabase({
    url,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
  });
  await database.migrate();
  await ensureReferenceData(database.db);
  const seedStart = performance.now();
  await seed(database.db);
  await database.db.execute('vacuum analyze');
  const seedSeconds = (performance.now() - seedStart) / 1000;

  // Production settings, except payments: the listing takes none, and production has no sandbox bank.
  const payments = paymentConfigFromEnv({ NODE_ENV: 'test', PUBLIC_URL: config.publicUrl }, 'test');
  const app = await buildApp({ config, database, payments, serveWeb: false });
  const base = await listen(app);

  // A cursor in the middle of the list, made as the server makes them.
  const cursors = createCursorCodec(
    cursorKeyFrom(loadTicketKeys(config).privateKey.export({ type: 'pkcs8', format: 'der' })),
  );
  const [deep] = await queryRows<{ begin: string; id: string }>(
    database.db,
    sql`select to_char(date_begin at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as begin, id::text
          from events order by date_begin, id offset ${DEEP_POSITION} limit 1`,
  );
  if (!deep) throw new Error('no event in the middle of the list');
  const deepCursor = cursors.encode({ dateBegin: deep.begin, id: deep.id });
  // A category that has free events in Lyon, read from the seeded data: which one does depends on
  // how many categories the reference data holds.
  const [lyon] = await queryRows<{ typeId: number }>(
    database.db,
    sql`select type_id as "typeId" from events where city = 'Lyon' and max_price_cents = 0
         group by type_id order by count(*) desc, type_id limit 1`,
  );
  if (!lyon) throw new Error('the seed made no free event in Lyon');
  const lyonType = lyon.typeId;

  const wanted = [
    { name: 'first page', path: '/api/events' },
    {
      name: `filtered page (free, category ${lyonType}, Lyon)`,
      path: `/api/events?price=free&type=${lyonType}&city=Lyon`,
    },
    { name: 'text search (q=jazz lyon)', path: '/api/events?q=jazz%20lyon' },
    { name: `deep cursor page (event ${DEEP_POSITION})`, path: `/api/events?cursor=${encodeURIComponent(deepCursor)}` },
  ];
  const references: FastifyInstance[] = [];
  const scenarios: Scenario[] = [];
  for (const { name, path: urlPath } of wanted) {
    const realUrl = `${base}${urlPath}`;
    const response = await fetch(realUrl);
    const body = await response.text();
    if (response.status !== 200) throw new Error(`${urlPath} answered ${response.status}: ${body.slice(0, 200)}`);
    const items = (JSON.parse(body) as { items: unknown[] }).items.length;
    if (items === 0) throw new Error(`${urlPath} answered no event`);
    const reference = constantJsonServer(body);
    references.push(reference);
    scenarios.push({
      name,
      realUrl,
      sameBodyUrl: `${await listen(reference)}/`,
      bodyBytes: Buffer.byteLength(body),
      items,
    });
  }

  // Every filter's plan: each must go through an index, never a scan of the whole table.
  const now = new Date();
  const weekend = { start: new Date(now.getTime() + 3 * 86_400_000), end: new Date(now.getTime() + 5 * 86_400_000) };
  const planned: [string, Partial<ListingFilter>][] = [
    ['first page', {}],
    ['paid', { price: 'paid' }],
    ['free', { price: 'free' }],
    ['dates (a weekend)', { window: weekend }],
    ['category', { typeId: lyonType }],
    ['city', { city: 'Lyon' }],
    ['text search', { search: searchQuery('jazz lyon') }],
    ['distance (Paris, 20 km)', { near: { latitude: 48.8566, longitude: 2.3522, radiusKm: 20 } }],
    ['deep cursor', { after: { dateBegin: deep.begin, id: deep.id } }],
  ];
  const plans = [];
  for (const [name, change] of planned) {
    const plan = await explainListingPage(database.db, { ...baseFilter, ...change }, now);
    plans.push({ name, plan, usesIndex: /Index|Bitmap/.test(plan) && !/Seq Scan on events/.test(plan) });
  }

  // The search query alone, sequentially, without any cache (information).
  const searchFilter = { ...baseFilter, search: searchQuery('jazz lyon') };
  for (let i = 0; i < 5; i++) await findListingPage(database.db, searchFilter, new Date(), null);
  const runs = 50;
  const sqlStart = performance.now();
  for (let i = 0; i < runs; i++) await findListingPage(database.db, searchFilter, new Date(), null);
  const searchSqlMeanMs = (performance.now() - sqlStart) / runs;

  process.on('message', (message: StopMessage) => {
    if (message.type !== 'stop') return;
    void (async () => {
      await Promise.all([...references.map((reference) => reference.close()), app.close()]);
      await database.close();
      process.disconnect();
    })();
  });
  send({
    type: 'ready',
    scenarios,
    base,
    eventCount: EVENT_COUNT,
    poolSize: config.databasePoolSize,
    seedSeconds,
    plans,
    searchSqlMeanMs,
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

/** A vocabulary for searches that no cache has seen: two words, the second a random prefix. */
const SEARCH_WORDS = ['jazz', 'rock', 'theatre', 'poesie', 'cinema', 'danse', 'concert', 'festival', 'atelier', 'gala'];
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
function uncachedSearchPath(): string {
  const first = SEARCH_WORDS[Math.floor(Math.random() * SEARCH_WORDS.length)] ?? 'jazz';
  const second = `${LETTERS[Math.floor(Math.random() * 26)]}${LETTERS[Math.floor(Math.random() * 26)]}`;
  return `/api/events?q=${first}%20${second}`;
}

async function measure(url: string, duration: number, uncachedSearch = false): Promise<Figures> {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration,
    ...(uncachedSearch && {
      requests: [{ setupRequest: (request: autocannon.Request) => ({ ...request, path: uncachedSearchPath() }) }],
    }),
  });
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
  const child = fork(fileURLToPath(import.meta.url), ['--serve'], {
    stdio: 'inherit',
    // BENCH_PROFILE=1: a CPU profile of the servers' process in /tmp/read-api-prof.
    execArgv: [
      ...process.execArgv,
      ...(process.env.BENCH_PROFILE ? ['--cpu-prof', '--cpu-prof-dir=/tmp/read-api-prof'] : []),
    ],
  });
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
  `    ${label.padEnd(40)}${fmt(f.requestsPerSecond).padStart(8)} req/s, p99 ${fmt(f.latencyP99Ms, 1)} ms` +
  ` (p50 ${fmt(f.latencyP50Ms, 1)} ms)`;

async function main(): Promise<number> {
  const duration = Number(process.env.BENCH_DURATION ?? 10);
  if (!Number.isFinite(duration) || duration <= 0) throw new Error('BENCH_DURATION must be a positive number');

  // Bounded in time whatever happens: seeding + 9 warm-ups and runs, with a generous margin.
  const watchdog = setTimeout(
    () => {
      console.error('read-api: took too long, giving up');
      process.exit(2);
    },
    (600 + 9 * (WARMUP_SECONDS + duration) * 2) * 1000,
  );
  watchdog.unref();

  const { child, ready } = startServerProcess();
  try {
    const info = await ready;
    console.log(
      `read-api: seeded ${fmt(info.eventCount)} events in ${fmt(info.seedSeconds, 1)} s; pool ${info.poolSize}; ` +
        `${CONNECTIONS} connections, ${duration} s per run`,
    );
    console.log('\n  query plans (each filter must use an index):');
    for (const { name, plan, usesIndex } of info.plans) {
      const scans = [...plan.matchAll(/(Index Only Scan|Index Scan|Bitmap Index Scan|Seq Scan)[^\n]*? on (\w+)/g)]
        .map((match) => `${match[1]} on ${match[2]}`)
        .join(', ');
      const time = /Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? '?';
      console.log(`    ${name.padEnd(26)} ${usesIndex ? 'index' : 'NO INDEX'}  ${time} ms  (${scans})`);
    }

    const results = [];
    for (const scenario of info.scenarios) {
      await measure(scenario.sameBodyUrl, WARMUP_SECONDS);
      await measure(scenario.realUrl, WARMUP_SECONDS);
      // One after the other, never at the same time.
      const reference = await measure(scenario.sameBodyUrl, duration);
      const real = await measure(scenario.realUrl, duration);
      const ratio = real.requestsPerSecond / reference.requestsPerSecond;
      results.push({ ...scenario, reference, real, ratio, pass: ratio >= TARGET_RATIO });
    }
    await measure(`${info.base}/api/events`, WARMUP_SECONDS, true);
    const uncached = await measure(`${info.base}/api/events`, duration, true);

    const search = results.find((result) => result.name.startsWith('text search'));
    const searchP99Pass = (search?.real.latencyP99Ms ?? Number.POSITIVE_INFINITY) < TARGET_SEARCH_P99_MS;
    const problems = [...results.flatMap((result) => [result.reference, result.real]), uncached]
      .filter((f) => f.non2xx > 0 || f.errors > 0 || f.timeouts > 0)
      .map((f) => `${f.url}: ${f.non2xx} non-2xx, ${f.errors} errors, ${f.timeouts} timeouts`);
    const missingIndex = info.plans.filter((plan) => !plan.usesIndex).map((plan) => plan.name);

    console.log('');
    console.log(`read-api: GET /api/events (${fmt(info.eventCount)} events, PostgreSQL)`);
    for (const result of results) {
      console.log(`\n  ${result.name}: ${result.items} events, ${fmt(result.bodyBytes / 1024, 1)} KiB`);
      console.log(line('reference (bare Fastify, same bytes):', result.reference));
      console.log(line('guichet:', result.real));
      console.log(
        `    ratio: ${result.ratio.toFixed(2)} (target >= ${TARGET_RATIO})  ${result.pass ? 'PASS' : 'BELOW TARGET'}`,
      );
    }
    console.log(
      `\n  text search p99: ${fmt(search?.real.latencyP99Ms ?? 0, 1)} ms (target < ${TARGET_SEARCH_P99_MS} ms)  ${searchP99Pass ? 'PASS' : 'ABOVE TARGET'}`,
    );
    // Every request a search no cache has seen, against the cached first page of this same run.
    const firstPage = results.find((result) => result.name === 'first page');
    const uncachedRatio = uncached.requestsPerSecond / (firstPage?.real.requestsPerSecond ?? Number.NaN);
    const uncachedP99Factor = uncached.latencyP99Ms / (firstPage?.real.latencyP99Ms ?? Number.NaN);
    const uncachedPass = uncachedRatio >= TARGET_UNCACHED_RATIO && uncachedP99Factor <= TARGET_UNCACHED_P99_FACTOR;
    console.log('\n  a search no cache has seen (every request a different query):');
    console.log(line('uncached text search:', uncached));
    console.log(line('cached first page (above):', firstPage?.real ?? uncached));
    console.log(
      `  ratio uncached search / cached first page: ${uncachedRatio.toFixed(3)} (target >= ${TARGET_UNCACHED_RATIO})  ${uncachedRatio >= TARGET_UNCACHED_RATIO ? 'PASS' : 'BELOW TARGET'}`,
    );
    console.log(
      `  p99 uncached search / cached first page: ${uncachedP99Factor.toFixed(1)} (target <= ${TARGET_UNCACHED_P99_FACTOR})  ${uncachedP99Factor <= TARGET_UNCACHED_P99_FACTOR ? 'PASS' : 'ABOVE TARGET'}`,
    );
    console.log(`  text-search SQL alone, sequential: ${fmt(info.searchSqlMeanMs, 2)} ms per query`);
    if (missingIndex.length > 0) console.error(`\nread-api: filters without an index: ${missingIndex.join(', ')}`);
    if (problems.length > 0) console.error(`\nread-api: FAILED, bad responses:\n  ${problems.join('\n  ')}`);

    const resultsDir = path.join(here, 'results');
    mkdirSync(resultsDir, { recursive: true });
    const file = path.join(resultsDir, 'read-api.json');
    const report = {
      benchmark: 'read-api',
      date: new Date().toISOString(),
      node: process.version,
      events: info.eventCount,
      poolSize: info.poolSize,
      connections: CONNECTIONS,
      durationSeconds: duration,
      scenarios: results,
      targetRatio: TARGET_RATIO,
      searchP99Ms: search?.real.latencyP99Ms,
      searchP99Pass,
      uncachedSearch: uncached,
      uncachedRatio,
      uncachedP99Factor,
      uncachedPass,
      searchSqlMeanMs: info.searchSqlMeanMs,
      plans: info.plans,
      missingIndex,
      problems,
    };
    writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
    console.log(`\n  figures written to ${path.relative(process.cwd(), file)}`);
    // The exit code says whether the measurement is valid; a ratio below target is reported, not failed.
    return problems.length > 0 || missingIndex.length > 0 ? 1 : 0;
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
  runBench('read-api', main);
}
