/**
 * bench/console — the organiser's follow-up of a big event: 50,000 participations over 5 ticket
 * types, 20 promo codes, 30,000 scans, 20,000 buyers of whom some came to an earlier event. It
 * prints the p50/p99 of the statistics call and of the first participants page, and the time and
 * the server's peak memory of the full xlsx export (whose rows it counts). Reference, measured in
 * the same run: the same participations read by a bare `SELECT` on one connection.
 * Targets (issue 13): statistics p99 within 10 × the bare read's p99; the export under 256 MB.
 *
 * The application runs in a child process (this file with --serve), which samples its own memory
 * while the export runs. Settings: DATABASE_URL (a database whose name contains "bench"; default
 * postgres://postgres@127.0.0.1:5432/guichet_bench_console), BENCH_PARTICIPATIONS (50000),
 * BENCH_ROUNDS (30).
 */
import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { type AddressInfo, createServer } from 'node:net';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { openDatabase } from '../apps/api/src/db/client';
import { sessions } from '../apps/api/src/db/schema';
import { ensureReferenceData } from '../apps/api/src/db/seed/reference';
import { sha256 } from '../apps/api/src/lib/tokens';
import { percentile, resetDatabase } from './database';

const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/guichet_bench_console';
const PARTICIPATIONS = Number(process.env.BENCH_PARTICIPATIONS ?? 50_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);
const SCANS = Math.round(PARTICIPATIONS * 0.6);
const BUYERS = Math.round(PARTICIPATIONS * 0.4);
const TICKET_TYPES = 5;
const PROMO_CODES = 20;
const STATS_RATIO_TARGET = 10;
const MEMORY_TARGET_MB = 256;
const here = path.dirname(fileURLToPath(import.meta.url));

type Ready = { type: 'ready'; base: string; eventId: string; token: string; rssMb: number };
type Memory = { type: 'memory'; peakRssMb: number; peakHeapMb: number; baseRssMb: number };

/**
 * The event's data, written by PostgreSQL itself (generate_series) so that seeding neither takes
 * minutes nor inflates the server's memory before it is measured. Every web participation has its
 * order and order line as the checkout writes them; a fifth of the orders used a promo code.
 */
async function seed(client: pg.Client): Promise<string> {
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

  // Participation g: buyer 1 + g % BUYERS, ticket g % 5, 1 to 3 places, a tenth sold at the door.
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
    [event, codes, begin.toISOString(), PARTICIPATIONS, BUYERS],
  );
  await client.query(
    `insert into order_lines (order_id, ticket_id, quantity, unit_price_cents)
     select o.id, ($1::uuid[])[1 + substr(o.reference, 6)::int % ${TICKET_TYPES}], o.ticket_count,
            o.subtotal_cents / o.ticket_count
       from orders o where o.event_id = $2`,
    [ticketIds, event],
  );
  await client.query(
    `insert into participations (event_id, ticket_id, user_id, order_id, quantity, source, created_at)
     select o.event_id, l.ticket_id, o.user_id, o.id, l.quantity,
            case when o.provider = 'onsite' then 'presentiel' else 'web' end, o.created_at
       from orders o join order_lines l on l.order_id = o.id where o.event_id = $1`,
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
  await client.query('analyze');
  return `${event}|${organizer}`;
}

async function serve(): Promise<void> {
  const database = await openDatabase({ url, dataDir: 'memory://', poolSize: 10 });
  await database.migrate();
  await ensureReferenceData(database.db);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const [eventId = '', organizerId = ''] = (await seed(client)).split('|');
  await client.end();
  const token = randomBytes(32).toString('base64url');
  await database.db
    .insert(sessions)
    .values({ tokenHash: sha256(token), userId: organizerId, expiresAt: new Date(Date.now() + 86_400_000) });

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
    eventId,
    token,
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
  await resetDatabase(url);
  const child: ChildProcess = fork(fileURLToPath(import.meta.url), ['--serve'], { execArgv: ['--import', 'tsx'] });
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

  let participants = 0;
  let failures = 0;
  const stats = await timed(ROUNDS, async () => {
    const response = await get(agent, api('/stats'), ready.token);
    if (response.status !== 200) failures++;
    else participants = JSON.parse(response.body.toString()).participants;
  });
  let firstPageRows = 0;
  let total = 0;
  const firstPage = await timed(ROUNDS, async () => {
    const response = await get(agent, api('/participants'), ready.token);
    if (response.status !== 200) failures++;
    else {
      const page = JSON.parse(response.body.toString());
      firstPageRows = page.items.length;
      total = page.total;
    }
  });
  const referenceAfter = await timed(ROUNDS, bareRead);
  const reference = [...referenceBefore, ...referenceAfter];
  await reader.end();

  child.send('sample');
  const exportStarted = performance.now();
  const exported = await get(agent, api('/export.xlsx?columns=list'), ready.token);
  const exportMs = performance.now() - exportStarted;
  child.send('report');
  const memory = await nextMessage<Memory>(child, 'memory');
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
    referenceP50Ms: Math.round(percentile(reference, 50)),
    referenceP99Ms: Math.round(percentile(reference, 99)),
    referenceRows: rowsRead,
    statsRatio: Number((percentile(stats, 99) / percentile(reference, 99)).toFixed(2)),
    exportMs: Math.round(exportMs),
    exportBytes: exported.body.length,
    exportRows: sheetRows,
    serverRssAtStartMb: ready.rssMb,
    exportBaseRssMb: memory.baseRssMb,
    exportPeakRssMb: memory.peakRssMb,
    exportPeakHeapMb: memory.peakHeapMb,
    failures,
  };
  console.log(
    `console: one event, ${PARTICIPATIONS} participations over ${TICKET_TYPES} tickets, ${PROMO_CODES} promo codes, ${SCANS} scans; ${ROUNDS} calls each`,
  );
  console.log(
    `  statistics: p50 ${figures.statsP50Ms} ms, p99 ${figures.statsP99Ms} ms (participants: ${participants})`,
  );
  console.log(
    `  first participants page: p50 ${figures.firstPageP50Ms} ms, p99 ${figures.firstPageP99Ms} ms (${firstPageRows} rows of ${total})`,
  );
  console.log(
    `  reference (bare SELECT of the event's ${rowsRead} participations, one connection): p50 ${figures.referenceP50Ms} ms, p99 ${figures.referenceP99Ms} ms`,
  );
  console.log(
    `  ratio statistics p99 / reference p99: ${figures.statsRatio} (target <= ${STATS_RATIO_TARGET}: ${figures.statsRatio <= STATS_RATIO_TARGET ? 'PASS' : 'ABOVE TARGET'})`,
  );
  console.log(
    `  xlsx export: ${sheetRows} rows, ${Math.round(exported.body.length / 1024)} KiB in ${figures.exportMs} ms; server memory ${memory.baseRssMb} MB before, peak ${memory.peakRssMb} MB RSS (${memory.peakHeapMb} MB heap) (target < ${MEMORY_TARGET_MB} MB: ${memory.peakRssMb < MEMORY_TARGET_MB ? 'PASS' : 'ABOVE TARGET'})`,
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
