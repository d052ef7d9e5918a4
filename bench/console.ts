/**
 * bench/console — the organiser's follow-up of a big event: 50,000 participations over 5 ticket
 * types, 20 promo codes, 30,000 scans, 20,000 buyers of whom some came to an earlier event. It
 * prints the p50/p99 of the statistics call and of the first participants page, and the time and
 * the server's peak memory of the full xlsx export (whose rows it counts). Reference, measured in
 * the same run: the same participations read by a bare `SELECT` on one connection.
 * Targets (issue 34): statistics p99 within 0.1 × the bare read's p99; the first participants page,
 * in each sort order and with a search, p99 within 3 × a bare indexed read of one page of 50; the
 * export under 256 MB (issue 13).
 * Then a payout request over that event (issue 27): what it reads of the ledger against the
 * event's row read by its key, at most 5 × (p50), and the whole request over HTTP beside the same
 * request on an event of 10 orders (README.md, "The payout request").
 *
 * The application runs in a child process (this file with --serve), which samples its own memory
 * while the export runs. Settings: DATABASE_URL (a database whose name contains "bench"; default
 * postgres://postgres@127.0.0.1:5432/guichet_bench_console), BENCH_PARTICIPATIONS (50000),
 * BENCH_ROUNDS (30), BENCH_PAGE_ROUNDS (200, the participants pages and their bare reference), BENCH_PAYOUT_ROUNDS (500), BENCH_REUSE=1 (measure the database an earlier run
 * seeded, instead of dropping it and seeding again).
 */
import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { type AddressInfo, createServer } from 'node:net';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { participantSorts } from '@guichet/shared';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { openDatabase } from '../apps/api/src/db/client';
import { events, sessions } from '../apps/api/src/db/schema';
import { ensureReferenceData } from '../apps/api/src/db/seed/reference';
import { sha256 } from '../apps/api/src/lib/tokens';
import { payoutPlan } from '../apps/api/src/modules/payouts/rules';
import { percentile, resetDatabase } from './database';

const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/guichet_bench_console';
const PARTICIPATIONS = Number(process.env.BENCH_PARTICIPATIONS ?? 50_000);
// An order holds 1, 2 or 3 places (order g: one more when g % 7 = 0, another when g % 11 = 0),
// each its own participation: so many orders give about PARTICIPATIONS places.
const ORDERS = Math.round(PARTICIPATIONS / (1 + 1 / 7 + 1 / 11));
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);
// A page and its bare reference take a few milliseconds: measured more often, so that their p99
// is not simply the slowest of 30 calls (one pause on either side turned the ratio from 15 to 3).
const PAGE_ROUNDS = Number(process.env.BENCH_PAGE_ROUNDS ?? 200);
const SCANS = Math.round(PARTICIPATIONS * 0.6);
const BUYERS = Math.round(PARTICIPATIONS * 0.4);
const TICKET_TYPES = 5;
const PROMO_CODES = 20;
const STATS_RATIO_TARGET = 0.1;
const PAGE_RATIO_TARGET = 3;
const PAGE_SIZE = 50;
// The list's first page as an organiser opens it: each sort order, and a search (issue 34).
const PAGE_QUERIES = [
  ...participantSorts.map((sort) => `sort=${sort}&dir=asc`),
  'sort=date&dir=desc',
  'sort=name&dir=asc&q=camille',
  'sort=date&dir=desc&q=nom0001',
];
// Measure again the database an earlier run seeded with the same BENCH_PARTICIPATIONS (seeding
// 50,000 places takes minutes); without it the database is dropped and seeded afresh.
const REUSE = process.env.BENCH_REUSE === '1';
const PAYOUT_ROUNDS = Number(process.env.BENCH_PAYOUT_ROUNDS ?? 500);
const PAYOUT_RATIO_TARGET = 5;
const WARM_UP = 3;
const MEMORY_TARGET_MB = 256;
const here = path.dirname(fileURLToPath(import.meta.url));

type Ready = {
  type: 'ready';
  base: string;
  eventId: string;
  smallEventId: string;
  organizerId: string;
  token: string;
  adminToken: string;
  rssMb: number;
};
type Memory = { type: 'memory'; peakRssMb: number; peakHeapMb: number; baseRssMb: number };

/**
 * The event's data, written by PostgreSQL itself (generate_series) so that seeding neither takes
 * minutes nor inflates the server's memory before it is measured. Every web participation has its
 * order and order line as the checkout writes them; a fifth of the orders used a promo code.
 */
async function seed(client: pg.Client) {
  const organizer = (
    await client.query<{ id: string }>(
      `insert into users (email, password_hash, first_name, last_name, birth_date, is_verified, terms_version_accepted)
       values ('organisateur@bench.test', 'x', 'Orga', 'Nisateur', '1985-05-05', true, 1) returning id`,
    )
  ).rows[0]?.id;
  await client.query(
    `insert into users (email, password_hash, first_name, last_name, birth_date, terms_version_accepted)
     select 'acheteur-' || g || '@bench.test', 'x',
            (array['Camille','Léa','Hugo','Louis','Emma','Jules','Chloé','Nathan'])[1 + g % 8],
            'Nom' || lpad(g::text, 6, '0'), date '1965-01-01' + (g * 37 % 14000), 1
       from generate_series(1, $1::int) g`,
    [BUYERS],
  );
  const begin = new Date(Date.now() - 86_400_000);
  const [earlier, event] = (
    await client.query<{ id: string }>(
      `insert into events (organizer_id, title, address, date_begin, date_end, is_public, nb_max_participants)
       values ($1, 'La veille', 'Toulouse', $2::timestamptz - interval '1 year', $2::timestamptz - interval '1 year' + interval '5 hours', true, -1),
              ($1, 'Le grand soir', 'Toulouse', $2::timestamptz, $2::timestamptz + interval '5 hours', true, $3)
       returning id`,
      [organizer, begin.toISOString(), PARTICIPATIONS * 2],
    )
  ).rows.map((row) => row.id);
  const ticketIds = (
    await client.query<{ id: string }>(
      `insert into tickets (event_id, title, price_cents, quantity, position)
       select $1, (array['Entrée - Normal','Entrée - Étudiant','VIP','Soirée - Tardive','Early bird'])[g], 500 + g * 450, $2, g
         from generate_series(1, ${TICKET_TYPES}) g returning id`,
      [event, PARTICIPATIONS],
    )
  ).rows.map((row) => row.id);
  const earlierTicket = (
    await client.query<{ id: string }>(
      `insert into tickets (event_id, title, price_cents, quantity) values ($1, 'Entrée', 1000, 5000) returning id`,
      [earlier],
    )
  ).rows[0]?.id;
  const codes = (
    await client.query<{ id: string }>(
      `insert into discount_codes (event_id, code, percent, is_single_use, quantity)
       select $1, 'PROMO' || g, 5 * (1 + g % 10), false, 100000 from generate_series(1, ${PROMO_CODES}) g returning id`,
      [event],
    )
  ).rows.map((row) => row.id);

  // Order g: buyer 1 + g % BUYERS, ticket g % 5, 1 to 3 places, a tenth sold at the door.
  // Orders and lines in one transaction, posted to the ledger in one statement once their lines
  // are written (sale, commission, door sale), as a batch of settlements posts its orders: each
  // order posted by its own trigger at the commit took minutes, each post's plan made while the
  // ledger was empty.
  await client.query('begin');
  await client.query(`select set_config('guichet.ledger_posted_by', 'settlement', true)`);
  await client.query(
    `insert into orders (reference, event_id, user_id, buyer_email, buyer_first_name, buyer_last_name,
                         buyer_birth_date, status, provider, onsite_payment, discount_code_id, discount_percent,
                         subtotal_cents, discount_cents, total_cents, ticket_count, expires_at, paid_at, created_at)
     select 'BENCH' || g, $1, u.id, u.email, u.first_name, u.last_name, u.birth_date, 'paid',
            case when g % 10 = 0 then 'onsite' else 'sandbox' end,
            case when g % 10 = 0 then 'card' end,
            case when g % 5 = 1 then ($2::uuid[])[1 + g % ${PROMO_CODES}] end,
            case when g % 5 = 1 then 5 * (1 + (1 + g % ${PROMO_CODES}) % 10) end,
            q * (950 + (g % 5) * 450),
            case when g % 5 = 1 then q * (950 + (g % 5) * 450) * 5 * (1 + (1 + g % ${PROMO_CODES}) % 10) / 100 else 0 end,
            q * (950 + (g % 5) * 450),
            q, $3::timestamptz, $3::timestamptz - (g % 2000) * interval '17 minutes',
            $3::timestamptz - (g % 2000) * interval '17 minutes'
       from generate_series(1, $4::int) g
       cross join lateral (select 1 + (g % 7 = 0)::int + (g % 11 = 0)::int as q) places
       join users u on u.email = 'acheteur-' || (1 + g % $5::int) || '@bench.test'`,
    [event, codes, begin.toISOString(), ORDERS, BUYERS],
  );
  await client.query(
    `insert into order_lines (order_id, ticket_id, quantity, unit_price_cents)
     select o.id, ($1::uuid[])[1 + substr(o.reference, 6)::int % ${TICKET_TYPES}], o.ticket_count,
            o.subtotal_cents / o.ticket_count
       from orders o where o.event_id = $2`,
    [ticketIds, event],
  );
  await client.query('select guichet_ledger_post_orders(array(select id from orders where event_id = $1))', [event]);
  await client.query('commit');
  // What the sandbox bank captured for the online orders, as its confirmations record it.
  await client.query(
    `insert into payment_transactions (order_id, provider, transaction_id, amount_cents, kind)
     select id, 'sandbox', reference, total_cents, 'payment' from orders where event_id = $1 and provider = 'sandbox'`,
    [event],
  );
  await client.query(
    `insert into participations (event_id, ticket_id, user_id, order_id, quantity, source, created_at)
     select o.event_id, l.ticket_id, o.user_id, o.id, 1,
            case when o.provider = 'onsite' then 'presentiel' else 'web' end, o.created_at
       from orders o join order_lines l on l.order_id = o.id
       cross join generate_series(1, l.quantity) place
      where o.event_id = $1`,
    [event],
  );
  await client.query(
    `update tickets t set sold = s.places
       from (select ticket_id, sum(quantity)::int as places from participations where event_id = $1 group by 1) s
      where t.id = s.ticket_id`,
    [event],
  );
  // A fifth of the buyers came last year: the regulars.
  await client.query(
    `insert into participations (event_id, ticket_id, user_id, quantity, source)
     select $1, $2, id, 1, 'web' from users where email like 'acheteur-%' and right(split_part(email, '@', 1), 1) in ('0', '5')`,
    [earlier, earlierTicket],
  );
  await client.query(
    `update tickets set sold = (select count(*) from participations where ticket_id = $1) where id = $1`,
    [earlierTicket],
  );
  const small = await seedPayoutEvents(client, organizer ?? '', begin);
  // One accepted scan, one entry, for each of the first SCANS participations.
  await client.query(
    `with chosen as (
       select id from participations where event_id = $1 order by id limit $3::int),
     taken as (
       update participations p set entries_used = 1 from chosen where p.id = chosen.id returning p.id)
     insert into scans (id, event_id, participation_id, staff_user_id, result, scanned_at)
     select gen_random_uuid(), $1, taken.id, $2, 'accepted',
            $4::timestamptz + (row_number() over ()) % 300 * interval '1 minute'
       from taken`,
    [event, organizer, SCANS, begin.toISOString()],
  );
  // As autovacuum leaves a database some time after a sale: the pages all visible, so that a
  // search counts its rows from the words' index alone (docs/decisions.md "Follow-up").
  await client.query('vacuum (analyze)');
  return { eventId: event ?? '', organizerId: organizer ?? '', ...small };
}

/**
 * What a payout request needs (issue 27): the organiser's bank account, an administrator who
 * rejects each measured request (its amount goes back to the balance, so the next request pays out
 * again), and a second event of the same organiser, ended too, with 10 paid orders: the same
 * request over 10 orders instead of 50,000.
 */
async function seedPayoutEvents(client: pg.Client, organizer: string, begin: Date) {
  await client.query(
    `insert into bank_accounts (user_id, holder_name, iban) values ($1, 'Orga Nisateur', 'FR7630006000011234567890189')`,
    [organizer],
  );
  const adminId = (
    await client.query<{ id: string }>(
      `insert into users (email, password_hash, first_name, last_name, birth_date, role, terms_version_accepted)
       values ('admin@bench.test', 'x', 'Ad', 'Min', '1980-01-01', 'admin', 1) returning id`,
    )
  ).rows[0]?.id;
  const smallEvent = (
    await client.query<{ id: string }>(
      `insert into events (organizer_id, title, address, date_begin, date_end, is_public)
       values ($1, 'Le petit soir', 'Toulouse', $2::timestamptz, $2::timestamptz + interval '5 hours', true) returning id`,
      [organizer, begin.toISOString()],
    )
  ).rows[0]?.id;
  const smallTicket = (
    await client.query<{ id: string }>(
      `insert into tickets (event_id, title, price_cents, quantity, sold) values ($1, 'Entrée', 1500, 100, 10) returning id`,
      [smallEvent],
    )
  ).rows[0]?.id;
  await client.query('begin');
  await client.query(
    `with placed as (
       insert into orders (reference, event_id, user_id, buyer_email, buyer_first_name, buyer_last_name,
                           buyer_birth_date, status, provider, subtotal_cents, total_cents, ticket_count, expires_at, paid_at)
       select 'SMALL' || g, $1, u.id, u.email, u.first_name, u.last_name, u.birth_date, 'paid', 'sandbox',
              1500, 1500, 1, $3::timestamptz, $3::timestamptz
         from generate_series(1, 10) g join users u on u.email = 'acheteur-' || g || '@bench.test'
       returning id, user_id, reference, total_cents),
     lines as (insert into order_lines (order_id, ticket_id, quantity, unit_price_cents)
               select id, $2, 1, 1500 from placed),
     captures as (insert into payment_transactions (order_id, provider, transaction_id, amount_cents, kind)
                  select id, 'sandbox', reference, total_cents, 'payment' from placed)
     insert into participations (event_id, ticket_id, user_id, order_id, quantity, source)
     select $1, $2, user_id, id, 1, 'web' from placed`,
    [smallEvent, smallTicket, begin.toISOString()],
  );
  await client.query('commit');
  return { smallEventId: smallEvent ?? '', adminId: adminId ?? '' };
}

/** The ids of a database seeded by an earlier run (BENCH_REUSE=1), or undefined when there is none. */
async function seededBefore(client: pg.Client) {
  const { rows } = await client.query<{ eventId: string; organizerId: string; smallEventId: string; adminId: string }>(
    `select e.id as "eventId", e.organizer_id as "organizerId",
            (select id from events where title = 'Le petit soir') as "smallEventId",
            (select id from users where email = 'admin@bench.test') as "adminId"
       from events e where e.title = 'Le grand soir'`,
  );
  return rows[0];
}

async function serve(): Promise<void> {
  const database = await openDatabase({ url, dataDir: 'memory://', poolSize: 10 });
  await database.migrate();
  await ensureReferenceData(database.db);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const seeded = (REUSE ? await seededBefore(client) : undefined) ?? (await seed(client));
  await client.end();
  const sessionOf = async (userId: string) => {
    const token = randomBytes(32).toString('base64url');
    await database.db
      .insert(sessions)
      .values({ tokenHash: sha256(token), userId, expiresAt: new Date(Date.now() + 86_400_000) });
    return token;
  };
  const token = await sessionOf(seeded.organizerId);
  const adminToken = await sessionOf(seeded.adminId);

  const port = await freePort();
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', RATE_LIMIT_MAX: '1000000' });
  const live = await buildApp({ config: { ...config, port, publicUrl: `http://127.0.0.1:${port}` }, database });
  await live.listen({ host: '127.0.0.1', port });
  const mb = (bytes: number) => Math.round(bytes / 1_048_576);

  // Memory is sampled every 5 ms between 'sample' and 'report': the peak of the export itself.
  let sampler: NodeJS.Timeout | undefined;
  let peakRss = 0;
  let peakHeap = 0;
  let baseRss = 0;
  process.on('message', async (message) => {
    if (message === 'sample') {
      baseRss = process.memoryUsage().rss;
      peakRss = baseRss;
      peakHeap = process.memoryUsage().heapUsed;
      sampler = setInterval(() => {
        const now = process.memoryUsage();
        peakRss = Math.max(peakRss, now.rss);
        peakHeap = Math.max(peakHeap, now.heapUsed);
      }, 5);
    } else if (message === 'report') {
      clearInterval(sampler);
      process.send?.({
        type: 'memory',
        peakRssMb: mb(peakRss),
        peakHeapMb: mb(peakHeap),
        baseRssMb: mb(baseRss),
      } satisfies Memory);
    } else {
      await live.close();
      await database.close();
      process.exit(0);
    }
  });
  process.send?.({
    type: 'ready',
    base: `http://127.0.0.1:${port}`,
    eventId: seeded.eventId,
    smallEventId: seeded.smallEventId,
    organizerId: seeded.organizerId,
    token,
    adminToken,
    rssMb: mb(process.memoryUsage().rss),
  } satisfies Ready);
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function get(agent: Agent, target: string, token: string): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const call = request(target, { agent, headers: { cookie: `guichet_session=${token}` } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    });
    call.on('error', reject);
    call.end();
  });
}

/** A JSON POST with the session of `token`. */
function post(agent: Agent, target: string, token: string, body?: object): Promise<{ status: number; body: string }> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { cookie: `guichet_session=${token}` };
    if (payload !== undefined) headers['content-type'] = 'application/json';
    const call = request(target, { agent, method: 'POST', headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
      response.on('error', reject);
    });
    call.on('error', reject);
    call.end(payload);
  });
}

type PayoutFigures = {
  planP50Ms: number;
  planP99Ms: number;
  eventReadP50Ms: number;
  eventReadP99Ms: number;
  planRatio: number;
  planAmountCents: number;
  advancePlanP50Ms: number;
  httpBigP50Ms: number;
  httpSmallP50Ms: number;
  httpRatio: number;
  failures: number;
};

/**
 * A payout request over the event of 50,000 paid orders (issue 27). (a) What the request reads of
 * the ledger to know what it may pay (payoutPlan: the organiser's streams, each balance read from
 * its last entry) against reading the event's row by its key, alternately on one connection,
 * PAYOUT_ROUNDS times; the same plan under an advance (before the end), for information. (b) The
 * whole POST over HTTP on that event and on the organiser's event of 10 orders, each request then
 * rejected by the administrator so that the next one pays out again.
 */
async function measurePayouts(ready: Ready, agent: Agent): Promise<PayoutFigures> {
  const database = await openDatabase({ url, dataDir: 'memory://', poolSize: 1 });
  const { db } = database;
  const [event] = await db
    .select({ organizerId: events.organizerId, dateEnd: events.dateEnd })
    .from(events)
    .where(eq(events.id, ready.eventId));
  if (!event) throw new Error('event not found');
  const target = { id: ready.eventId, ...event };
  const now = new Date();
  const plans: number[] = [];
  const reads: number[] = [];
  let planAmountCents = 0;
  for (let round = -WARM_UP; round < PAYOUT_ROUNDS; round++) {
    let started = performance.now();
    await db.execute(sql`select * from events where id = ${ready.eventId}`);
    const read = performance.now() - started;
    started = performance.now();
    planAmountCents = (await payoutPlan(db, target, 0, now)).amountCents;
    const plan = performance.now() - started;
    if (round >= 0) {
      reads.push(read);
      plans.push(plan);
    }
  }
  const beforeEnd = new Date(event.dateEnd.getTime() - 3_600_000);
  const advancePlans = await timed(Math.min(ROUNDS, PAYOUT_ROUNDS), async () => {
    await payoutPlan(db, target, 100, beforeEnd);
  });
  await database.close();

  let failures = 0;
  const requestPayout = async (eventId: string): Promise<number> => {
    const started = performance.now();
    const asked = await post(agent, `${ready.base}/api/console/events/${eventId}/payouts`, ready.token);
    const ms = performance.now() - started;
    if (asked.status !== 201) {
      failures++;
      return ms;
    }
    const rejected = await post(
      agent,
      `${ready.base}/api/admin/payouts/${JSON.parse(asked.body).id}/reject`,
      ready.adminToken,
      { reason: 'Mesure : refusé pour redemander.' },
    );
    if (rejected.status !== 200) failures++;
    return ms;
  };
  const big: number[] = [];
  const small: number[] = [];
  for (let round = -WARM_UP; round < ROUNDS; round++) {
    const [bigMs, smallMs] = [await requestPayout(ready.eventId), await requestPayout(ready.smallEventId)];
    if (round >= 0) {
      big.push(bigMs);
      small.push(smallMs);
    }
  }
  const p50 = (values: number[]) => Number(percentile(values, 50).toFixed(3));
  return {
    planP50Ms: p50(plans),
    planP99Ms: Number(percentile(plans, 99).toFixed(3)),
    eventReadP50Ms: p50(reads),
    eventReadP99Ms: Number(percentile(reads, 99).toFixed(3)),
    planRatio: Number((percentile(plans, 50) / percentile(reads, 50)).toFixed(2)),
    planAmountCents,
    advancePlanP50Ms: p50(advancePlans),
    httpBigP50Ms: p50(big),
    httpSmallP50Ms: p50(small),
    httpRatio: Number((percentile(big, 50) / percentile(small, 50)).toFixed(2)),
    failures,
  };
}

async function timed(rounds: number, run: () => Promise<void>): Promise<number[]> {
  await run();
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  return times;
}

function nextMessage<T>(child: ChildProcess, type: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: { type?: string }) => {
      if (message?.type !== type) return;
      child.off('message', onMessage);
      resolve(message as T);
    };
    child.on('message', onMessage);
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
}

/** The rows of the sheet `export_data_event`, read back as a stream (the header row excluded). */
async function countSheetRows(body: Buffer): Promise<number> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(body), {});
  let rows = 0;
  for await (const sheet of reader) {
    if ((sheet as unknown as { name: string }).name !== 'export_data_event') continue;
    for await (const _row of sheet) rows++;
  }
  return rows - 1;
}

async function main(): Promise<void> {
  if (!REUSE) await resetDatabase(url);
  // BENCH_PROFILE=1: a CPU profile of the server's process in /tmp/console-prof.
  const child: ChildProcess = fork(fileURLToPath(import.meta.url), ['--serve'], {
    execArgv: [
      '--import',
      'tsx',
      ...(process.env.BENCH_PROFILE ? ['--cpu-prof', '--cpu-prof-dir=/tmp/console-prof'] : []),
    ],
  });
  const ready = await nextMessage<Ready>(child, 'ready');
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const api = (suffix: string) => `${ready.base}/api/console/events/${ready.eventId}${suffix}`;

  const reader = new pg.Client({ connectionString: url });
  await reader.connect();
  let rowsRead = 0;
  const bareRead = async () => {
    rowsRead = (await reader.query('select * from participations where event_id = $1', [ready.eventId])).rowCount ?? 0;
  };
  const referenceBefore = await timed(ROUNDS, bareRead);
  // The page's reference: one page of the event's places read by an index in its order, alternated
  // call for call with the pages, so that both meet the same pauses of the host.
  const barePage: number[] = [];
  const readBarePage = async () => {
    const started = performance.now();
    await reader.query(
      `select * from participations where event_id = $1 and cancelled_at is null order by created_at, id limit ${PAGE_SIZE}`,
      [ready.eventId],
    );
    barePage.push(performance.now() - started);
  };
  await readBarePage();
  barePage.length = 0;

  let participants = 0;
  let failures = 0;
  const stats = await timed(ROUNDS, async () => {
    const response = await get(agent, api('/stats'), ready.token);
    if (response.status !== 200) failures++;
    else participants = JSON.parse(response.body.toString()).participants;
  });
  let firstPageRows = 0;
  let total = 0;
  const pages: { query: string; times: number[] }[] = [];
  for (const query of PAGE_QUERIES) {
    const readPage = async () => {
      const response = await get(agent, api(`/participants?${query}`), ready.token);
      if (response.status !== 200) failures++;
      else if (query === PAGE_QUERIES[0]) {
        const page = JSON.parse(response.body.toString());
        firstPageRows = page.items.length;
        total = page.total;
      }
    };
    await readPage();
    const times: number[] = [];
    for (let round = 0; round < PAGE_ROUNDS; round++) {
      await readBarePage();
      const started = performance.now();
      await readPage();
      times.push(performance.now() - started);
    }
    pages.push({ query, times });
  }
  const slowest = pages.reduce((worst, page) =>
    percentile(page.times, 99) > percentile(worst.times, 99) ? page : worst,
  );
  const firstPage = slowest.times;
  // For information, the floor under any page: a signed-in request answering almost nothing (its
  // session read), and a request answering without the database at all.
  const floors = [
    { path: '/api/auth/me', what: 'a signed-in request answering almost nothing (its session read)' },
    { path: '/api/health/live', what: 'a request answered without the database' },
  ];
  const floorTimes: number[][] = [];
  for (const floor of floors) {
    floorTimes.push(
      await timed(PAGE_ROUNDS, async () => {
        if ((await get(agent, `${ready.base}${floor.path}`, ready.token)).status !== 200) failures++;
      }),
    );
  }
  const referenceAfter = await timed(ROUNDS, bareRead);
  const reference = [...referenceBefore, ...referenceAfter];
  await reader.end();

  child.send('sample');
  const exportStarted = performance.now();
  const exported = await get(agent, api('/export.xlsx?columns=list'), ready.token);
  const exportMs = performance.now() - exportStarted;
  child.send('report');
  const memory = await nextMessage<Memory>(child, 'memory');
  const payout = await measurePayouts(ready, agent);
  failures += payout.failures;
  agent.destroy();
  child.send('stop');
  if (exported.status !== 200) failures++;
  const sheetRows = exported.status === 200 ? await countSheetRows(exported.body) : 0;

  const figures = {
    participations: PARTICIPATIONS,
    scans: SCANS,
    rounds: ROUNDS,
    statsP50Ms: Math.round(percentile(stats, 50)),
    statsP99Ms: Math.round(percentile(stats, 99)),
    firstPageP50Ms: Math.round(percentile(firstPage, 50)),
    firstPageP99Ms: Math.round(percentile(firstPage, 99)),
    firstPageSlowestQuery: slowest.query,
    pages: pages.map((page) => ({
      query: page.query,
      p50Ms: Number(percentile(page.times, 50).toFixed(2)),
      p99Ms: Number(percentile(page.times, 99).toFixed(2)),
    })),
    barePageP50Ms: Number(percentile(barePage, 50).toFixed(2)),
    barePageP99Ms: Number(percentile(barePage, 99).toFixed(2)),
    pageRatio: Number((percentile(firstPage, 99) / percentile(barePage, 99)).toFixed(2)),
    floors: floors.map((floor, i) => ({
      path: floor.path,
      p50Ms: Number(percentile(floorTimes[i] ?? [], 50).toFixed(2)),
      p99Ms: Number(percentile(floorTimes[i] ?? [], 99).toFixed(2)),
    })),
    referenceP50Ms: Math.round(percentile(reference, 50)),
    referenceP99Ms: Math.round(percentile(reference, 99)),
    referenceRows: rowsRead,
    statsRatio: Number((percentile(stats, 99) / percentile(reference, 99)).toFixed(3)),
    exportMs: Math.round(exportMs),
    exportBytes: exported.body.length,
    exportRows: sheetRows,
    serverRssAtStartMb: ready.rssMb,
    exportBaseRssMb: memory.baseRssMb,
    exportPeakRssMb: memory.peakRssMb,
    exportPeakHeapMb: memory.peakHeapMb,
    payout,
    failures,
  };
  console.log(
    `console: one event, ${rowsRead} participations (${ORDERS} orders) over ${TICKET_TYPES} tickets, ${PROMO_CODES} promo codes, ${SCANS} scans; ${ROUNDS} calls each (${PAGE_ROUNDS} for a page)`,
  );
  console.log(
    `  statistics: p50 ${figures.statsP50Ms} ms, p99 ${figures.statsP99Ms} ms (participants: ${participants})`,
  );
  for (const page of figures.pages) {
    console.log(`  first participants page ?${page.query}: p50 ${page.p50Ms} ms, p99 ${page.p99Ms} ms`);
  }
  console.log(
    `  slowest first page (?${slowest.query}): p50 ${figures.firstPageP50Ms} ms, p99 ${figures.firstPageP99Ms} ms (${firstPageRows} rows of ${total} by name)`,
  );
  console.log(
    `  bare page (select * … order by created_at, id limit ${PAGE_SIZE}, by its index, one connection, alternated with the pages): p50 ${figures.barePageP50Ms} ms, p99 ${figures.barePageP99Ms} ms`,
  );
  floors.forEach((floor, i) => {
    const figure = figures.floors[i];
    console.log(
      `  for information, ${floor.what}: GET ${floor.path} p50 ${figure?.p50Ms} ms, p99 ${figure?.p99Ms} ms (${((figure?.p99Ms ?? 0) / figures.barePageP99Ms).toFixed(2)} × the bare page p99)`,
    );
  });
  console.log(
    `  reference (bare SELECT of the event's ${rowsRead} participations, one connection): p50 ${figures.referenceP50Ms} ms, p99 ${figures.referenceP99Ms} ms`,
  );
  console.log(
    `  ratio statistics p99 / reference p99: ${figures.statsRatio} (target <= ${STATS_RATIO_TARGET}: ${figures.statsRatio <= STATS_RATIO_TARGET ? 'PASS' : 'ABOVE TARGET'})`,
  );
  console.log(
    `  ratio first page p99 / bare page p99: ${figures.pageRatio} (target <= ${PAGE_RATIO_TARGET}: ${figures.pageRatio <= PAGE_RATIO_TARGET ? 'PASS' : 'ABOVE TARGET'})`,
  );
  console.log(
    `  xlsx export: ${sheetRows} rows, ${Math.round(exported.body.length / 1024)} KiB in ${figures.exportMs} ms; server memory ${memory.baseRssMb} MB before, peak ${memory.peakRssMb} MB RSS (${memory.peakHeapMb} MB heap) (target < ${MEMORY_TARGET_MB} MB: ${memory.peakRssMb < MEMORY_TARGET_MB ? 'PASS' : 'ABOVE TARGET'})`,
  );
  const verdict = (ratio: number, target: number) => (ratio <= target ? 'PASS' : 'ABOVE TARGET');
  console.log(
    `  payout request's balance reads (payoutPlan over the event's ${PARTICIPATIONS} paid orders, ended; ${PAYOUT_ROUNDS} rounds): p50 ${payout.planP50Ms} ms, p99 ${payout.planP99Ms} ms (${payout.planAmountCents} cents to pay)`,
  );
  console.log(
    `  reference (select * from events where id = $1, same connection, alternating): p50 ${payout.eventReadP50Ms} ms, p99 ${payout.eventReadP99Ms} ms`,
  );
  console.log(
    `  ratio payout reads p50 / event read p50: ${payout.planRatio} (target <= ${PAYOUT_RATIO_TARGET}: ${verdict(payout.planRatio, PAYOUT_RATIO_TARGET)})`,
  );
  console.log(
    `  for information: the same reads under an advance, before the end (adds the event's totals by kind and its insured places): p50 ${payout.advancePlanP50Ms} ms`,
  );
  console.log(
    `  for information: POST …/payouts over HTTP, p50 ${payout.httpBigP50Ms} ms on the event of ${PARTICIPATIONS} orders vs p50 ${payout.httpSmallP50Ms} ms on the event of 10 orders (ratio ${payout.httpRatio})`,
  );
  mkdirSync(path.join(here, 'results'), { recursive: true });
  writeFileSync(path.join(here, 'results', 'console.json'), `${JSON.stringify(figures, null, 2)}\n`);
  if (failures > 0 || sheetRows !== rowsRead || participants === 0) {
    console.error('console: a call failed or the export did not hold every participation (see figures above)');
    process.exit(1);
  }
}

if (process.argv.includes('--serve')) await serve();
else await main();
