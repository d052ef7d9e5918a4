import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import type { Histogram } from 'prom-client';
import { type AppOptions, buildApp } from '../src/app';
import { type Config, testConfig } from '../src/config';
import { type DatabaseHandle, openDatabase } from '../src/db/client';
import { billingIdentities, events, sessions, tickets, users } from '../src/db/schema';
import { ensureReferenceData } from '../src/db/seed/reference';
import type { Clock } from '../src/lib/clock';
import { randomToken, sha256 } from '../src/lib/tokens';
import type { DeliverableMail, MailTransport } from '../src/mail/outbox';
import { hashPassword } from '../src/modules/auth/passwords';
import type { PaymentConfig } from '../src/payments';
import { SESSION_COOKIE } from '../src/plugins/session';

/** One company's valid numbers (the SIREN and SIRET keys, the VAT number's key): the platform's and organisers' in tests. */
export const companyNumbers = { siren: '542051180', siret: '54205118000066', vatNumber: 'FR59542051180' };

/** An organiser's complete billing identity as it is stored, its numbers normalized (issue 29). */
export const companyBillingIdentity = {
  legalName: 'Compagnie Test SAS',
  street: '1 Place du Capitole',
  postcode: '31000',
  city: 'Toulouse',
  country: 'France',
  ...companyNumbers,
  rna: null,
  vatRegime: 'vat' as const,
};

/**
 * The keys every server of a cluster must share (config.ts refuses a cluster without them): the
 * ticket signing key and the sandbox bank's, made once per call, as one-line settings.
 */
export function sharedKeySettings(): Record<string, string> {
  const pem = (type: 'ed25519' | 'rsa') =>
    (type === 'rsa' ? generateKeyPairSync('rsa', { modulusLength: 1024 }) : generateKeyPairSync('ed25519')).privateKey
      .export({ type: 'pkcs8', format: 'pem' })
      .toString()
      .replace(/\n/g, '\\n');
  return {
    TICKET_SIGNING_KEY: pem('ed25519'),
    SANDBOX_BANK_HMAC_KEY: randomBytes(64).toString('hex').toUpperCase(),
    SANDBOX_BANK_PRIVATE_KEY: pem('rsa'),
  };
}

/** The least a production server starts with (config.ts): a test adds what it is about. */
export const productionSettings = {
  NODE_ENV: 'production',
  TICKET_SIGNING_KEY: generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  SMTP_URL: 'smtps://user:pass@smtp.example.org:465',
  DATABASE_URL: 'postgres://guichet@db.example.org/guichet',
  PUBLIC_URL: 'https://billetterie.example.org',
  PLATFORM_LEGAL_NAME: 'Billetterie Exemple SAS',
  PLATFORM_ADDRESS: '2 Place Jean Millier, 92400 Courbevoie',
  PLATFORM_SIRET: companyNumbers.siret,
  PLATFORM_VAT_NUMBER: companyNumbers.vatNumber,
  STRIPE_SECRET_KEY: 'sk_live_1',
  STRIPE_PUBLISHABLE_KEY: 'pk_live_1',
  STRIPE_WEBHOOK_SECRET: 'whsec_1',
};

export type TestApp = { app: FastifyInstance; database: DatabaseHandle; config: Config; close(): Promise<void> };

/**
 * The real application on real PostgreSQL when DATABASE_URL is set (CI), else on an
 * in-memory PGlite. Each test makes its own users and events.
 */
export async function createTestApp(
  options: {
    config?: Partial<Config>;
    clock?: Clock;
    payments?: PaymentConfig;
    mailTransport?: MailTransport;
    /** A database of its own, for tests that look at the whole of a table (the job queue). */
    isolated?: boolean;
    availability?: AppOptions['availability'];
    /** Serves the web app of `config.webDist` (a folder holding an index.html) as the server does. */
    serveWeb?: boolean;
    walletPush?: AppOptions['walletPush'];
  } = {},
): Promise<TestApp> {
  const database = options.isolated ? await isolatedDatabase() : await sharedDatabase();
  const config = testConfig({ rateLimitMax: 10_000, cookieSecure: false, ...options.config });
  // The sandbox bank calls our IPN over HTTP; in tests that call goes straight into the app.
  let self: FastifyInstance | undefined;
  const sandboxFetch: typeof fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const response = await (self as FastifyInstance).inject({
      method: (init?.method ?? 'GET') as 'GET',
      url: url.pathname + url.search,
      payload: init?.body as string | undefined,
    });
    return new Response(response.body, { status: response.statusCode });
  };
  const app = await buildApp({
    config,
    database,
    clock: options.clock,
    payments: options.payments,
    mailTransport: options.mailTransport,
    sandboxFetch,
    availability: options.availability,
    serveWeb: options.serveWeb,
    walletPush: options.walletPush,
  });
  self = app;
  await app.ready();
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

async function sharedDatabase(): Promise<DatabaseHandle> {
  const url = process.env.DATABASE_URL;
  const database = await openDatabase({ url, dataDir: 'memory://', poolSize: 20 });
  if (!url) {
    await database.migrate();
    await ensureReferenceData(database.db);
  }
  return database;
}

/** A new database dropped at close: on PostgreSQL a fresh one beside the shared one, else PGlite. */
async function isolatedDatabase(): Promise<DatabaseHandle> {
  const shared = process.env.DATABASE_URL;
  return shared ? newPostgresDatabase(shared, 'iso', 20) : sharedDatabase();
}

/** A database of its own beside the `shared` one's server, migrated, with its URL; closing it drops it. */
export async function newPostgresDatabase(
  shared: string,
  tag: string,
  poolSize: number,
): Promise<DatabaseHandle & { url: string }> {
  const url = new URL(shared);
  const name = `${url.pathname.slice(1)}_${tag}_${randomUUID().slice(0, 8)}`;
  const admin = new pg.Client({ connectionString: shared });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), dataDir: 'memory://', poolSize });
  await database.migrate();
  await ensureReferenceData(database.db);
  return {
    ...database,
    url: url.toString(),
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: shared });
      await dropper.connect();
      // Work a test left running (a notification still being answered) finishes first, rather
      // than failing as its connection is cut; past a few seconds the drop is forced.
      for (let attempt = 0; ; attempt++) {
        try {
          await dropper.query(`drop database if exists "${name}"${attempt >= 20 ? ' with (force)' : ''}`);
          break;
        } catch (error) {
          if (attempt >= 20) throw error;
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
      }
      await dropper.end();
    },
  };
}

/**
 * Appended to the name of a race test: on PGlite (no DATABASE_URL) the racing calls are
 * serialised, one statement at a time, so such a test proves the rules but not the locking; CI
 * runs it on PostgreSQL, in parallel.
 */
export const raceMode = process.env.DATABASE_URL ? ' (in parallel, PostgreSQL)' : ' (serialised on PGlite)';

export const uniqueEmail = (prefix = 'user') => `${prefix}-${randomUUID().slice(0, 12)}@test.guichet.fr`;

export const PASSWORD = 'Motdepasse1';

export async function createUser(
  t: TestApp,
  values: Partial<typeof users.$inferInsert> = {},
): Promise<typeof users.$inferSelect> {
  const [user] = await t.database.db
    .insert(users)
    .values({
      email: uniqueEmail(),
      passwordHash: await hashPassword(PASSWORD),
      firstName: 'Jeanne',
      lastName: 'Test',
      birthDate: '1995-05-05',
      termsVersionAccepted: t.config.termsVersion,
      ...values,
    })
    .returning();
  if (!user) throw new Error('user not created');
  return user;
}

/** A complete billing identity for the organiser, so that their paid events may open (issue 29). */
export async function giveBillingIdentity(t: TestApp, organizerId: string) {
  await t.database.db
    .insert(billingIdentities)
    .values({ organizerId, ...companyBillingIdentity })
    .onConflictDoNothing();
}

/** A mail transport that keeps what it delivers, and refuses as a down SMTP server while `smtp.down`. */
export function recordingMailTransport() {
  const smtp = { down: false, delivered: [] as DeliverableMail[] };
  const transport: MailTransport = {
    send: async (mail) => {
      if (smtp.down) throw new Error('connect ECONNREFUSED smtp.example.org:465');
      smtp.delivered.push(mail);
    },
  };
  return { smtp, transport };
}

/** A test application on a database of its own (for the job queue) whose mails `smtp` keeps. */
export async function isolatedAppRecordingMail() {
  const { smtp, transport } = recordingMailTransport();
  return { t: await createTestApp({ isolated: true, mailTransport: transport }), smtp };
}

/** A session of the user written directly (no password hashing, for tests with many buyers): its Cookie header. */
export async function sessionCookie(t: TestApp, userId: string): Promise<string> {
  const token = randomToken();
  await t.database.db
    .insert(sessions)
    .values({ tokenHash: sha256(token), userId, expiresAt: new Date(Date.now() + 3_600_000) });
  return `${SESSION_COOKIE}=${token}`;
}

/** Logs in through the API and returns the Cookie header to send. */
export async function loginAs(t: TestApp, email: string, password = PASSWORD): Promise<string> {
  const response = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.body}`);
  return cookieHeader(response);
}

/** A new administrator, logged in: the Cookie header to send. */
export async function adminCookie(t: TestApp): Promise<string> {
  return loginAs(t, (await createUser(t, { role: 'admin' })).email);
}

export function cookieHeader(response: LightMyRequestResponse): string {
  return response.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
}

export const DAY = 86_400_000;

/** A GET as the visitor, or as the account whose Cookie header is given. */
export const getAs = (t: TestApp, url: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

/** Runs `use` with a test application of its own (settings of the test's own), closed after. */
export async function withTestApp<T>(
  options: Parameters<typeof createTestApp>[0],
  use: (t: TestApp) => Promise<T>,
): Promise<T> {
  const t = await createTestApp(options);
  try {
    return await use(t);
  } finally {
    await t.close();
  }
}

/** A test application also listening on a local port, for tests that call it over HTTP: its base URL. */
export async function listeningTestApp(options?: Parameters<typeof createTestApp>[0]) {
  const t = await createTestApp(options);
  return { t, base: await t.app.listen({ host: '127.0.0.1', port: 0 }) };
}

/** A listening test application and an administrator's Cookie header, for a test file's `beforeAll`. */
export async function appWithAdmin(options?: Parameters<typeof createTestApp>[0]) {
  const listening = await listeningTestApp(options);
  return { ...listening, admin: await adminCookie(listening.t) };
}

export async function createEvent(
  t: TestApp,
  organizerId: string,
  values: Partial<typeof events.$inferInsert> = {},
  ticketValues: Partial<typeof tickets.$inferInsert>[] = [{}],
) {
  const now = Date.now();
  const [event] = await t.database.db
    .insert(events)
    .values({
      organizerId,
      title: `Événement ${randomUUID().slice(0, 8)}`,
      description: 'Une description.',
      address: '1 Place du Capitole, 31000 Toulouse',
      dateBegin: new Date(now + 10 * DAY),
      dateEnd: new Date(now + 10 * DAY + 4 * 3_600_000),
      isPublic: true,
      ...values,
    })
    .returning();
  if (!event) throw new Error('event not created');
  const rows = [];
  for (const [position, ticket] of ticketValues.entries()) {
    const [row] = await t.database.db
      .insert(tickets)
      .values({ eventId: event.id, title: `Billet ${position + 1}`, quantity: 100, position, ...ticket })
      .returning();
    if (row) rows.push(row);
  }
  return { event, tickets: rows };
}

/** An event of the organiser with one ticket (see `createEvent`): the event and its ticket. */
export async function createEventWithTicket(
  t: TestApp,
  organizerId: string,
  ticketValues: Partial<typeof tickets.$inferInsert> = {},
  values: Partial<typeof events.$inferInsert> = {},
) {
  const {
    event,
    tickets: [ticket],
  } = await createEvent(t, organizerId, values, [ticketValues]);
  if (!ticket) throw new Error('ticket not created');
  return { event, ticket };
}

/** What a histogram saw on average: its sum over its count (0 before anything was observed). */
export async function meanObserved(histogram: Histogram): Promise<number> {
  const { values } = await histogram.get();
  const sum = values.find((v) => v.metricName?.endsWith('_sum'))?.value ?? 0;
  const count = values.find((v) => v.metricName?.endsWith('_count'))?.value ?? 0;
  return count === 0 ? 0 : sum / count;
}
