/**
 * bench/onsale — 2,000 simulated buyers race for 500 places of one ticket type on PostgreSQL
 * through the HTTP API: hold (POST /api/orders), then pay through the sandbox bank (the bank
 * protocol: signed form, bank page, signed IPN). Reference, measured in the same run: a bare
 * single-row conditional `UPDATE … SET sold = sold + 1 WHERE sold < cap` loop on as many
 * connections as the application's pool. Holds per second count successful holds only, from the
 * first request until the last place is held; refusals are counted apart. Targets (issue 17):
 * holds/s >= 1.0 × the reference, p99 <= 100 ms at 50 concurrent buyers, >= 500 confirmations/s.
 *
 * The race is run twice on fresh events: against one application process, then against
 * BENCH_PROCESSES processes sharing the database (and REDIS_URL when set), the buyers spread
 * over them. Each application runs in a child process (this file with --serve) so that the load
 * generator does not share its event loop. Settings: DATABASE_URL (a database whose name contains
 * "bench"; default postgres://postgres@127.0.0.1:5432/guichet_bench_onsale), DATABASE_POOL_SIZE
 * (10 per process), BENCH_BUYERS (2000), BENCH_PLACES (500), BENCH_CONCURRENCY (50),
 * BENCH_PROCESSES (2), BENCH_WARM_UP (as many buyers as the race hold and pay on a warm-up sale of each race first),
 * BENCH_WEBHOOKS=1 (the organiser has a webhook on `order.paid` to a local receiver: every paid
 * order writes its event in the settlement, and after the races one job runner delivers them all,
 * the drain time printed; issue 33). The event names its tickets and asks one required question
 * per place and one per order (issue 30): each buyer sends its place's holder and the answers,
 * checked as online; BENCH_NAMED=0 races an event without holders or questions.
 * BENCH_DATES=10 (issue 32) races an event of that many dates instead, each of PLACES / BENCH_DATES
 * places, with a ticket for one date (PLACES places, all dates together) and a pass of a fifth of a
 * date's places covering every date: nine buyers in ten buy one place of a date (the dates in
 * turn), the tenth a pass. Checked: no date past its capacity, each date's counters equal to the
 * places issued for it plus the passes, the pass within its quantity, every held order paid.
 * BENCH_MESSAGE=1 (issue 31) sends a message to BENCH_MESSAGE_ATTENDEES (50,000) attendees of
 * another event of the organiser during both races, from a process of its own as a job-running
 * server would (bench/message-sender.ts), and prints the mails it delivered meanwhile.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { openDatabase } from '../apps/api/src/db/client';
import { webhookEndpoints } from '../apps/api/src/db/schema';
import { paymentConfigFromEnv } from '../apps/api/src/payments';
import { inParallel } from '../apps/api/test/bulk-seed';
import { sharedKeySettings } from '../apps/api/test/helpers';
import { seedAudience } from './attendees';
import { postgresCpuMs, processCpuMs } from './cpu';
import { percentile, resetDatabase } from './database';
import { LoadClient } from './http-client';
import { type SenderDone, sendDuringRace } from './message-sender';
import {
  freePort,
  type Held,
  makeBuyers,
  makeDatedSale,
  makeSale,
  orderOf,
  pay,
  postJson,
  type Sale,
} from './onsale-steps';

const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/guichet_bench_onsale';
const BUYERS = Number(process.env.BENCH_BUYERS ?? 2000);
const PLACES = Number(process.env.BENCH_PLACES ?? 500);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 50);
const POOL = Number(process.env.DATABASE_POOL_SIZE ?? 10);
const PROCESSES = Math.max(2, Number(process.env.BENCH_PROCESSES ?? 2));
const WARM_UP_BUYERS = Number(process.env.BENCH_WARM_UP ?? BUYERS);
const WEBHOOKS = process.env.BENCH_WEBHOOKS === '1';
const NAMED = process.env.BENCH_NAMED !== '0';
const DATES = Number(process.env.BENCH_DATES ?? 0);
const MESSAGE = process.env.BENCH_MESSAGE === '1';
const MESSAGE_ATTENDEES = Number(process.env.BENCH_MESSAGE_ATTENDEES ?? 50_000);
const DATE_CAPACITY = DATES > 0 ? Math.floor(PLACES / DATES) : 0;
const PASSES = Math.max(1, Math.floor(DATE_CAPACITY / 5));
const TARGET = 1.0;
const P99_TARGET_MS = 100;
const CONFIRMATIONS_TARGET = 500;
const here = path.dirname(fileURLToPath(import.meta.url));

type Ready = { type: 'ready'; base: string };

/** One application process on the bench database: it only serves (the data is made by main). */
async function serve(): Promise<void> {
  const database = await openDatabase({ url, dataDir: 'memory://', poolSize: POOL });
  // The sandbox bank's return and notification URLs need the address before listening.
  const port = await freePort();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_MAX: '1000000',
    // The receiver is local and quick: the runner's own pace is the bound here.
    ...(WEBHOOKS ? { WEBHOOK_RATE_PER_SECOND: '10000' } : {}),
    // Processes sharing Redis share their keys too (config.ts): main made them for its children.
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL, ...sharedKeysOf(process.env) } : {}),
  });
  const publicUrl = `http://127.0.0.1:${port}`;
  const live = await buildApp({
    config: { ...config, port, publicUrl },
    database,
    payments: paymentConfigFromEnv({ NODE_ENV: 'test', PUBLIC_URL: publicUrl }, 'test'),
    // The race's servers only serve; the documents' server runs the jobs the payments queued.
    startJobs: process.argv.includes('--serve-jobs'),
  });
  await live.listen({ host: '127.0.0.1', port });
  process.send?.({ type: 'ready', base: publicUrl } satisfies Ready);
  process.on('message', async () => {
    await live.close();
    await database.close();
    process.exit(0);
  });
}

/**
 * The ceiling of any endpoint on this machine, for reading the figures: bare Fastify answering the
 * hold's route with a constant 201 and no database, under the same load generator.
 */
async function serveBare(): Promise<void> {
  const bare = Fastify();
  bare.post('/api/orders', async (_request, reply) => reply.status(201).send({ id: 'bare' }));
  const port = await freePort();
  await bare.listen({ host: '127.0.0.1', port });
  process.send?.({ type: 'ready', base: `http://127.0.0.1:${port}` } satisfies Ready);
  process.on('message', async () => {
    await bare.close();
    process.exit(0);
  });
}

/** The race's sale: one ticket type, or (BENCH_DATES) an event of several dates and a pass. */
function makeRaceSale(organizerId: string, title: string, places: number, warmUp = false) {
  if (DATES === 0) return makeSale(url, organizerId, title, places, NAMED);
  // A warm-up sells all its buyers: its dates have no cap of their own.
  const sale = warmUp
    ? { dates: DATES, capacity: null, places, passes: places }
    : { dates: DATES, capacity: DATE_CAPACITY, places, passes: PASSES };
  return makeDatedSale(url, organizerId, title, sale, NAMED);
}

type DateFigures = {
  /** Dates whose sold and held places pass their capacity (must be 0). */
  oversold: number;
  /** Dates whose counters differ from the places issued for them and the passes (must be 0). */
  mismatched: number;
  /** Dates sold out to their capacity. */
  full: number;
  passesSold: number;
  passesHeld: number;
};

/** An event of several dates after its race: each date's counters against the places issued. */
async function dateFigures(check: pg.Client, sale: Sale): Promise<DateFigures | null> {
  if (!sale.dated) return null;
  const { rows } = await check.query(
    `select d.id, d.capacity, d.sold, d.held,
            (select count(*) from participations p
              where p.event_id = d.event_id and p.cancelled_at is null
                and (p.date_id = d.id or p.ticket_id = $2))::int as issued
       from event_dates d where d.event_id = $1`,
    [sale.eventId, sale.dated.passId],
  );
  const pass = (await check.query('select sold, held from tickets where id = $1', [sale.dated.passId])).rows[0];
  return {
    oversold: rows.filter((d) => d.capacity !== null && d.sold + d.held > d.capacity).length,
    mismatched: rows.filter((d) => d.sold !== d.issued || d.held !== 0).length,
    full: rows.filter((d) => d.sold === d.capacity).length,
    passesSold: pass.sold,
    passesHeld: pass.held,
  };
}

async function startServers(count: number, mode = '--serve'): Promise<{ children: ChildProcess[]; bases: string[] }> {
  const children = Array.from({ length: count }, () =>
    fork(fileURLToPath(import.meta.url), [mode], {
      execArgv: [
        '--import',
        'tsx',
        // A sample each 250 µs: the holds of one race last about a second.
        ...(process.env.BENCH_PROFILE
          ? ['--cpu-prof', '--cpu-prof-dir=/tmp/onsale-prof', '--cpu-prof-interval=250']
          : []),
      ],
    }),
  );
  const bases = await Promise.all(
    children.map(
      (child) =>
        new Promise<string>((resolve, reject) => {
          child.once('message', (message) => resolve((message as Ready).base));
          child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
        }),
    ),
  );
  return { children, bases };
}

function stopServers(children: ChildProcess[]) {
  return Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          child.once('exit', () => resolve());
          child.send('stop');
        }),
    ),
  );
}

/** Runs `task` for every item with at most CONCURRENCY in flight. */
const pool = <T>(items: T[], task: (item: T, index: number) => Promise<void>) => inParallel(items, CONCURRENCY, task);

/**
 * With BENCH_MARKS set, the phase's start or end on the monotonic clock (ns), for cutting a
 * `perf record -k CLOCK_MONOTONIC` of the whole machine to one phase (`perf report --time`).
 */
function mark(phase: string, processes: number) {
  if (process.env.BENCH_MARKS) console.error(`mark ${phase} ${processes} ${process.hrtime.bigint()}`);
}

type Race = {
  processes: number;
  holdsPerSecond: number;
  refusalsPerSecond: number;
  holdP50Ms: number;
  holdP99Ms: number;
  held: number;
  refused: number;
  unexpected: number;
  confirmedOrdersPerSecond: number;
  /** From the last payment to the last order's invoices issued and places numbered, by one job runner. */
  documentsReadySeconds: number | null;
  ticketsSold: number;
  ticketsHeld: number;
  paidOrders: number;
  /** A named sale's paid places missing their holder or an answer, or paid orders missing theirs: must be 0. */
  unanswered: number;
  cpuMsPerRequest: { servers: number; loadGenerator: number; postgres: number };
  cpuMsPerConfirmation: { servers: number; loadGenerator: number; postgres: number };
  /** BENCH_DATES: the dates' and the pass's figures. */
  dates: DateFigures | null;
};

/**
 * Before the race each server takes a warm-up sale of its own, held and paid as the race is: its
 * pool's connections are open and its code compiled, as a server's are long before an on-sale
 * opens, and the database has its statistics. The race's figures count none of it.
 */
async function warmUp(bases: string[], warm: Sale, cookies: string[]) {
  const client = new LoadClient(CONCURRENCY);
  const held: Held[] = [];
  await pool(cookies.slice(0, WARM_UP_BUYERS), async (cookie, index) => {
    const base = bases[index % bases.length] as string;
    const response = await postJson(client, `${base}/api/orders`, orderOf(warm, index), cookie);
    if (response.status !== 201) throw new Error(`warm-up hold answered ${response.status}: ${response.body}`);
    held.push({ id: (JSON.parse(response.body) as { id: string }).id, cookie, base });
  });
  await pool(held, async (order) => void (await pay(client, order)));
  client.destroy();
  // A database in service has its statistics (autovacuum); a fresh one would leave the planner guessing.
  const analyst = new pg.Client({ connectionString: url });
  await analyst.connect();
  await analyst.query('analyze');
  await analyst.end();
}

/** Every buyer tries to hold one place, spread over the servers; the held orders are then paid. */
async function race(processes: number, sale: Sale, warm: Sale, cookies: string[]): Promise<Race> {
  const { children, bases } = await startServers(processes);
  await warmUp(bases, warm, cookies);
  const latencies: number[] = [];
  const held: Held[] = [];
  let refused = 0;
  let unexpected = 0;
  let lastHeldAt = 0;
  const serverCpu = () => children.reduce((sum, child) => sum + processCpuMs(child.pid ?? 0), 0);
  const cpuBefore = { servers: serverCpu(), generator: process.cpuUsage(), postgres: postgresCpuMs() };
  const client = new LoadClient(CONCURRENCY);
  const holdStart = performance.now();
  mark('hold-start', processes);
  await pool(cookies, async (cookie, index) => {
    const base = bases[index % bases.length] as string;
    const started = performance.now();
    const response = await postJson(client, `${base}/api/orders`, orderOf(sale, index), cookie);
    const ended = performance.now();
    latencies.push(ended - started);
    if (response.status === 201) {
      held.push({ id: (JSON.parse(response.body) as { id: string }).id, cookie, base });
      lastHeldAt = Math.max(lastHeldAt, ended);
    } else if (response.status === 409 && response.body.includes('SOLD_OUT')) refused++;
    else unexpected++;
  });
  const holdEnd = performance.now();
  mark('hold-end', processes);
  client.destroy();
  // Where the CPU went during the holds, per request: the processes share the machine's cores.
  const generatorCpu = process.cpuUsage(cpuBefore.generator);
  const cpuMsPerRequest = {
    servers: Number(((serverCpu() - cpuBefore.servers) / cookies.length).toFixed(2)),
    loadGenerator: Number(((generatorCpu.user + generatorCpu.system) / 1000 / cookies.length).toFixed(2)),
    postgres: Number(((postgresCpuMs() - cpuBefore.postgres) / cookies.length).toFixed(2)),
  };
  const payClient = new LoadClient(CONCURRENCY);
  const payCpuBefore = { servers: serverCpu(), generator: process.cpuUsage(), postgres: postgresCpuMs() };
  const payStart = performance.now();
  mark('pay-start', processes);
  await pool(held, async (order) => void (await pay(payClient, order)));
  const paySeconds = (performance.now() - payStart) / 1000;
  mark('pay-end', processes);
  payClient.destroy();
  const payGeneratorCpu = process.cpuUsage(payCpuBefore.generator);
  const cpuMsPerConfirmation = {
    servers: Number(((serverCpu() - payCpuBefore.servers) / Math.max(1, held.length)).toFixed(2)),
    loadGenerator: Number(
      ((payGeneratorCpu.user + payGeneratorCpu.system) / 1000 / Math.max(1, held.length)).toFixed(2),
    ),
    postgres: Number(((postgresCpuMs() - payCpuBefore.postgres) / Math.max(1, held.length)).toFixed(2)),
  };
  await stopServers(children);
  const documentsReadySeconds =
    processes === 1 ? await documentsReady(sale.eventId, payStart + paySeconds * 1000) : null;

  const check = new pg.Client({ connectionString: url });
  await check.connect();
  const counts = (await check.query('select sold, held from tickets where id = $1', [sale.ticketId])).rows[0];
  const paid = Number(
    (await check.query("select count(*) from orders where status = 'paid' and event_id = $1", [sale.eventId])).rows[0]
      .count,
  );
  const unanswered = sale.named ? await unansweredOf(check, sale) : 0;
  const dates = await dateFigures(check, sale);
  await check.end();
  return {
    processes,
    holdsPerSecond: Math.round(held.length / ((lastHeldAt - holdStart) / 1000)),
    refusalsPerSecond: Math.round(refused / ((holdEnd - holdStart) / 1000)),
    holdP50Ms: Math.round(percentile(latencies, 50)),
    holdP99Ms: Math.round(percentile(latencies, 99)),
    held: held.length,
    refused,
    unexpected,
    confirmedOrdersPerSecond: Math.round(paid / paySeconds),
    documentsReadySeconds,
    ticketsSold: counts.sold,
    ticketsHeld: counts.held,
    paidOrders: paid,
    unanswered,
    cpuMsPerRequest,
    cpuMsPerConfirmation,
    dates,
  };
}

/** Requests per second bare Fastify answers to the buyers' hold requests (see serveBare). */
async function bareCeiling(sale: Sale, cookies: string[]): Promise<number> {
  const { children, bases } = await startServers(1, '--serve-bare');
  const client = new LoadClient(CONCURRENCY);
  const body = { eventId: sale.eventId, lines: [{ ticketId: sale.ticketId, quantity: 1 }] };
  await pool(cookies, (cookie) => postJson(client, `${bases[0]}/api/orders`, body, cookie).then(() => undefined));
  const started = performance.now();
  await pool(cookies, (cookie) => postJson(client, `${bases[0]}/api/orders`, body, cookie).then(() => undefined));
  const rate = cookies.length / ((performance.now() - started) / 1000);
  client.destroy();
  await stopServers(children);
  return rate;
}

/** The reference: the hot-row conditional update alone, on as many connections as the app's pool. */
async function referenceRate(seconds = 5): Promise<number> {
  const client = new pg.Pool({ connectionString: url, max: POOL });
  await client.query(
    'create table if not exists bench_counter (id int primary key, sold int not null, cap int not null)',
  );
  await client.query('insert into bench_counter values (1, 0, 2000000000) on conflict (id) do update set sold = 0');
  let count = 0;
  const until = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: POOL }, async () => {
      while (Date.now() < until) {
        await client.query('update bench_counter set sold = sold + 1 where id = 1 and sold < cap');
        count++;
      }
    }),
  );
  await client.end();
  return count / seconds;
}

/**
 * Seconds from the last payment (`lastPaidAt`, performance.now()) until every paid order of the
 * sale has its invoice and every place its number: the documents are issued by the job runner
 * after the payments, never inside them (issue 29). One server runs the jobs from the last payment
 * on, so the figure is the backlog's drain time; null past five minutes.
 */
/** What is wrong with the race's numbers, once all are issued; none is expected. */
let numberingFaults: string[] = [];

/**
 * The 500 payments of the race on one organiser's invoice series and the event's ticket series
 * (one; or, BENCH_DATES, one per date and one for the passes, as modules/invoices/numbering.ts
 * `placeSeries` keys them): each series must read 1, 2, 3 … without a gap or a number used twice.
 */
async function gapsAndRepeats(check: pg.Client, eventId: string): Promise<string[]> {
  const faults: string[] = [];
  const { rows: series } = await check.query(
    `select series, count(*)::int as count, count(distinct seq)::int as distinct, max(seq)::int as max
       from invoices where series in (select 'invoices:organizer:' || organizer_id from events where id = $1)
       group by series`,
    [eventId],
  );
  for (const row of series) {
    if (row.count !== row.distinct || row.max !== row.count)
      faults.push(`${row.series}: ${row.count} documents, numbers up to ${row.max}`);
  }
  const { rows: places } = await check.query(
    `select coalesce(p.date_id::text,
                     case when t.is_pass and exists (select 1 from event_dates d where d.event_id = p.event_id)
                          then 'passes' else p.event_id::text end) as series,
            count(*)::int as places, count(distinct n)::int as distinct, max(n)::int as max
       from participations p join tickets t on t.id = p.ticket_id,
            generate_series(p.first_ticket_number, p.first_ticket_number + p.quantity - 1) n
      where p.event_id = $1
      group by 1`,
    [eventId],
  );
  for (const tickets of places) {
    if (tickets.places !== tickets.distinct || tickets.max !== tickets.places) {
      faults.push(
        `tickets of the race (${tickets.series}): ${tickets.places} places, ${tickets.distinct} numbers, up to ${tickets.max}`,
      );
    }
  }
  return faults;
}

/** The named sale's paid places without their holder or their answer, and paid orders without theirs. */
async function unansweredOf(check: pg.Client, sale: Sale): Promise<number> {
  const { placeQuestionId, orderQuestionId } = sale.named ?? { placeQuestionId: '', orderQuestionId: '' };
  const { rows } = await check.query(
    `select (select count(*) from participations p join orders o on o.id = p.order_id and o.status = 'paid'
              where p.event_id = $1 and (p.holder_last_name is null or coalesce(p.answers ->> $2, '') = ''))::int
          + (select count(*) from orders o
              where o.event_id = $1 and o.status = 'paid' and coalesce(o.answers ->> $3, '') = '')::int as missing`,
    [sale.eventId, placeQuestionId, orderQuestionId],
  );
  return rows[0].missing;
}

async function documentsReady(eventId: string, lastPaidAt: number): Promise<number | null> {
  const { children } = await startServers(1, '--serve-jobs');
  const check = new pg.Client({ connectionString: url });
  await check.connect();
  try {
    for (;;) {
      const { rows } = await check.query(
        `select (select count(*) from orders o where o.event_id = $1 and o.status = 'paid' and o.total_cents > 0
                   and not exists (select 1 from invoices i where i.order_id = o.id))::int as uninvoiced,
                (select count(*) from participations where event_id = $1 and first_ticket_number is null)::int as unnumbered`,
        [eventId],
      );
      const waited = (performance.now() - lastPaidAt) / 1000;
      if (rows[0].uninvoiced === 0 && rows[0].unnumbered === 0) {
        numberingFaults = await gapsAndRepeats(check, eventId);
        return Number(waited.toFixed(1));
      }
      if (waited > 300) return null;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  } finally {
    await check.end();
    await stopServers(children);
  }
}

function printRace(r: Race, label: string) {
  console.log(
    `  ${label}: holds ${r.holdsPerSecond}/s (successful holds, first request to last place held), p50 ${r.holdP50Ms} ms, p99 ${r.holdP99Ms} ms (target <= ${P99_TARGET_MS} ms)`,
  );
  console.log(
    `    ${r.held} held, ${r.refused} told sold out (${r.refusalsPerSecond}/s), ${r.unexpected} other; CPU per request: servers ${r.cpuMsPerRequest.servers} ms, load generator ${r.cpuMsPerRequest.loadGenerator} ms, PostgreSQL ${r.cpuMsPerRequest.postgres} ms`,
  );
}

/** A local receiver of the organiser's webhook: the distinct event ids it got. */
async function webhookReceiver() {
  const { createServer: createHttpServer } = await import('node:http');
  const seen = new Set<string>();
  const server = createHttpServer((request, response) => {
    request.resume();
    request.on('end', () => {
      seen.add(String(request.headers['guichet-event-id'] ?? ''));
      response.writeHead(204).end();
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { seen, url: `http://127.0.0.1:${port}/hooks`, close: () => server.close() };
}

/** Seconds one job runner takes to deliver every paid order's webhook, from the end of the races. */
async function webhooksDelivered(
  seen: Set<string>,
  organizerId: string,
): Promise<{ paid: number; seconds: number | null }> {
  const check = new pg.Client({ connectionString: url });
  await check.connect();
  const { rows } = await check.query(
    `select count(*)::int as paid from orders o join events e on e.id = o.event_id
      where e.organizer_id = $1 and o.status = 'paid'`,
    [organizerId],
  );
  await check.end();
  const paid: number = rows[0].paid;
  const started = performance.now();
  const { children } = await startServers(1, '--serve-jobs');
  try {
    while (seen.size < paid) {
      if (performance.now() - started > 600_000) return { paid, seconds: null };
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    return { paid, seconds: Number(((performance.now() - started) / 1000).toFixed(1)) };
  } finally {
    await stopServers(children);
  }
}

function sharedKeysOf(env: NodeJS.ProcessEnv) {
  const { TICKET_SIGNING_KEY, SANDBOX_BANK_HMAC_KEY, SANDBOX_BANK_PRIVATE_KEY } = env;
  return { TICKET_SIGNING_KEY, SANDBOX_BANK_HMAC_KEY, SANDBOX_BANK_PRIVATE_KEY };
}

async function main(): Promise<void> {
  // The servers (forked, with this environment) share one set of keys when they share Redis.
  if (process.env.REDIS_URL) Object.assign(process.env, sharedKeySettings());
  // A fresh database (dropped and recreated), before the reference that needs it.
  await resetDatabase(url);
  const { organizerId, cookies } = await makeBuyers(url, BUYERS);
  const receiver = WEBHOOKS ? await webhookReceiver() : null;
  if (receiver) {
    const database = await openDatabase({ url, dataDir: 'memory://', poolSize: 1 });
    await database.db
      .insert(webhookEndpoints)
      .values({ userId: organizerId, url: receiver.url, events: ['order.paid'], secret: 'whsec_bench' });
    await database.close();
  }
  const sender = MESSAGE ? await startSender(organizerId) : null;
  // The reference is measured before and after the races; their mean dampens a shared machine's noise.
  const referenceBefore = await referenceRate();
  const single = await race(
    1,
    await makeRaceSale(organizerId, 'Mise en vente', PLACES),
    await makeRaceSale(organizerId, 'Échauffement', WARM_UP_BUYERS, true),
    cookies,
  );
  const several = await race(
    PROCESSES,
    await makeRaceSale(organizerId, 'Mise en vente, plusieurs processus', PLACES),
    await makeRaceSale(organizerId, 'Échauffement, plusieurs processus', WARM_UP_BUYERS, true),
    cookies,
  );
  const delivered = sender ? await stopSender(sender) : null;
  const reference = (referenceBefore + (await referenceRate())) / 2;
  const webhooks = receiver ? await webhooksDelivered(receiver.seen, organizerId) : null;
  receiver?.close();
  const ceiling = await bareCeiling(await makeSale(url, organizerId, 'Plafond', 1), cookies);
  const ratio = single.holdsPerSecond / reference;

  console.log(
    `onsale: ${BUYERS} buyers race for ${PLACES} places (PostgreSQL, ${CONCURRENCY} concurrent buyers, pool ${POOL} per process${process.env.REDIS_URL ? ', Redis' : ''})`,
  );
  if (DATES > 0) {
    console.log(
      `  an event of ${DATES} dates of ${DATE_CAPACITY} places each, a ticket for one date and a pass of ${PASSES} places on every date (BENCH_DATES)`,
    );
  }
  printRace(single, 'one process');
  printRace(several, `${PROCESSES} processes`);
  console.log(
    `  confirmed orders through the sandbox bank: ${single.confirmedOrdersPerSecond}/s (one process; target >= ${CONFIRMATIONS_TARGET}/s); ${several.confirmedOrdersPerSecond}/s with ${PROCESSES} processes`,
  );
  console.log(
    `    CPU per confirmation (one process): servers ${single.cpuMsPerConfirmation.servers} ms, load generator ${single.cpuMsPerConfirmation.loadGenerator} ms, PostgreSQL ${single.cpuMsPerConfirmation.postgres} ms`,
  );
  console.log(
    `  invoices and ticket numbers ready ${single.documentsReadySeconds ?? 'more than 300'} s after the last payment (one job runner from then on, ${single.paidOrders} orders; confirmations took ${(single.paidOrders / Math.max(1, single.confirmedOrdersPerSecond)).toFixed(1)} s)`,
  );
  console.log(
    `  numbers without a gap or a repeat (the organiser's invoices, the event's places${DATES > 0 ? ': each date and the passes' : ''}): ${numberingFaults.length === 0 ? 'yes' : `NO: ${numberingFaults.join('; ')}`}`,
  );
  if (NAMED) {
    console.log(
      `  named places and answers (a holder and a required question per place, a required question per order): ${single.unanswered + several.unanswered === 0 ? 'all there' : `MISSING: ${single.unanswered} + ${several.unanswered}`}`,
    );
  }
  if (DATES === 0) {
    console.log(`  tickets sold: ${single.ticketsSold} (must be ${PLACES}); still held: ${single.ticketsHeld}`);
    console.log(
      `  tickets sold with ${PROCESSES} processes: ${several.ticketsSold} (must be ${PLACES}); still held: ${several.ticketsHeld}`,
    );
  }
  for (const [r, label] of [
    [single, 'one process'],
    [several, `${PROCESSES} processes`],
  ] as const) {
    if (!r.dates) continue;
    console.log(
      `  dates (${label}): ${r.dates.oversold} oversold (must be 0), ${r.dates.mismatched} whose counters differ from the places issued (must be 0), ${r.dates.full} of ${DATES} sold out; pass ${r.dates.passesSold} sold of ${PASSES} (${r.dates.passesHeld} still held); ${r.paidOrders} of ${r.held} held orders paid`,
    );
  }
  if (delivered !== null) {
    console.log(
      `  a message to ${MESSAGE_ATTENDEES} attendees of another event sending during both races: ${delivered} mails delivered meanwhile (a batch every 5 s, as the job runner sends it)`,
    );
  }
  if (webhooks) {
    console.log(
      `  webhooks (a webhook on every paid order): ${receiver?.seen.size} of ${webhooks.paid} paid orders delivered to the local receiver, ${webhooks.seconds ?? 'more than 600'} s after the races by one job runner`,
    );
  }
  console.log(
    `  reference (bare conditional UPDATE on one row, ${POOL} connections, mean of before and after): ${Math.round(reference)}/s`,
  );
  console.log(
    `  for reading them: bare Fastify answers the same requests with a constant 201 at ${Math.round(ceiling)}/s on this machine (same load generator, no database)`,
  );
  console.log(
    `  ratio holds / reference: ${ratio.toFixed(2)} (target >= ${TARGET}) ${ratio >= TARGET ? 'PASS' : 'BELOW TARGET'}`,
  );
  console.log(
    `  ratio holds with ${PROCESSES} processes / reference: ${(several.holdsPerSecond / reference).toFixed(2)}`,
  );
  const figures = {
    buyers: BUYERS,
    places: PLACES,
    concurrency: CONCURRENCY,
    pool: POOL,
    referenceUpdatesPerSecond: Math.round(reference),
    bareFastifyPerSecond: Math.round(ceiling),
    ratio: Number(ratio.toFixed(2)),
    single,
    several,
  };
  mkdirSync(path.join(here, 'results'), { recursive: true });
  writeFileSync(
    path.join(here, 'results', DATES > 0 ? 'onsale-dates.json' : 'onsale.json'),
    `${JSON.stringify(figures, null, 2)}\n`,
  );
  const wrong = [single, several].some(
    (r) =>
      r.unanswered > 0 ||
      (r.dates
        ? r.dates.oversold > 0 ||
          r.dates.mismatched > 0 ||
          r.dates.passesSold > PASSES ||
          r.paidOrders !== r.held ||
          r.unexpected > 0
        : r.ticketsSold !== PLACES || r.paidOrders !== PLACES || r.unexpected > 0 || r.held !== PLACES),
  );
  const webhooksLost = webhooks !== null && (receiver?.seen.size ?? 0) < webhooks.paid;
  if (wrong || numberingFaults.length > 0 || webhooksLost) {
    console.error('onsale: the sale is wrong (see figures above)');
    process.exit(1);
  }
}

/** The message's audience, then its sender in a process of its own (BENCH_MESSAGE). */
async function startSender(organizerId: string): Promise<ChildProcess> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const eventId = await seedAudience(client, organizerId, MESSAGE_ATTENDEES, 'public');
  await client.query('vacuum analyze');
  await client.end();
  const child = fork(fileURLToPath(import.meta.url), ['--send-message', organizerId, eventId], {
    execArgv: ['--import', 'tsx'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`the message's sender exited with ${code}`)));
  });
  return child;
}

function stopSender(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    child.on('message', (message) => {
      if ((message as SenderDone).type === 'sent') resolve((message as SenderDone).delivered);
    });
    child.send('stop');
  });
}

if (process.argv.includes('--serve') || process.argv.includes('--serve-jobs')) await serve();
else if (process.argv.includes('--send-message')) {
  const [organizerId = '', eventId = ''] = process.argv.slice(process.argv.indexOf('--send-message') + 1);
  await sendDuringRace(url, organizerId, eventId);
} else if (process.argv.includes('--serve-bare')) await serveBare();
else await main();
