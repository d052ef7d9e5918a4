/**
 * bench/checkin — the door at full speed: 10,000 one-place tickets of one event, 8 door devices
 * sending scans through the HTTP API (four one at a time, four in batches of 25), and 20 % of the
 * tickets fired at two doors at once. It prints scans per second, the p99 of a request, and checks
 * that exactly one scan per entry was accepted. Reference, measured in the same run: a bare loop
 * of the conditional UPDATE that takes an entry (`entries_used < quantity`) on the same rows, on 8
 * connections. Anchor: alf.io reports 106 check-ins/s on one vCPU after its optimisation; the
 * target is 10 × that.
 *
 * With BENCH_LISTS=1 (`npm run checkin:lists`, issue 31) the event has three check-in lists and
 * check-out on: each pair of opposite doors scans on one list (a plain one, one with check-out
 * and re-entry, one with check-out only), and the doors of lists with check-out also let a fifth
 * of their tickets out after letting them in. The reference is the same bare UPDATE.
 *
 * The application runs in a child process (this file with --serve). Settings: DATABASE_URL (a
 * database whose name contains "bench"; default postgres://postgres@127.0.0.1:5432/guichet_bench_checkin),
 * DATABASE_POOL_SIZE (10), BENCH_TICKETS (10000).
 */
import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { type AddressInfo, createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { openDatabase } from '../apps/api/src/db/client';
import { checkinLists, eventStaff, sessions, tickets, users } from '../apps/api/src/db/schema';
import { ensureReferenceData } from '../apps/api/src/db/seed/reference';
import { sha256 } from '../apps/api/src/lib/tokens';
import { signTicketCode } from '../apps/api/src/modules/ticket-codes/codes';
import { loadTicketKeys } from '../apps/api/src/modules/ticket-codes/keys';
import { insertEvent } from '../apps/api/test/bulk-seed';
import { percentile, resetDatabase } from './database';

const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/guichet_bench_checkin';
const TICKETS = Number(process.env.BENCH_TICKETS ?? 10_000);
const POOL = Number(process.env.DATABASE_POOL_SIZE ?? 10);
const DEVICES = 8;
const BATCH = 25;
const DUPLICATES = 0.2;
const ANCHOR = 106;
const TARGET = 10 * ANCHOR;
const here = path.dirname(fileURLToPath(import.meta.url));
const WITH_LISTS = process.env.BENCH_LISTS === '1';
/** The lists of the lists mode: whether each records check-outs (and lets back in). */
const LISTS = [
  { name: 'Entrée', allowCheckout: false, allowReentry: false },
  { name: 'Fosse', allowCheckout: true, allowReentry: true },
  { name: 'Backstage', allowCheckout: true, allowReentry: false },
];
const CHECKOUTS = 0.2;

type Ready = {
  type: 'ready';
  base: string;
  eventId: string;
  tokens: string[];
  codes: string[];
  ids: string[];
  listIds: string[];
};

async function serve(): Promise<void> {
  const database = await openDatabase({ url, dataDir: 'memory://', poolSize: POOL });
  await database.migrate();
  await ensureReferenceData(database.db);
  const people = await database.db
    .insert(users)
    .values(
      Array.from({ length: DEVICES + 2 }, (_, i) => ({
        email: `porte-${i}@bench.test`,
        passwordHash: 'x',
        firstName: 'Porte',
        lastName: `${i}`,
        birthDate: '1990-01-01',
        isVerified: i === 0,
        termsVersionAccepted: 1,
      })),
    )
    .returning();
  const [organizer, holder, ...staff] = people;
  const eventId = await insertEvent(database.db, {
    organizerId: organizer?.id ?? '',
    title: 'La porte',
    start: Date.now() + 3_600_000,
    hours: 5,
  });
  const [ticket] = await database.db
    .insert(tickets)
    .values({ eventId, title: 'Entrée', priceCents: 1000, quantity: TICKETS, sold: TICKETS })
    .returning();
  await database.db.insert(eventStaff).values(staff.map((member) => ({ eventId, userId: member.id })));
  const listIds = WITH_LISTS
    ? (
        await database.db
          .insert(checkinLists)
          .values(LISTS.map((list) => ({ ...list, eventId, ticketIds: [ticket?.id ?? ''] })))
          .returning({ id: checkinLists.id })
      ).map((row) => row.id)
    : [];
  // The participations of a sold-out event, in one statement.
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const ids = (
    await client.query<{ id: string }>(
      `insert into participations (event_id, ticket_id, user_id, quantity)
       select $1, $2, $3, 1 from generate_series(1, $4) returning id`,
      [eventId, ticket?.id, holder?.id, TICKETS],
    )
  ).rows.map((row) => row.id);
  await client.end();
  const { privateKey } = loadTicketKeys({ env: 'test', dataDir: '', ticketSigningKey: undefined });
  const codes = ids.map((id) => signTicketCode({ id, eventId, quantity: 1 }, privateKey));
  const tokens = [];
  for (const member of staff) {
    const token = randomBytes(32).toString('base64url');
    await database.db
      .insert(sessions)
      .values({ tokenHash: sha256(token), userId: member.id, expiresAt: new Date(Date.now() + 86_400_000) });
    tokens.push(token);
  }

  const port = await freePort();
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', RATE_LIMIT_MAX: '1000000' });
  const live = await buildApp({ config: { ...config, port, publicUrl: `http://127.0.0.1:${port}` }, database });
  await live.listen({ host: '127.0.0.1', port });
  process.send?.({
    type: 'ready',
    base: `http://127.0.0.1:${port}`,
    eventId,
    tokens,
    codes,
    ids,
    listIds,
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

function postJson(
  agent: Agent,
  target: string,
  cookie: string,
  body: unknown,
): Promise<{ status: number; body: string }> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const call = request(
      target,
      {
        agent,
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          cookie: `guichet_session=${cookie}`,
        },
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

/** The entry-taking UPDATE alone, on the same rows, on as many connections as there are doors. */
async function referenceRate(ids: string[]): Promise<number> {
  const client = new pg.Pool({ connectionString: url, max: DEVICES });
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: DEVICES }, async () => {
      while (next < ids.length) {
        const id = ids[next++];
        await client.query(
          'update participations set entries_used = entries_used + 1 where id = $1 and entries_used < quantity',
          [id],
        );
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  await client.query('update participations set entries_used = 0');
  await client.end();
  return ids.length / seconds;
}

async function main(): Promise<void> {
  await resetDatabase(url);
  // BENCH_PROFILE=1: a CPU profile of the server's process in /tmp/checkin-prof.
  const child: ChildProcess = fork(fileURLToPath(import.meta.url), ['--serve'], {
    execArgv: [
      '--import',
      'tsx',
      ...(process.env.BENCH_PROFILE ? ['--cpu-prof', '--cpu-prof-dir=/tmp/checkin-prof'] : []),
    ],
  });
  const ready = await new Promise<Ready>((resolve, reject) => {
    child.once('message', (message) => resolve(message as Ready));
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  const referenceBefore = await referenceRate(ready.ids);

  // Each door has its share of the tickets; the first fifth of every share is also sent, at the
  // same position, by the door opposite: the same ticket at two doors at once.
  const share = Math.ceil(TICKETS / DEVICES);
  const lists: string[][] = Array.from({ length: DEVICES }, (_, d) => ready.codes.slice(d * share, (d + 1) * share));
  const duplicated = Math.floor(share * DUPLICATES);
  // Lists mode: opposite doors share a list, so that a ticket shown at both is one list's entry.
  const listOf = (d: number) => (WITH_LISTS ? (d % (DEVICES / 2)) % LISTS.length : -1);
  type Scan = { code: string; direction?: 'out' };
  const work = lists.map((own, d) => {
    const other = lists[(d + DEVICES / 2) % DEVICES] ?? [];
    const queue: Scan[] = [];
    for (let i = 0; i < own.length; i++) {
      queue.push({ code: own[i] as string });
      if (i < duplicated && other[i]) queue.push({ code: other[i] as string });
    }
    return queue;
  });
  // Check-out on: a fifth of each door's own tickets leave, once every door is done letting in
  // (before, a ticket let out could come back in at the opposite door of a list with re-entry).
  const leaving = lists.map((own, d) =>
    LISTS[listOf(d)]?.allowCheckout
      ? own.slice(0, Math.floor(own.length * CHECKOUTS)).map((code): Scan => ({ code, direction: 'out' }))
      : [],
  );
  const outsSent = leaving.reduce((sum, queue) => sum + queue.length, 0);
  const sent = work.reduce((sum, queue) => sum + queue.length, 0) + outsSent;
  let checkedOut = 0;

  const singleLatencies: number[] = [];
  const batchLatencies: number[] = [];
  let accepted = 0;
  let alreadyScanned = 0;
  let other = 0;
  const agent = new Agent({ keepAlive: true, maxSockets: DEVICES });
  const target = (suffix: string) => `${ready.base}/api/checkin/events/${ready.eventId}/scans${suffix}`;
  const count = (result: string, direction?: 'out') => {
    if (result === 'accepted' && direction === 'out') checkedOut++;
    else if (result === 'accepted') accepted++;
    else if (result === 'already_scanned') alreadyScanned++;
    else other++;
  };
  let started = 0;
  const timeline: number[] = [];
  const runDoors = (phase: Scan[][]) =>
    Promise.all(
      phase.map(async (queue, d) => {
        const cookie = ready.tokens[d] ?? '';
        const batched = d >= DEVICES / 2;
        const listId = ready.listIds[listOf(d)];
        const onList = listId ? { listId } : {};
        for (let i = 0; i < queue.length; i += batched ? BATCH : 1) {
          const t0 = performance.now();
          if (batched) {
            const chunk = queue.slice(i, i + BATCH);
            const scans = chunk.map((scan) => ({ id: randomUUID(), ...scan }));
            const response = await postJson(agent, target('/batch'), cookie, {
              deviceId: `porte-${d}`,
              ...onList,
              scans,
            });
            batchLatencies.push(performance.now() - t0);
            if (response.status !== 200) other += scans.length;
            else
              JSON.parse(response.body).results.forEach((result: { result: string }, k: number) => {
                count(result.result, chunk[k]?.direction);
              });
          } else {
            const scan = queue[i] as Scan;
            const response = await postJson(agent, target(''), cookie, { ...scan, ...onList, deviceId: `porte-${d}` });
            singleLatencies.push(performance.now() - t0);
            if (process.env.BENCH_TIMELINE) timeline.push(performance.now() - started);
            const answer = JSON.parse(response.body);
            count(answer.status ?? answer.result ?? 'other', scan.direction);
          }
        }
        if (process.env.BENCH_DOORS)
          console.log(`door ${d} done at ${((performance.now() - started) / 1000).toFixed(2)} s`);
      }),
    );
  started = performance.now();
  await runDoors(work);
  if (outsSent > 0) await runDoors(leaving);
  const seconds = (performance.now() - started) / 1000;
  if (process.env.BENCH_TIMELINE) {
    const perHalf = new Map<number, number>();
    for (const at of timeline) perHalf.set(Math.floor(at / 500), (perHalf.get(Math.floor(at / 500)) ?? 0) + 1);
    console.log(`singles per 0.5 s: ${[...perHalf.values()].join(' ')}`);
  }
  agent.destroy();
  // The server's own time per request (its /metrics), apart from the way there and back.
  const metrics = await (await fetch(`${ready.base}/metrics`)).text();
  const serverMs = (route: string) => {
    const sum = (kind: string) =>
      [
        ...metrics.matchAll(
          new RegExp(`^guichet_http_request_duration_seconds_${kind}\\{[^}]*route="${route}"[^}]*\\} (\\S+)$`, 'gm'),
        ),
      ]
        .map((match) => Number(match[1]))
        .reduce((total, value) => total + value, 0);
    return (1000 * sum('sum')) / Math.max(1, sum('count'));
  };

  // The one-scan requests each statement carried (the doors' group commit).
  const groupFigure = (kind: string) =>
    Number(metrics.match(new RegExp(`^guichet_scan_group_size_${kind} (\\S+)$`, 'm'))?.[1] ?? 0);
  const requestsPerStatement = groupFigure('sum') / Math.max(1, groupFigure('count'));

  const check = new pg.Client({ connectionString: url });
  await check.connect();
  // Lists mode: the entries are the lists', the whole event's stay untouched.
  const entries = Number(
    (
      await check.query(
        WITH_LISTS
          ? 'select sum(e.entries) as n from checkin_list_entries e join checkin_lists l on l.id = e.list_id where l.event_id = $1'
          : 'select sum(entries_used) as n from participations where event_id = $1',
        [ready.eventId],
      )
    ).rows[0].n,
  );
  const inside = WITH_LISTS
    ? Number(
        (
          await check.query(
            'select sum(e.inside) as n from checkin_list_entries e join checkin_lists l on l.id = e.list_id where l.event_id = $1',
            [ready.eventId],
          )
        ).rows[0].n,
      )
    : entries;
  const over = Number(
    (await check.query('select count(*) as n from participations where entries_used > quantity')).rows[0].n,
  );
  const logged = Number(
    (
      await check.query(
        "select count(*) as n from scans where result = 'accepted' and direction = 'in' and event_id = $1",
        [ready.eventId],
      )
    ).rows[0].n,
  );
  await check.query('update participations set entries_used = 0 where event_id = $1', [ready.eventId]);
  await check.end();
  const referenceAfter = await referenceRate(ready.ids);
  child.send('stop');
  const reference = (referenceBefore + referenceAfter) / 2;

  const scansPerSecond = sent / seconds;
  const figures = {
    tickets: TICKETS,
    devices: DEVICES,
    scansSent: sent,
    seconds: Number(seconds.toFixed(2)),
    scansPerSecond: Math.round(scansPerSecond),
    singleP50Ms: Math.round(percentile(singleLatencies, 50)),
    singleP99Ms: Math.round(percentile(singleLatencies, 99)),
    batchP99Ms: Math.round(percentile(batchLatencies, 99)),
    lists: ready.listIds.length,
    checkOutsSent: outsSent,
    checkedOut,
    inside,
    accepted,
    alreadyScanned,
    other,
    entriesTaken: entries,
    acceptedScansLogged: logged,
    referenceUpdatesPerSecond: Math.round(reference),
    ratio: Number((scansPerSecond / reference).toFixed(2)),
    anchor: ANCHOR,
    target: TARGET,
  };
  console.log(
    `checkin: ${TICKETS} tickets, ${DEVICES} doors (${DEVICES / 2} one scan at a time, ${DEVICES / 2} in batches of ${BATCH}), ${Math.round(DUPLICATES * 100)} % at two doors at once`,
  );
  if (WITH_LISTS) {
    console.log(
      `  lists: ${LISTS.length} (${LISTS.map((list) => list.name).join(', ')}), check-out on: ${checkedOut} of ${outsSent} check-outs accepted, ${inside} inside`,
    );
  }
  console.log(
    `  scans: ${figures.scansPerSecond}/s (${sent} in ${figures.seconds} s); one scan p50 ${figures.singleP50Ms} ms, p99 ${figures.singleP99Ms} ms; batch of ${BATCH} p99 ${figures.batchP99Ms} ms`,
  );
  console.log(
    `  accepted: ${accepted} (must be ${TICKETS}), already scanned: ${alreadyScanned}, other: ${other}; entries taken in the database: ${entries}, accepted scans logged: ${logged}`,
  );
  console.log(
    `  server time per request (its /metrics, mean): one scan ${serverMs('/api/checkin/events/:id/scans').toFixed(1)} ms, batch ${serverMs('/api/checkin/events/:id/scans/batch').toFixed(1)} ms`,
  );
  console.log(`  one-scan requests per statement (grouped doors): ${requestsPerStatement.toFixed(2)}`);
  console.log(
    `  reference (bare conditional UPDATE taking an entry, ${DEVICES} connections, mean of before and after): ${figures.referenceUpdatesPerSecond}/s`,
  );
  console.log(`  ratio scans / reference: ${figures.ratio}`);
  console.log(
    `  anchor: alf.io ${ANCHOR} check-ins/s on one vCPU; target ${TARGET}/s: ${scansPerSecond >= TARGET ? 'PASS' : 'BELOW TARGET'}`,
  );
  mkdirSync(path.join(here, 'results'), { recursive: true });
  writeFileSync(
    path.join(here, 'results', WITH_LISTS ? 'checkin-lists.json' : 'checkin.json'),
    `${JSON.stringify(figures, null, 2)}\n`,
  );
  const outsRight = checkedOut === outsSent && inside === TICKETS - outsSent;
  if (accepted !== TICKETS || entries !== TICKETS || logged !== TICKETS || over > 0 || other > 0 || !outsRight) {
    console.error('checkin: an entry was let in twice or lost (see figures above)');
    process.exit(1);
  }
}

if (process.argv.includes('--serve')) await serve();
else await main();
