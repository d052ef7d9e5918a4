/**
 * bench/onsale-lb — the on-sale through a real load balancer (issue 34): HAProxy, run with the
 * very file of deploy/haproxy/haproxy.cfg, in front of three API servers started as systemd
 * starts them (apps/api/src/server.ts, one process each, each with a data folder of its own) on
 * one PostgreSQL and one Redis, sharing their keys through the configuration.
 *
 * 1. The sale: BENCH_BUYERS (2000) buyers, BENCH_CONCURRENCY (50) at a time, race for
 *    BENCH_PLACES (500) places through HAProxy, each holding then paying through the sandbox bank.
 *    Once a quarter of the places are held, one server is killed (SIGKILL), then started again.
 *    A buyer whose request failed sends it again (a payment only after asking whether its order
 *    was paid meanwhile), as a browser's user would.
 * 2. The rolling restart: while BENCH_SSE_CLIENTS (30) readers follow a second event's live
 *    places (Server-Sent Events) and 20 buyers keep buying its places, each server in turn is
 *    stopped (SIGTERM: drained, then closed), started again, and waited for until HAProxy sees it up.
 *
 * Prints (read from outside, keep them): `oversold: N`, `failed requests during the kill: X %`,
 * `failed requests during the rolling restart: N`, `tickets sold: N (must be N)`, and the SSE
 * readers' reconnections. Fails (exit 1) on any place oversold or not paid exactly once, a buyer
 * left unanswered, more than 1 % failed during the kill, any failure during the rolling restart,
 * or a reader that did not reconnect. Needs /usr/sbin/haproxy (Debian's package), PostgreSQL
 * (DATABASE_URL, a database whose name contains "bench", dropped and made again) and Redis
 * (REDIS_URL, default redis://127.0.0.1:6379).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { inParallel } from '../apps/api/test/bulk-seed';
import { sharedKeySettings } from '../apps/api/test/helpers';
import { resetDatabase } from './database';
import { type Answer, LoadClient } from './http-client';
import { freePort, makeBuyers, makeSale, type Poster, pay, postJson, type Sale } from './onsale-steps';
import { runBench } from './run-bench';

const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/guichet_bench_onsale_lb';
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const BUYERS = Number(process.env.BENCH_BUYERS ?? 2000);
const PLACES = Number(process.env.BENCH_PLACES ?? 500);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 50);
const SSE_CLIENTS = Number(process.env.BENCH_SSE_CLIENTS ?? 30);
const ROLLING_BUYERS = 20;
/** The drain a stopping server gives HAProxy's checks (every second, three failures) to take it out. */
const DRAIN_SECONDS = 5;
const MAX_KILL_FAILURES_PERCENT = 1;
const HAPROXY = '/usr/sbin/haproxy';
const here = path.dirname(fileURLToPath(import.meta.url));
const serverEntry = path.resolve(here, '../apps/api/src/server.ts');
const haproxyConfig = path.resolve(here, '../deploy/haproxy/haproxy.cfg');
const SERVERS = ['api1', 'api2', 'api3'] as const;

type Phase = 'sale' | 'kill' | 'rolling';
type ApiServer = { name: string; port: number; child: ChildProcess; output: string[] };
/** Every server's data folder (none is shared: nothing of a sale may live there), removed at the end. */
const dataDirs: string[] = [];

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Requests and failures (no answer, or a 5xx) by the phase the request was sent in. */
const counts: Record<Phase, { requests: number; failed: number; why: string[] }> = {
  sale: { requests: 0, failed: 0, why: [] },
  kill: { requests: 0, failed: 0, why: [] },
  rolling: { requests: 0, failed: 0, why: [] },
};

function countFailure(counted: (typeof counts)[Phase], target: string, why: string) {
  counted.failed++;
  if (counted.why.length < 10) counted.why.push(`${new URL(target).pathname.slice(0, 40)}: ${why.slice(0, 100)}`);
}
let phase: Phase = 'sale';
/** Answers no step expects (neither a success, a refusal for want of places, nor a failure). */
const unexpected: string[] = [];

/** The load generator, counting what fails in the phase each request was sent in. */
class CountingClient implements Poster {
  constructor(private readonly inner: LoadClient) {}
  async post(target: string, contentType: string, payload: string, headers?: Record<string, string>) {
    const counted = counts[phase];
    counted.requests++;
    try {
      const answer = await this.inner.post(target, contentType, payload, headers);
      if (answer.status >= 500) countFailure(counted, target, `${answer.status} ${answer.body}`);
      return answer;
    } catch (error) {
      countFailure(counted, target, String(error));
      throw error;
    }
  }
}

/** A GET counted like the posts (the buyer asking whether its order was paid). */
async function countedGet(target: string, cookie: string): Promise<Answer | null> {
  const counted = counts[phase];
  counted.requests++;
  try {
    const response = await fetch(target, { headers: { cookie }, redirect: 'manual' });
    const answer = { status: response.status, head: '', body: await response.text() };
    if (answer.status >= 500) countFailure(counted, target, `${answer.status} ${answer.body}`);
    return answer;
  } catch (error) {
    countFailure(counted, target, `${String(error)} ${String((error as Error).cause ?? '')}`);
    return null;
  }
}

function startServer(name: string, port: number, env: Record<string, string>): ApiServer {
  const output: string[] = [];
  const dataDir = mkdtempSync(path.join(tmpdir(), `guichet-lb-${name}-`));
  dataDirs.push(dataDir);
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    env: { ...env, PORT: String(port), DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    output.push(String(chunk));
    if (output.length > 200) output.shift();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return { name, port, child, output };
}

function exited(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (child.exitCode !== null || child.signalCode !== null)
    return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
}

/** HAProxy's view of each server (its status page as CSV): UP, DOWN, "UP 1/2", MAINT… */
async function serverStates(statsBase: string): Promise<Map<string, string>> {
  const text = await (await fetch(`${statsBase}/haproxy;csv`)).text();
  const [header = '', ...rows] = text.trim().split('\n');
  const columns = header.replace(/^# /, '').split(',');
  const status = columns.indexOf('status');
  const states = new Map<string, string>();
  for (const row of rows) {
    const cells = row.split(',');
    if (cells[0] === 'guichet_api') states.set(cells[1] ?? '', cells[status] ?? '');
  }
  return states;
}

/** HAProxy's process and what it said (it logs only what went wrong). */
const balancer: { child?: ChildProcess; log: string[] } = { log: [] };

/** Until HAProxy sends `name` requests again (its checks passed `rise` times). */
async function waitUntilUp(statsBase: string, server: ApiServer, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (server.child.exitCode !== null) throw new Error(`${server.name} exited: ${server.output.join('')}`);
    if (balancer.child?.exitCode != null) throw new Error(`HAProxy exited: ${balancer.log.join('')}`);
    const state = await serverStates(statsBase).catch(() => new Map<string, string>());
    if (state.get(server.name) === 'UP') return;
    if (Date.now() > deadline) throw new Error(`${server.name} not up in HAProxy: ${server.output.join('')}`);
    await pause(250);
  }
}

type Outcome = 'paid' | 'sold-out' | 'unanswered';

/** How long a buyer keeps trying (a server killed and started again takes a while on a busy machine). */
const PATIENCE_MS = 300_000;
const isFailure = (error: unknown) =>
  /answered 5\d\d|closed|nothing received|ECONNRESET|EPIPE|ECONNREFUSED/.test(String(error));

/** Whether the buyer's order is paid, as the order page says (null: no answer). */
async function isPaid(base: string, orderId: string, cookie: string): Promise<boolean | null> {
  const order = await countedGet(`${base}/api/orders/${orderId}`, cookie);
  if (order?.status !== 200) return null;
  return (JSON.parse(order.body) as { status: string }).status === 'paid';
}

/**
 * One buyer, as a browser's user: a hold, sent again while it fails; then the payment, and the
 * bank's return to the shop (which settles it too, should the bank's notification have failed),
 * tried again while the order is not paid. A held order whose answer was lost is released by the
 * next hold of the same buyer (one live hold per account and event), so nothing stays held.
 */
async function buy(client: CountingClient, base: string, sale: Sale, cookie: string): Promise<Outcome> {
  const deadline = Date.now() + PATIENCE_MS;
  let orderId: string | undefined;
  for (let attempt = 0; !orderId; attempt++) {
    if (Date.now() > deadline) return 'unanswered';
    const body = { eventId: sale.eventId, lines: [{ ticketId: sale.ticketId, quantity: 1 }] };
    const answer = await postJson(client, `${base}/api/orders`, body, cookie).catch(() => null);
    if (answer?.status === 201) orderId = (JSON.parse(answer.body) as { id: string }).id;
    else if (answer?.status === 409 && answer.body.includes('SOLD_OUT')) return 'sold-out';
    else {
      if (answer && answer.status < 500) unexpected.push(`hold: ${answer.status} ${answer.body.slice(0, 120)}`);
      await pause(Math.min(2000, 100 + attempt * 100));
    }
  }
  for (let attempt = 0; Date.now() < deadline; attempt++) {
    try {
      const back = await pay(client, { id: orderId, cookie, base });
      const returned = await countedGet(new URL(back, base).toString(), cookie);
      if (returned && returned.status >= 500) throw new Error(`the return answered ${returned.status}`);
    } catch (error) {
      // 409: paid meanwhile (the bank's notification came through), looked at below.
      if (!isFailure(error) && !/start answered 409/.test(String(error)))
        unexpected.push(`payment: ${String(error).slice(0, 160)}`);
    }
    if (await isPaid(base, orderId, cookie)) return 'paid';
    await pause(Math.min(2000, 100 + attempt * 100));
  }
  return 'unanswered';
}

/** A reader of live places that reconnects as a browser's EventSource does, after `retry:`. */
class SseReader {
  connections = 0;
  refused = 0;
  /** `places` messages received since the last connection opened. */
  fresh = 0;
  isOpen = false;
  private retryMs = 3000;
  private stopped = false;
  private current: ReturnType<typeof request> | undefined;

  constructor(private readonly target: string) {
    void this.loop();
  }

  get reconnections() {
    return Math.max(0, this.connections - 1);
  }

  private async loop() {
    while (!this.stopped) {
      await new Promise<void>((done) => {
        let responded = false;
        this.current = request(this.target, { headers: { accept: 'text/event-stream' } }, (response) => {
          responded = true;
          if (response.statusCode !== 200) {
            this.refused++;
            response.resume();
            response.on('end', done);
            return;
          }
          this.connections++;
          this.fresh = 0;
          this.isOpen = true;
          let buffer = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => {
            buffer += chunk;
            for (let cut = buffer.indexOf('\n\n'); cut !== -1; cut = buffer.indexOf('\n\n')) {
              const block = buffer.slice(0, cut);
              buffer = buffer.slice(cut + 2);
              const retry = /^retry: (\d+)$/m.exec(block);
              if (retry) this.retryMs = Number(retry[1]);
              if (block.startsWith('event: places')) this.fresh++;
            }
          });
          response.on('close', () => {
            this.isOpen = false;
            done();
          });
        });
        // An error after an answer is the stream's end, not a refusal.
        this.current.on('error', () => {
          if (!responded) this.refused++;
          this.isOpen = false;
          done();
        });
        this.current.end();
      });
      if (!this.stopped) await pause(this.retryMs);
    }
  }

  stop() {
    this.stopped = true;
    this.current?.destroy();
  }
}

async function soldAndPaid(check: pg.Client, sale: Sale) {
  const { rows } = await check.query(
    `select t.sold, t.held, t.quantity,
            (select count(*)::int from orders o where o.event_id = $2 and o.status = 'paid') as paid_orders,
            (select count(*)::int from payment_transactions p join orders o on o.id = p.order_id
              where o.event_id = $2 and p.kind = 'payment') as payments,
            (select count(*)::int from (select p.order_id from payment_transactions p join orders o on o.id = p.order_id
              where o.event_id = $2 and p.kind = 'payment' group by p.order_id having count(*) > 1) twice) as paid_twice,
            (select count(*)::int from payment_transactions p join orders o on o.id = p.order_id
              where o.event_id = $2 and p.kind <> 'payment') as extra_captures,
            (select count(*)::int from payment_transactions p join orders o on o.id = p.order_id
              where o.event_id = $2 and p.kind <> 'payment' and p.refund_status = 'none') as extra_kept
       from tickets t where t.id = $1`,
    [sale.ticketId, sale.eventId],
  );
  return rows[0] as {
    sold: number;
    held: number;
    quantity: number;
    paid_orders: number;
    payments: number;
    paid_twice: number;
    extra_captures: number;
    extra_kept: number;
  };
}

async function main(): Promise<number> {
  if (!existsSync(HAPROXY)) throw new Error(`${HAPROXY} is missing: apt-get install haproxy`);
  await resetDatabase(url);
  const { organizerId, cookies } = await makeBuyers(url, BUYERS);
  const sale = await makeSale(url, organizerId, 'Mise en vente derrière HAProxy', PLACES);
  const rollingSale = await makeSale(url, organizerId, 'Redémarrage tournant', 1_000_000);

  const [lbPort, statsPort, ...apiPorts] = await Promise.all([0, 1, 2, 3, 4].map(() => freePort()));
  const base = `http://127.0.0.1:${lbPort}`;
  const statsBase = `http://127.0.0.1:${statsPort}`;
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
    DATABASE_URL: url,
    REDIS_URL: redisUrl,
    TRUST_PROXY: 'true',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MAX: '1000000',
    SHUTDOWN_DRAIN_SECONDS: String(DRAIN_SECONDS),
    JOB_LEASE_SECONDS: '30',
    // The servers refuse to start as a cluster without them (config.ts).
    ...sharedKeySettings(),
  };
  const servers = SERVERS.map((name, at) => startServer(name, apiPorts[at] as number, env));
  const haproxy = spawn(HAPROXY, ['-db', '-f', haproxyConfig], {
    env: {
      GUICHET_LB_BIND: `127.0.0.1:${lbPort}`,
      GUICHET_LB_STATS: `127.0.0.1:${statsPort}`,
      ...Object.fromEntries(SERVERS.map((_, at) => [`GUICHET_API_${at + 1}`, `127.0.0.1:${apiPorts[at]}`])),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  balancer.child = haproxy;
  for (const stream of [haproxy.stdout, haproxy.stderr])
    stream?.on('data', (chunk) => balancer.log.push(String(chunk)));
  const check = new pg.Client({ connectionString: url });
  const readers: SseReader[] = [];
  try {
    for (const server of servers) await waitUntilUp(statsBase, server);
    await check.connect();

    // 1. The sale, and a server killed during it.
    const client = new CountingClient(new LoadClient(CONCURRENCY));
    const outcomes: Outcome[] = [];
    let holds = 0;
    let killed: Promise<{ restartSeconds: number }> | undefined;
    const victim = servers[1] as ApiServer;
    const killAndRestart = async () => {
      phase = 'kill';
      const started = performance.now();
      victim.child.kill('SIGKILL');
      await exited(victim.child);
      const again = startServer(victim.name, victim.port, env);
      servers[1] = again;
      await waitUntilUp(statsBase, again);
      phase = 'sale';
      return { restartSeconds: (performance.now() - started) / 1000 };
    };
    const saleStarted = performance.now();
    await inParallel(cookies, CONCURRENCY, async (cookie) => {
      const outcome = await buy(client, base, sale, cookie);
      outcomes.push(outcome);
      if (outcome === 'paid' && ++holds === Math.ceil(PLACES / 4)) killed = killAndRestart();
    });
    const saleSeconds = (performance.now() - saleStarted) / 1000;
    const kill = await killed;
    const afterSale = await soldAndPaid(check, sale);

    // 2. The rolling restart, buyers buying and readers following the places.
    const streamUrl = `${base}/api/events/${rollingSale.eventId}/availability/stream`;
    for (let i = 0; i < SSE_CLIENTS; i++) readers.push(new SseReader(streamUrl));
    const rollingClient = new CountingClient(new LoadClient(ROLLING_BUYERS));
    let isBuying = true;
    let bought = 0;
    const rollingOutcomes: Outcome[] = [];
    let next = 0;
    const buyers = Array.from({ length: ROLLING_BUYERS }, async () => {
      while (isBuying) {
        const cookie = cookies[next++ % cookies.length] as string;
        const outcome = await buy(rollingClient, base, rollingSale, cookie);
        rollingOutcomes.push(outcome);
        if (outcome === 'paid') bought++;
      }
    });
    await pause(2000);
    phase = 'rolling';
    const stops: { name: string; code: number | null; signal: string | null; seconds: number }[] = [];
    for (let at = 0; at < servers.length; at++) {
      const server = servers[at] as ApiServer;
      const started = performance.now();
      server.child.kill('SIGTERM');
      const { code, signal } = await exited(server.child);
      stops.push({ name: server.name, code, signal, seconds: (performance.now() - started) / 1000 });
      const again = startServer(server.name, server.port, env);
      servers[at] = again;
      await waitUntilUp(statsBase, again);
    }
    // The last readers cut reconnect (within the hint) and get their first figures.
    const settled = Date.now() + 15_000;
    while (Date.now() < settled && readers.some((reader) => !reader.isOpen || reader.fresh === 0)) await pause(250);
    isBuying = false;
    await Promise.all(buyers);
    phase = 'sale';
    const afterRolling = await soldAndPaid(check, rollingSale);
    const reconnected = readers.filter((reader) => reader.reconnections >= 1 && reader.isOpen && reader.fresh > 0);

    // The figures.
    const oversold =
      Math.max(0, afterSale.sold - afterSale.quantity) + Math.max(0, afterRolling.sold - afterRolling.quantity);
    const killPercent = (100 * counts.kill.failed) / Math.max(1, counts.kill.requests);
    const unanswered = [...outcomes, ...rollingOutcomes].filter((outcome) => outcome === 'unanswered').length;
    console.log(
      `onsale-lb: ${BUYERS} buyers race for ${PLACES} places through HAProxy (${execVersion()}) in front of 3 API servers, ${CONCURRENCY} at a time; PostgreSQL, Redis`,
    );
    console.log(
      `  the sale: ${saleSeconds.toFixed(1)} s; ${outcomes.filter((o) => o === 'paid').length} paid, ${outcomes.filter((o) => o === 'sold-out').length} told sold out, ${unanswered} unanswered`,
    );
    console.log(
      `  ${victim.name} killed (SIGKILL) after ${Math.ceil(PLACES / 4)} paid places, back in HAProxy after ${kill?.restartSeconds.toFixed(1) ?? '?'} s; requests sent meanwhile: ${counts.kill.requests}, failed: ${counts.kill.failed} (each sent again by its buyer)`,
    );
    console.log(`oversold: ${oversold}`);
    console.log(`failed requests during the kill: ${killPercent.toFixed(2)} %`);
    console.log(`failed requests during the rolling restart: ${counts.rolling.failed}`);
    console.log(`tickets sold: ${afterSale.sold} (must be ${PLACES})`);
    console.log(
      `  every place paid once: ${afterSale.paid_orders} paid orders, ${afterSale.payments} payments, ${afterSale.paid_twice} orders paid twice, still held ${afterSale.held}; captures beyond the payment: ${afterSale.extra_captures} (${afterSale.extra_kept} not given back)`,
    );
    console.log(
      `  rolling restart: ${stops.map((s) => `${s.name} stopped in ${s.seconds.toFixed(1)} s (exit ${s.code ?? s.signal})`).join(', ')}; ${counts.rolling.requests} requests sent meanwhile`,
    );
    console.log(
      `  bought during it: ${bought}; the event's tickets sold: ${afterRolling.sold} (must be ${bought}), paid orders ${afterRolling.paid_orders}, payments ${afterRolling.payments}, still held ${afterRolling.held}`,
    );
    console.log(
      `SSE clients reconnected: ${reconnected.length} of ${readers.length} (${readers.reduce((sum, r) => sum + r.reconnections, 0)} reconnections, ${readers.reduce((sum, r) => sum + r.refused, 0)} refused attempts)`,
    );
    for (const at of ['kill', 'rolling'] as const)
      if (counts[at].why.length > 0) console.log(`  failed during the ${at}: ${counts[at].why.join(' | ')}`);
    if (unexpected.length > 0)
      console.log(`  unexpected answers: ${unexpected.length}: ${unexpected.slice(0, 5).join(' | ')}`);

    const wrong = [
      oversold > 0 && 'places oversold',
      afterSale.sold !== PLACES && 'not every place sold',
      afterSale.paid_orders !== afterSale.sold && 'paid orders differ from places sold',
      afterSale.payments !== afterSale.paid_orders && 'payments differ from paid orders',
      afterSale.paid_twice + afterRolling.paid_twice > 0 && 'an order paid twice',
      afterSale.extra_kept + afterRolling.extra_kept > 0 && 'an extra capture kept',
      afterRolling.sold !== bought && 'the rolling sale sold other than what was bought',
      afterRolling.payments !== afterRolling.paid_orders && 'rolling: payments differ from paid orders',
      unanswered > 0 && 'a buyer left unanswered',
      killPercent > MAX_KILL_FAILURES_PERCENT && `more than ${MAX_KILL_FAILURES_PERCENT} % failed during the kill`,
      counts.rolling.failed > 0 && 'failed requests during the rolling restart',
      reconnected.length < readers.length && 'an SSE client did not reconnect',
      unexpected.length > 0 && 'unexpected answers',
    ].filter(Boolean);
    if (wrong.length > 0) {
      console.error(`onsale-lb: ${wrong.join('; ')}`);
      if (process.env.BENCH_VERBOSE) console.error(balancer.log.join('').slice(-5000));
      return 1;
    }
    return 0;
  } finally {
    for (const reader of readers) reader.stop();
    await check.end().catch(() => undefined);
    haproxy.kill('SIGTERM');
    await Promise.all(
      servers.map(async (server) => {
        server.child.kill('SIGTERM');
        await exited(server.child);
      }),
    );
    for (const dataDir of dataDirs) rmSync(dataDir, { recursive: true, force: true });
  }
}

function execVersion(): string {
  return (
    /HAProxy version (\S+)/.exec(spawnSync(HAPROXY, ['-v'], { encoding: 'utf8' }).stdout)?.[1] ?? 'unknown version'
  );
}

runBench('onsale-lb', main);
