/**
 * bench/webhooks — 10,000 webhook deliveries drained through the job runner to a local receiver,
 * at the endpoint's bounded rate, with the server killed (SIGKILL, as kill -9) half-way and
 * started again: none may be lost (each event id received at least once; a few may come twice,
 * the deliveries in flight when it died, which the receivers deduplicate by Guichet-Event-Id).
 *
 * Reference, measured in the same run: the same 10,000 signed bodies posted one after the other
 * straight to the receiver by this process (no database, no job): the ceiling of one sequential
 * sender on this machine. The figure printed beside it is the drain rate of the job runner, which
 * must stay at or under the endpoint's bound (WEBHOOK_RATE_PER_SECOND) in every second.
 *
 * Settings: DATABASE_URL (a database whose name contains "bench"; default
 * postgres://postgres@127.0.0.1:5432/guichet_bench_webhooks), BENCH_DELIVERIES (10000),
 * BENCH_WEBHOOK_RATE (the endpoint's bound per second, 200).
 */
import { type ChildProcess, fork } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { openDatabase } from '../apps/api/src/db/client';
import { webhookEndpoints } from '../apps/api/src/db/schema';
import { ensureReferenceData } from '../apps/api/src/db/seed/reference';
import { deliveryBody } from '../apps/api/src/modules/webhooks/delivery';
import { signatureHeader } from '../apps/api/src/modules/webhooks/signature';
import { insertOrganiser } from '../apps/api/test/bulk-seed';
import { resetDatabase } from './database';

const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/guichet_bench_webhooks';
const DELIVERIES = Number(process.env.BENCH_DELIVERIES ?? 10_000);
const RATE = Number(process.env.BENCH_WEBHOOK_RATE ?? 200);
const SECRET = 'whsec_bench';

/** The application with its job runner, nothing else: the process the bench kills. */
async function serve(): Promise<void> {
  const database = await openDatabase({ url, dataDir: 'memory://', poolSize: 4 });
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    // A killed runner's claimed jobs come back after their lease: short, for the bench.
    JOB_LEASE_SECONDS: '5',
    WEBHOOK_RATE_PER_SECOND: String(RATE),
  });
  const app = await buildApp({ config, database, startJobs: true });
  await app.ready();
  // Polls faster than the server's 2 s, so that the bound, not the poll, sets the pace.
  const poll = setInterval(() => void app.jobs.kick(), 100);
  process.send?.('ready');
  process.on('message', async () => {
    clearInterval(poll);
    await app.close();
    await database.close();
    process.exit(0);
  });
}

function startServer(): Promise<ChildProcess> {
  const child = fork(fileURLToPath(import.meta.url), ['--serve'], { execArgv: ['--import', 'tsx'] });
  return new Promise((resolve, reject) => {
    child.once('message', () => resolve(child));
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
}

/** The receiver: each event id seen, how many times, and how many arrived in each second. */
function startReceiver() {
  const seen = new Map<string, number>();
  const perSecond = new Map<number, number>();
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      const id = String(request.headers['guichet-event-id'] ?? '');
      seen.set(id, (seen.get(id) ?? 0) + 1);
      const second = Math.floor(Date.now() / 1000);
      perSecond.set(second, (perSecond.get(second) ?? 0) + 1);
      response.writeHead(204).end();
    });
  });
  server.keepAliveTimeout = 5000;
  return {
    seen,
    perSecond,
    reset() {
      seen.clear();
      perSecond.clear();
    },
    listen: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () =>
          resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`),
        ),
      ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** One sequential sender posting signed bodies straight to the receiver: the reference. */
async function referenceRate(target: string): Promise<number> {
  const { request } = await import('node:http');
  const agent = new (await import('node:http')).Agent({ keepAlive: true, maxSockets: 1 });
  const started = performance.now();
  for (let i = 0; i < DELIVERIES; i++) {
    const body = deliveryBody({
      eventId: `reference-${i}`,
      type: 'order.paid',
      data: JSON.stringify({ n: i }),
      createdAt: new Date().toISOString(),
    });
    await new Promise<void>((resolve, reject) => {
      const post = request(target, {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'guichet-event-id': `reference-${i}`,
          'guichet-signature': signatureHeader(SECRET, body, Math.floor(Date.now() / 1000)),
        },
      });
      post.on('response', (response) => {
        response.resume();
        response.on('end', resolve);
      });
      post.on('error', reject);
      post.end(body);
    });
  }
  agent.destroy();
  return DELIVERIES / ((performance.now() - started) / 1000);
}

async function waitFor(condition: () => boolean, timeoutMs: number): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return condition();
}

async function main(): Promise<void> {
  await resetDatabase(url);
  const receiver = startReceiver();
  const target = await receiver.listen();
  const reference = await referenceRate(target);
  receiver.reset();

  const database = await openDatabase({ url, dataDir: 'memory://', poolSize: 2 });
  await database.migrate();
  await ensureReferenceData(database.db);
  const organizerId = await insertOrganiser(database.db);
  await database.db
    .insert(webhookEndpoints)
    .values({ userId: organizerId, url: target, events: ['order.paid'], secret: SECRET });
  // 10,000 events as the on-sale's trigger writes them: one row each, in one transaction.
  await database.db.execute(
    sql`select guichet_emit_webhook(${organizerId}::uuid, 'order.paid', jsonb_build_object('n', g))
          from generate_series(1, ${DELIVERIES}) g`,
  );
  await database.close();

  const started = performance.now();
  let server = await startServer();
  await waitFor(() => receiver.seen.size >= DELIVERIES / 2, 600_000);
  server.kill('SIGKILL');
  const atKill = receiver.seen.size;
  await new Promise((resolve) => setTimeout(resolve, 500));
  server = await startServer();
  const drained = await waitFor(() => receiver.seen.size >= DELIVERIES, 900_000);
  const seconds = (performance.now() - started) / 1000;
  // Late duplicates of the killed batch, if any, arrive after its lease.
  await new Promise((resolve) => setTimeout(resolve, 6_000));
  await new Promise<void>((resolve) => {
    server.once('exit', () => resolve());
    server.send('stop');
  });

  const check = new pg.Client({ connectionString: url });
  await check.connect();
  const { rows } = await check.query(
    `select (select count(*) from jobs where kind in ('webhook', 'webhook_event') and done_at is null)::int as pending,
            (select count(*) from jobs where kind = 'webhook' and failed_at is not null)::int as failed`,
  );
  await check.end();
  await receiver.close();

  const duplicates = [...receiver.seen.values()].reduce((sum, count) => sum + count - 1, 0);
  const lost = DELIVERIES - receiver.seen.size;
  const fullSeconds = [...receiver.perSecond.entries()].sort(([a], [b]) => a - b).slice(1, -1);
  const busiest = Math.max(0, ...fullSeconds.map(([, count]) => count));
  console.log(
    `webhooks: ${DELIVERIES} deliveries to one endpoint bounded at ${RATE}/s, server killed (SIGKILL) half-way`,
  );
  console.log(
    `  drained ${receiver.seen.size} distinct events in ${seconds.toFixed(1)} s: ${(receiver.seen.size / seconds).toFixed(0)}/s overall (bound ${RATE}/s); busiest full second ${busiest} (bound + a second's burst: ${2 * RATE})`,
  );
  console.log(
    `  killed after ${atKill} events; lost: ${lost} (must be 0); received twice: ${duplicates} (the batch in flight when killed)`,
  );
  console.log(`  jobs left pending: ${rows[0].pending}, failed: ${rows[0].failed} (must be 0 and 0)`);
  console.log(
    `  reference: one sequential sender posting the same signed bodies straight to the receiver: ${reference.toFixed(0)}/s`,
  );
  if (!drained || lost > 0 || rows[0].pending > 0 || rows[0].failed > 0 || busiest > 2 * RATE) {
    console.error('webhooks: deliveries were lost, left behind, or faster than the bound');
    process.exit(1);
  }
}

if (process.argv.includes('--serve')) await serve();
else await main();
