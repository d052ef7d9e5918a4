import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { type AddressInfo, createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { inParallel, insertEvent, insertOrganiser, insertSignedInBuyers } from '../../../test/bulk-seed';
import { newPostgresDatabase, sharedKeySettings } from '../../../test/helpers';
import { describeWith, testRedisUrl } from '../../../test/services';
import type { DatabaseHandle } from '../../db/client';
import { jobs, orders, participations, tickets } from '../../db/schema';

/**
 * Several real server processes on one PostgreSQL database and one Redis (issue 17): started as
 * `npm start` starts them (the server entry point), each on its own port as behind a proxy. Needs
 * PostgreSQL (DATABASE_URL) and Redis (TEST_REDIS_URL, by default the local one).
 */
const sharedUrl = process.env.DATABASE_URL;
const serverEntry = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../server.ts');

type Server_ = { port: number; child: ChildProcess; output: string[] };

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * A mail server that keeps what it is given, to count the messages each buyer received: a
 * recipient and the message's Message-ID per delivery.
 */
function smtpSink(): Promise<{ server: Server; port: number; recipients: { to: string; messageId: string }[] }> {
  const recipients: { to: string; messageId: string }[] = [];
  const server = createServer((socket) => {
    let buffer = '';
    let inData = false;
    let to: string[] = [];
    socket.write('220 sink\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('latin1');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end === -1) return;
          const messageId = /^Message-ID:\s*(\S+)/im.exec(buffer.slice(0, end))?.[1] ?? '';
          buffer = buffer.slice(end + 5);
          inData = false;
          recipients.push(...to.map((address) => ({ to: address, messageId })));
          to = [];
          socket.write('250 queued\r\n');
          continue;
        }
        const lineEnd = buffer.indexOf('\r\n');
        if (lineEnd === -1) return;
        const line = buffer.slice(0, lineEnd);
        buffer = buffer.slice(lineEnd + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'RCPT') to.push(/<([^>]+)>/.exec(line)?.[1] ?? '');
        if (verb === 'DATA') {
          inData = true;
          socket.write('354 go on\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
    socket.on('error', () => {});
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ server, port: (server.address() as AddressInfo).port, recipients })),
  );
}

async function startServer(port: number, env: Record<string, string>): Promise<Server_> {
  const output: string[] = [];
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      RATE_LIMIT_MAX: '100000',
      REDIS_URL: testRedisUrl,
      // Short, so that the killed process's jobs come back soon; longer than a loaded machine takes to send one.
      JOB_LEASE_SECONDS: '15',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => output.push(String(chunk)));
  child.stderr?.on('data', (chunk) => output.push(String(chunk)));
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited: ${output.join('')}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health/ready`)).ok) return { port, child, output };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start: ${output.join('')}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

function stopServer(server: Server_ | undefined, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  const child = server?.child;
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

/** A database of its own, migrated, dropped at the end. */
async function freshDatabase() {
  const handle = await newPostgresDatabase(sharedUrl as string, 'procs', 5);
  return { url: handle.url, handle, drop: () => handle.close() };
}

async function makeSale(handle: DatabaseHandle, buyers: number, places: number) {
  const tag = `-${randomUUID().slice(0, 6)}`;
  const eventId = await insertEvent(handle.db, {
    organizerId: await insertOrganiser(handle.db, tag),
    title: 'Mise en vente',
    start: Date.now() + 20 * 86_400_000,
  });
  const [ticket] = await handle.db
    .insert(tickets)
    .values({ eventId, title: 'Fosse', priceCents: 2500, quantity: places })
    .returning();
  return {
    eventId,
    ticketId: ticket?.id ?? '',
    buyers: await insertSignedInBuyers(handle.db, buyers, new Date(Date.now() + 3_600_000), tag),
  };
}

async function hold(port: number, sale: { eventId: string; ticketId: string }, cookie: string) {
  const response = await fetch(`http://127.0.0.1:${port}/api/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ eventId: sale.eventId, lines: [{ ticketId: sale.ticketId, quantity: 1 }] }),
  });
  return { status: response.status, body: (await response.json()) as { id?: string; code?: string } };
}

/** The buyer's payment through the sandbox bank of the server at `port` (its signed form, its IPN). */
async function payAt(port: number, orderId: string, cookie: string): Promise<void> {
  const base = `http://127.0.0.1:${port}`;
  const started = await fetch(`${base}/api/orders/${orderId}/payment`, { method: 'POST', headers: { cookie } });
  if (!started.ok) throw new Error(`payment start answered ${started.status}`);
  const { redirect } = (await started.json()) as { redirect: { action: string; fields: [string, string][] } };
  const page = await (
    await fetch(redirect.action, { method: 'POST', body: new URLSearchParams(redirect.fields) })
  ).text();
  const token = /name="token" value="([^"]+)"/.exec(page)?.[1] ?? '';
  const decided = await fetch(`${base}/sandbox-bank/decide`, {
    method: 'POST',
    body: new URLSearchParams({ token, decision: 'pay' }),
    redirect: 'manual',
  });
  if (decided.status !== 303) throw new Error(`bank answered ${decided.status}`);
}

async function waitFor(check: () => Promise<boolean>, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describeWith(['postgres', 'redis'], 'several server processes on one database', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let sink: Awaited<ReturnType<typeof smtpSink>>;
  let dataDir: string;
  const servers: Server_[] = [];
  let env: Record<string, string>;

  beforeAll(async () => {
    database = await freshDatabase();
    sink = await smtpSink();
    dataDir = mkdtempSync(path.join(tmpdir(), 'guichet-procs-'));
    env = {
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
      // Servers sharing Redis refuse to start with keys of their own (config.ts).
      ...sharedKeySettings(),
    };
    // One after the other: the first migrates, the second finds the schema made.
    servers.push(await startServer(await freePort(), env));
    servers.push(await startServer(await freePort(), env));
  }, 240_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => stopServer(server)));
    sink?.server.close();
    await database?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('400 buyers racing across two processes for 150 places: none oversold, every refusal SOLD_OUT', async () => {
    const sale = await makeSale(database.handle, 400, 150);
    const answers: { status: number; code?: string }[] = [];
    await inParallel(sale.buyers, 40, async (buyer, index) => {
      const { status, body } = await hold((servers[index % 2] as Server_).port, sale, buyer.cookie);
      answers.push({ status, code: body.code });
    });
    expect(answers.filter((a) => a.status === 201)).toHaveLength(150);
    const refusals = answers.filter((a) => a.status !== 201);
    expect(refusals).toHaveLength(250);
    expect(new Set(refusals.map((a) => `${a.status} ${a.code}`))).toEqual(new Set(['409 SOLD_OUT']));
    const [row] = await database.handle.db
      .select({ held: tickets.held, sold: tickets.sold })
      .from(tickets)
      .where(eq(tickets.id, sale.ticketId));
    expect(row).toEqual({ held: 150, sold: 0 });
  }, 120_000);

  it('a process killed while payments are confirmed: after its restart every paid order has its ticket, no place is leaked, one e-mail each', async () => {
    const sale = await makeSale(database.handle, 120, 200);
    const orderOf = new Map<string, string>();
    await inParallel(sale.buyers, 20, async (buyer, index) => {
      const { status, body } = await hold((servers[index % 2] as Server_).port, sale, buyer.cookie);
      expect(status).toBe(201);
      orderOf.set(buyer.email, body.id ?? '');
    });

    // Half the payments go to the process that is killed mid-way; a buyer whose payment failed
    // tries again, on whichever process answers.
    let paid = 0;
    let killed: Promise<void> | undefined;
    const [first, second] = servers as [Server_, Server_];
    const victimPort = second.port;
    await inParallel(sale.buyers, 12, async (buyer, index) => {
      const orderId = orderOf.get(buyer.email) ?? '';
      for (let attempt = 0; attempt < 4; attempt++) {
        const port = attempt === 0 && index % 2 === 1 ? victimPort : first.port;
        try {
          await payAt(port, orderId, buyer.cookie);
          break;
        } catch {
          const [order] = await database.handle.db
            .select({ status: orders.status })
            .from(orders)
            .where(eq(orders.id, orderId));
          if (order?.status === 'paid') break;
        }
      }
      paid++;
      if (paid === 40 && !killed) killed = stopServer(second, 'SIGKILL');
    });
    await killed;
    expect(second.child.signalCode).toBe('SIGKILL');
    servers[1] = await startServer(victimPort, env);

    const paidOrders = await database.handle.db
      .select({ id: orders.id, email: orders.buyerEmail })
      .from(orders)
      .where(and(eq(orders.eventId, sale.eventId), eq(orders.status, 'paid')));
    expect(paidOrders).toHaveLength(120);
    const issued = await database.handle.db
      .select({ count: sql<number>`count(*)::int` })
      .from(participations)
      .innerJoin(orders, eq(orders.id, participations.orderId))
      .where(eq(orders.eventId, sale.eventId));
    expect(issued[0]?.count).toBe(120);
    const [counts] = await database.handle.db
      .select({ held: tickets.held, sold: tickets.sold })
      .from(tickets)
      .where(eq(tickets.id, sale.ticketId));
    expect(counts).toEqual({ held: 0, sold: 120 });

    // The mail queue drains (a job taken by the killed process comes back after its lease).
    await waitFor(
      async () => {
        const [pending] = await database.handle.db
          .select({ count: sql<number>`count(*)::int` })
          .from(jobs)
          .where(and(eq(jobs.kind, 'mail'), sql`${jobs.doneAt} is null`));
        return pending?.count === 0;
      },
      90_000,
      'the mail queue to drain',
    );
    // Delivery is at least once: a process killed between the server's acceptance and the row's
    // `sent_at` sends the message again, with the same Message-ID, which mail servers and clients
    // take for the same message. One message each, then, whatever the number of copies.
    const received = new Map<string, Set<string>>();
    for (const { to, messageId } of sink.recipients) {
      expect(messageId, to).toMatch(/^<[0-9a-f-]{36}@/);
      received.set(to, (received.get(to) ?? new Set()).add(messageId));
    }
    for (const buyer of sale.buyers) expect(received.get(buyer.email)?.size, buyer.email).toBe(1);
  }, 240_000);
});
