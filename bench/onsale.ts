/**
 * bench/onsale — 2,000 simulated buyers race for 500 places of one ticket type on PostgreSQL
 * through the HTTP API: hold (POST /api/orders), then pay through the sandbox bank (the bank
 * protocol: signed form, bank page, signed IPN). Reference, measured in the same run: a bare
 * single-row conditional `UPDATE … SET sold = sold + 1 WHERE sold < cap` loop on as many
 * connections as the application's pool. Target: holds per second >= 0.3 × the reference.
 *
 * The application runs in a child process (this file with --serve) so that the load generator
 * does not share its event loop. Settings: DATABASE_URL (a database whose name contains "bench";
 * default postgres://postgres@127.0.0.1:5432/guichet_bench_onsale), DATABASE_POOL_SIZE (10),
 * BENCH_BUYERS (2000), BENCH_PLACES (500), BENCH_CONCURRENCY (50).
 */
import { type ChildProcess, fork } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { type AddressInfo, createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { openDatabase } from '../apps/api/src/db/client';
import { events, sessions, tickets, users } from '../apps/api/src/db/schema';
import { ensureReferenceData } from '../apps/api/src/db/seed/reference';
import { randomToken, sha256 } from '../apps/api/src/lib/tokens';
import { paymentConfigFromEnv } from '../apps/api/src/payments';
import { SESSION_COOKIE } from '../apps/api/src/plugins/session';
import { postgresCpuMs, processCpuMs } from './cpu';
import { percentile, resetDatabase } from './database';

const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/guichet_bench_onsale';
const BUYERS = Number(process.env.BENCH_BUYERS ?? 2000);
const PLACES = Number(process.env.BENCH_PLACES ?? 500);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 50);
const POOL = Number(process.env.DATABASE_POOL_SIZE ?? 10);
const TARGET = 0.3;
const here = path.dirname(fileURLToPath(import.meta.url));

/** Each buyer signed in beforehand: an order needs the proof of its e-mail (its session). */
type Ready = { type: 'ready'; base: string; eventId: string; ticketId: string; cookies: string[] };

async function serve(): Promise<void> {
  const database = await openDatabase({ url, dataDir: 'memory://', poolSize: POOL });
  await database.migrate();
  await ensureReferenceData(database.db);
  const [organizer] = await database.db
    .insert(users)
    .values({
      email: 'organisateur@bench.test',
      passwordHash: 'x',
      firstName: 'Claire',
      lastName: 'Banc',
      birthDate: '1988-03-14',
      isVerified: true,
      termsVersionAccepted: 1,
    })
    .returning();
  const emails = Array.from({ length: BUYERS }, (_, i) => `acheteur-${i}@bench.test`);
  const cookies: string[] = [];
  for (let i = 0; i < emails.length; i += 500) {
    const buyers = await database.db
      .insert(users)
      .values(
        emails.slice(i, i + 500).map((email) => ({
          email,
          passwordHash: 'x',
          firstName: 'Alex',
          lastName: 'Martin',
          birthDate: '1999-04-02',
          termsVersionAccepted: 1,
        })),
      )
      .returning({ id: users.id });
    const tokens = buyers.map(() => randomToken());
    await database.db.insert(sessions).values(
      buyers.map((buyer, index) => ({
        tokenHash: sha256(tokens[index] ?? ''),
        userId: buyer.id,
        expiresAt: new Date(Date.now() + 86_400_000),
      })),
    );
    cookies.push(...tokens.map((token) => `${SESSION_COOKIE}=${token}`));
  }
  const start = Date.now() + 30 * 86_400_000;
  const [event] = await database.db
    .insert(events)
    .values({
      organizerId: organizer?.id ?? '',
      title: 'Mise en vente',
      address: 'Toulouse',
      dateBegin: new Date(start),
      dateEnd: new Date(start + 4 * 3_600_000),
      isPublic: true,
    })
    .returning();
  const [ticket] = await database.db
    .insert(tickets)
    .values({ eventId: event?.id ?? '', title: 'Fosse', priceCents: 2500, quantity: PLACES })
    .returning();

  // The sandbox bank's return and notification URLs need the address before listening.
  const port = await freePort();
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', RATE_LIMIT_MAX: '1000000' });
  const publicUrl = `http://127.0.0.1:${port}`;
  const live = await buildApp({
    config: { ...config, port, publicUrl },
    database,
    payments: paymentConfigFromEnv({ NODE_ENV: 'test', PUBLIC_URL: publicUrl }, 'test'),
  });
  await live.listen({ host: '127.0.0.1', port });
  process.send?.({
    type: 'ready',
    base: publicUrl,
    eventId: event?.id ?? '',
    ticketId: ticket?.id ?? '',
    cookies,
  } satisfies Ready);
  process.on('message', async () => {
    await live.close();
    await database.close();
    process.exit(0);
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * The buyers' hold request over node's own HTTP client with kept-alive connections: the load
 * generator shares the machine's cores with the server and PostgreSQL, and `fetch` costs it
 * about twice the CPU per request, which the server's figure would pay for.
 */
function postJson(agent: Agent, url: string, body: unknown, cookie: string): Promise<{ status: number; body: string }> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const call = request(
      url,
      {
        agent,
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), cookie },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
        response.on('error', reject);
      },
    );
    call.on('error', reject);
    call.end(payload);
  });
}

/** Runs `task` for every item with at most CONCURRENCY in flight. */
async function pool<T>(items: T[], task: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < items.length) await task(items[next++] as T);
    }),
  );
}

async function pay(base: string, order: { id: string; cookie: string }) {
  const start = (await (
    await fetch(`${base}/api/orders/${order.id}/payment`, { method: 'POST', headers: { cookie: order.cookie } })
  ).json()) as {
    redirect: { action: string; fields: [string, string][] };
  };
  const form = new URLSearchParams(start.redirect.fields);
  const page = await (await fetch(start.redirect.action, { method: 'POST', body: form })).text();
  const token = /name="token" value="([^"]+)"/.exec(page)?.[1] ?? '';
  await fetch(`${base}/sandbox-bank/decide`, {
    method: 'POST',
    body: new URLSearchParams({ token, decision: 'pay' }),
    redirect: 'manual',
  });
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

async function main(): Promise<void> {
  // A fresh database (dropped and recreated), before the reference that needs it.
  await resetDatabase(url);
  // The reference is measured before and after the race; their mean dampens a shared machine's noise.
  const referenceBefore = await referenceRate();
  const child: ChildProcess = fork(fileURLToPath(import.meta.url), ['--serve'], {
    execArgv: [
      '--import',
      'tsx',
      ...(process.env.BENCH_PROFILE ? ['--cpu-prof', '--cpu-prof-dir=/tmp/onsale-prof'] : []),
    ],
  });
  const ready = await new Promise<Ready>((resolve, reject) => {
    child.once('message', (message) => resolve(message as Ready));
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  const latencies: number[] = [];
  const held: { id: string; cookie: string }[] = [];
  let refused = 0;
  let unexpected = 0;
  const cpuBefore = { server: processCpuMs(child.pid ?? 0), generator: process.cpuUsage(), postgres: postgresCpuMs() };
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const holdStart = performance.now();
  await pool(ready.cookies, async (cookie) => {
    const started = performance.now();
    const response = await postJson(
      agent,
      `${ready.base}/api/orders`,
      { eventId: ready.eventId, lines: [{ ticketId: ready.ticketId, quantity: 1 }] },
      cookie,
    );
    latencies.push(performance.now() - started);
    if (response.status === 201) held.push({ id: (JSON.parse(response.body) as { id: string }).id, cookie });
    else if (response.status === 409) refused++;
    else unexpected++;
  });
  const holdSeconds = (performance.now() - holdStart) / 1000;
  agent.destroy();
  // Where the CPU went during the holds, per request: three processes share the machine's cores.
  const generatorCpu = process.cpuUsage(cpuBefore.generator);
  const cpuPerHold = {
    server: (processCpuMs(child.pid ?? 0) - cpuBefore.server) / BUYERS,
    generator: (generatorCpu.user + generatorCpu.system) / 1000 / BUYERS,
    postgres: (postgresCpuMs() - cpuBefore.postgres) / BUYERS,
  };
  const payStart = performance.now();
  await pool(held, (order) => pay(ready.base, order));
  const paySeconds = (performance.now() - payStart) / 1000;

  const check = new pg.Client({ connectionString: url });
  await check.connect();
  const sold = (await check.query('select sold, held from tickets where id = $1', [ready.ticketId])).rows[0];
  const paid = Number((await check.query("select count(*) from orders where status = 'paid'")).rows[0].count);
  await check.end();
  child.send('stop');
  const reference = (referenceBefore + (await referenceRate())) / 2;

  const holdsPerSecond = BUYERS / holdSeconds;
  const ratio = holdsPerSecond / reference;
  const figures = {
    buyers: BUYERS,
    places: PLACES,
    concurrency: CONCURRENCY,
    pool: POOL,
    holdsPerSecond: Math.round(holdsPerSecond),
    holdP50Ms: Math.round(percentile(latencies, 50)),
    holdP99Ms: Math.round(percentile(latencies, 99)),
    confirmedOrdersPerSecond: Math.round(paid / paySeconds),
    ticketsSold: sold.sold,
    ticketsHeld: sold.held,
    paidOrders: paid,
    refused,
    unexpected,
    cpuMsPerHold: {
      server: Number(cpuPerHold.server.toFixed(2)),
      loadGenerator: Number(cpuPerHold.generator.toFixed(2)),
      postgres: Number(cpuPerHold.postgres.toFixed(2)),
    },
    referenceUpdatesPerSecond: Math.round(reference),
    ratio: Number(ratio.toFixed(2)),
  };
  console.log(
    `onsale: ${BUYERS} buyers race for ${PLACES} places (PostgreSQL, ${CONCURRENCY} concurrent buyers, pool ${POOL})`,
  );
  console.log(
    `  holds: ${figures.holdsPerSecond} req/s, p50 ${figures.holdP50Ms} ms, p99 ${figures.holdP99Ms} ms (${held.length} held, ${refused} told sold out, ${unexpected} other)`,
  );
  console.log(
    `  CPU per hold: server ${figures.cpuMsPerHold.server} ms, load generator ${figures.cpuMsPerHold.loadGenerator} ms, PostgreSQL ${figures.cpuMsPerHold.postgres} ms (every postgres process of the machine)`,
  );
  console.log(`  confirmed orders through the sandbox bank: ${figures.confirmedOrdersPerSecond}/s`);
  console.log(`  tickets sold: ${sold.sold} (must be ${PLACES}); still held: ${sold.held}`);
  console.log(
    `  reference (bare conditional UPDATE on one row, ${POOL} connections, mean of before and after): ${figures.referenceUpdatesPerSecond}/s`,
  );
  console.log(
    `  ratio holds / reference: ${figures.ratio} (target >= ${TARGET}) ${ratio >= TARGET ? 'PASS' : 'BELOW TARGET'}`,
  );
  mkdirSync(path.join(here, 'results'), { recursive: true });
  writeFileSync(path.join(here, 'results', 'onsale.json'), `${JSON.stringify(figures, null, 2)}\n`);
  if (sold.sold !== PLACES || paid !== PLACES || unexpected > 0) {
    console.error('onsale: the sale is wrong (see figures above)');
    process.exit(1);
  }
}

if (process.argv.includes('--serve')) await serve();
else await main();
