import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { integrationsFr } from '@guichet/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, createUser, loginAs, type TestApp, withTestApp } from '../../../test/helpers';
import { useTestApp } from '../../../test/use-test-app';
import { jobs, mailOutbox, orders, webhookAttempts, webhookEndpoints } from '../../db/schema';
import { WEBHOOK_JOB_KINDS, WEBHOOK_MAX_ATTEMPTS } from './delivery';
import { forgetOldWebhookAttempts } from './service';
import { signatureHeader, verifySignature } from './signature';

const m = integrationsFr.errors;

type Received = { headers: IncomingHttpHeaders; body: string };

/** A local receiver: answers `status` (after `delayMs`), keeps what it got. */
function receiver() {
  const received: Received[] = [];
  const state = { status: 200, delayMs: 0 };
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      setTimeout(
        () => response.writeHead(state.status, { 'content-type': 'text/plain' }).end(`reçu ${state.status}`),
        state.delayMs,
      );
    });
  });
  return {
    received,
    state,
    async start() {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks?source=guichet`;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function organiser(app: TestApp) {
  const user = await createUser(app, { isVerified: true });
  return { user, cookie: await loginAs(app, user.email) };
}

const register = (app: TestApp, cookie: string, url: string, events: string[] = ['order.paid']) =>
  app.app.inject({ method: 'POST', url: '/api/me/webhooks', headers: { cookie }, payload: { url, events } });

/** A paid order of the event, written as a settlement would: the database's trigger emits `order.paid`. */
async function payAnOrder(app: TestApp, eventId: string, buyerId: string) {
  const [order] = await app.database.db
    .insert(orders)
    .values({
      reference: `W${randomUUID().replace(/-/g, '').slice(0, 10)}`,
      eventId,
      userId: buyerId,
      buyerEmail: 'acheteuse@example.test',
      buyerFirstName: 'Léa',
      buyerLastName: 'Martin',
      buyerBirthDate: '1995-05-05',
      status: 'paid',
      provider: 'sandbox',
      subtotalCents: 1500,
      totalCents: 1500,
      ticketCount: 1,
      expiresAt: new Date(),
      paidAt: new Date(),
    })
    .returning();
  if (!order) throw new Error('order not created');
  return order;
}

/** The endpoint's delivery jobs made due now, as if their backoff had passed. */
async function dueNow(app: TestApp, endpointId: string) {
  await app.database.db
    .update(jobs)
    .set({ runAt: sql`now()` })
    .where(and(eq(jobs.kind, 'webhook'), sql`${jobs.payload}->>'endpointId' = ${endpointId}`));
}

describe('signed webhooks', () => {
  const t = useTestApp();
  const hook = receiver();
  let url: string;
  beforeAll(async () => {
    url = await hook.start();
  });
  afterAll(() => hook.stop());

  it('deliver order.paid, signed with the secret shown once, with its event id, through the job runner', async () => {
    const { user, cookie } = await organiser(t);
    const { event } = await createEvent(t, user.id);
    const created = await register(t, cookie, url);
    expect(created.statusCode).toBe(201);
    const { id, secret } = created.json() as { id: string; secret: string };
    expect(secret).toMatch(/^whsec_/);
    const listed = await t.app.inject({ method: 'GET', url: '/api/me/webhooks', headers: { cookie } });
    expect(listed.json()).toEqual([
      { id, url, events: ['order.paid'], enabled: true, consecutiveFailures: 0, createdAt: expect.any(String) },
    ]);
    expect(listed.body).not.toContain(secret);

    const buyer = await createUser(t);
    const order = await payAnOrder(t, event.id, buyer.id);
    const before = hook.received.length;
    await t.app.jobs.runDue(WEBHOOK_JOB_KINDS);
    await t.app.jobs.runDue(WEBHOOK_JOB_KINDS);
    const got = hook.received.slice(before);
    expect(got).toHaveLength(1);
    const [delivery] = got as [Received];
    const body = JSON.parse(delivery.body);
    expect(body).toMatchObject({
      type: 'order.paid',
      data: { orderId: order.id, totalCents: 1500, eventId: event.id },
    });
    expect(delivery.headers['guichet-event-id']).toBe(body.id);
    const signature = String(delivery.headers['guichet-signature']);
    expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    const now = Math.floor(Date.now() / 1000);
    expect(verifySignature(secret, delivery.body, signature, now)).toBe(true);

    // Forged: another secret, a changed body, an old signature replayed.
    expect(verifySignature('whsec_autre', delivery.body, signature, now)).toBe(false);
    expect(verifySignature(secret, delivery.body.replace('1500', '1'), signature, now)).toBe(false);
    expect(verifySignature(secret, delivery.body, signatureHeader(secret, delivery.body, now - 3600), now)).toBe(false);

    const log = await t.app.inject({ method: 'GET', url: `/api/me/webhooks/${id}/deliveries`, headers: { cookie } });
    expect(log.json()[0]).toMatchObject({ eventType: 'order.paid', statusCode: 200, answer: 'reçu 200', attempt: 1 });
  });

  it('write one row for an event that two endpoints listen for, then deliver it to both', async () => {
    const { user, cookie } = await organiser(t);
    const { event } = await createEvent(t, user.id);
    await register(t, cookie, `${url}&copie=1`);
    await register(t, cookie, `${url}&copie=2`);
    const before = hook.received.length;
    await payAnOrder(t, event.id, (await createUser(t)).id);
    const rows = await t.database.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, 'webhook_event'), sql`${jobs.payload}->>'organiserId' = ${user.id}`));
    expect(rows).toHaveLength(1);
    await t.app.jobs.runDue(WEBHOOK_JOB_KINDS);
    await t.app.jobs.runDue(WEBHOOK_JOB_KINDS);
    const got = hook.received.slice(before);
    expect(got).toHaveLength(2);
    expect(new Set(got.map((r) => r.headers['guichet-event-id'])).size).toBe(1);
  });

  it('send nothing and write no row for an organiser without a listening endpoint', async () => {
    const user = await createUser(t, { isVerified: true });
    const { event } = await createEvent(t, user.id);
    const buyer = await createUser(t);
    await payAnOrder(t, event.id, buyer.id);
    const [row] = await t.database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(jobs)
      .where(and(eq(jobs.kind, 'webhook_event'), sql`${jobs.payload}->>'organiserId' = ${user.id}`));
    expect(row?.count).toBe(0);
  });

  it('tell event.updated, and send a test event from the button', async () => {
    const { user, cookie } = await organiser(t);
    const { event } = await createEvent(t, user.id);
    const { id } = (await register(t, cookie, url, ['event.updated', 'event.cancelled'])).json();
    const before = hook.received.length;
    const edited = await t.app.inject({
      method: 'PATCH',
      url: `/api/events/${event.id}`,
      headers: { cookie },
      payload: { title: 'Nouveau titre', type: 'Soirée' },
    });
    expect(edited.statusCode).toBe(200);
    await t.app.jobs.runDue(WEBHOOK_JOB_KINDS);
    await t.app.jobs.runDue(WEBHOOK_JOB_KINDS);
    const got = hook.received.slice(before).map((r) => JSON.parse(r.body));
    expect(got).toEqual([
      expect.objectContaining({ type: 'event.updated', data: expect.objectContaining({ title: 'Nouveau titre' }) }),
    ]);

    const tested = await t.app.inject({ method: 'POST', url: `/api/me/webhooks/${id}/test`, headers: { cookie } });
    expect(tested.statusCode).toBe(200);
    expect(tested.json()).toMatchObject({ eventType: 'webhook.test', statusCode: 200 });
  });

  it('refuse an unknown event, a bad address, and someone else’s endpoint, in French', async () => {
    const { cookie } = await organiser(t);
    const unknown = await register(t, cookie, url, ['order.paid', 'order.stolen']);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ message: m.unknownEvent('order.stolen'), field: 'events' });
    expect((await register(t, cookie, 'ftp://example.test/')).json()).toMatchObject({ message: m.urlInvalid });
    expect((await register(t, cookie, url, [])).json()).toMatchObject({ message: m.eventsRequired });
    const { id } = (await register(t, cookie, url)).json();
    const stranger = await organiser(t);
    for (const [method, path] of [
      ['DELETE', `/api/me/webhooks/${id}`],
      ['GET', `/api/me/webhooks/${id}/deliveries`],
      ['POST', `/api/me/webhooks/${id}/test`],
    ] as const) {
      expect((await t.app.inject({ method, url: path, headers: { cookie: stranger.cookie } })).statusCode).toBe(404);
    }
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/me/webhooks/${id}`, headers: { cookie } })).statusCode,
    ).toBe(204);
  });
});

describe('the delivery log', () => {
  const t = useTestApp();

  it('keeps a month of attempts: older ones are forgotten by the hourly pass, the recent ones stay', async () => {
    const { cookie } = await organiser(t);
    const { id } = (await register(t, cookie, 'http://127.0.0.1:9/recu')).json() as { id: string };
    const now = Date.now();
    const attempt = (daysAgo: number, eventType: string) => ({
      endpointId: id,
      eventId: randomUUID(),
      eventType,
      attempt: 1,
      statusCode: 200,
      durationMs: 3,
      createdAt: new Date(now - daysAgo * 86_400_000),
    });
    await t.database.db
      .insert(webhookAttempts)
      .values([attempt(31, 'order.refunded'), attempt(29, 'order.paid'), attempt(0, 'event.updated')]);

    await forgetOldWebhookAttempts({ db: t.database.db, clock: { now: () => new Date(now) } });

    const log = await t.app.inject({ method: 'GET', url: `/api/me/webhooks/${id}/deliveries`, headers: { cookie } });
    expect(log.json().map((row: { eventType: string }) => row.eventType)).toEqual(['event.updated', 'order.paid']);
  });
});

describe('a failing receiver', () => {
  it('is retried with backoff, then disabled after the consecutive failures allowed, its organiser mailed', async () => {
    const hook = receiver();
    const url = await hook.start();
    hook.state.status = 500;
    try {
      await withTestApp(
        { config: { webhooks: { timeoutMs: 2000, ratePerSecond: 100, disableAfter: 3, publicOnly: false } } },
        async (app) => {
          const { user, cookie } = await organiser(app);
          const { event } = await createEvent(app, user.id);
          const { id } = (await register(app, cookie, url)).json();
          await payAnOrder(app, event.id, (await createUser(app)).id);
          await app.app.jobs.runDue(WEBHOOK_JOB_KINDS);
          await app.app.jobs.runDue(WEBHOOK_JOB_KINDS);
          expect(hook.received).toHaveLength(1);
          const [job] = await app.database.db
            .select()
            .from(jobs)
            .where(and(eq(jobs.kind, 'webhook'), sql`${jobs.payload}->>'endpointId' = ${id}`));
          // Backoff: the second attempt waits 30 s.
          expect(job?.runAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
          expect(job?.lastError).toContain('500');
          // The same event id at every attempt.
          for (let attempt = 2; attempt <= 3; attempt++) {
            await dueNow(app, id);
            await app.app.jobs.runDue(WEBHOOK_JOB_KINDS);
          }
          expect(hook.received).toHaveLength(3);
          expect(new Set(hook.received.map((r) => r.headers['guichet-event-id'])).size).toBe(1);
          const [endpoint] = await app.database.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
          expect(endpoint?.disabledAt).not.toBeNull();
          const mails = await app.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, user.email));
          expect(mails.map((mail) => mail.subject)).toEqual([integrationsFr.mail.disabledSubject]);
          // Disabled: its delivery ends without another request.
          await dueNow(app, id);
          await app.app.jobs.runDue(WEBHOOK_JOB_KINDS);
          expect(hook.received).toHaveLength(3);
          const listed = await app.app.inject({ method: 'GET', url: '/api/me/webhooks', headers: { cookie } });
          expect(listed.json()[0]).toMatchObject({ enabled: false, consecutiveFailures: 3 });
          // Switched back on by its organiser.
          const enabled = await app.app.inject({
            method: 'PATCH',
            url: `/api/me/webhooks/${id}`,
            headers: { cookie },
            payload: { enabled: true },
          });
          expect(enabled.statusCode).toBe(204);
        },
      );
    } finally {
      await hook.stop();
    }
  });

  it('that answers too slowly is cut at the timeout and logged, never a 5xx', async () => {
    const hook = receiver();
    const url = await hook.start();
    hook.state.delayMs = 3000;
    try {
      await withTestApp(
        { config: { webhooks: { timeoutMs: 300, ratePerSecond: 100, disableAfter: 20, publicOnly: false } } },
        async (app) => {
          const { cookie } = await organiser(app);
          const { id } = (await register(app, cookie, url)).json();
          const tested = await app.app.inject({
            method: 'POST',
            url: `/api/me/webhooks/${id}/test`,
            headers: { cookie },
          });
          expect(tested.statusCode).toBe(200);
          expect(tested.json()).toMatchObject({ statusCode: null, error: expect.stringContaining('timeout') });
          expect(tested.json().durationMs).toBeLessThan(2500);
        },
      );
    } finally {
      await hook.stop();
    }
  });
});

describe('the pace of one endpoint', () => {
  it('is bounded: deliveries past its rate wait for the slots they reserved, their attempts given back', async () => {
    const hook = receiver();
    const url = await hook.start();
    try {
      await withTestApp(
        { config: { webhooks: { timeoutMs: 2000, ratePerSecond: 2, disableAfter: 20, publicOnly: false } } },
        async (app) => {
          const { user, cookie } = await organiser(app);
          const { event } = await createEvent(app, user.id);
          const { id } = (await register(app, cookie, url)).json();
          const buyer = await createUser(app);
          for (let i = 0; i < 6; i++) await payAnOrder(app, event.id, buyer.id);
          await app.app.jobs.runDue(WEBHOOK_JOB_KINDS);
          await app.app.jobs.runDue(WEBHOOK_JOB_KINDS);
          // A second's burst at most, then one every half second.
          expect(hook.received.length).toBeGreaterThan(0);
          expect(hook.received.length).toBeLessThanOrEqual(3);
          const waiting = await app.database.db
            .select()
            .from(jobs)
            .where(
              and(eq(jobs.kind, 'webhook'), sql`${jobs.payload}->>'endpointId' = ${id}`, sql`${jobs.doneAt} is null`),
            )
            .orderBy(jobs.runAt);
          expect(waiting.length).toBe(6 - hook.received.length);
          const times = waiting.map((job) => job.runAt.getTime());
          for (let i = 1; i < times.length; i++) {
            expect((times[i] ?? 0) - (times[i - 1] ?? 0)).toBeGreaterThanOrEqual(450);
          }
          // Each wait raised the attempts allowed with the attempts made: none was spent.
          expect(
            waiting.every((job) => job.lastError === null && job.maxAttempts === job.attempts + WEBHOOK_MAX_ATTEMPTS),
          ).toBe(true);
        },
      );
    } finally {
      await hook.stop();
    }
  });
});

describe('in production', () => {
  it('refuses plain http, private and loopback addresses, also when a name resolves to one', async () => {
    const hook = receiver();
    const local = await hook.start();
    try {
      await withTestApp(
        { config: { webhooks: { timeoutMs: 2000, ratePerSecond: 100, disableAfter: 20, publicOnly: true } } },
        async (app) => {
          const { user, cookie } = await organiser(app);
          expect((await register(app, cookie, local)).json()).toMatchObject({ message: m.urlNotHttps, field: 'url' });
          for (const address of [
            'https://127.0.0.1/',
            'https://10.1.2.3/',
            'https://169.254.169.254/',
            'https://[::1]/',
            'https://localhost/',
            'https://[::ffff:127.0.0.1]/',
          ]) {
            const refused = await register(app, cookie, address);
            expect(refused.statusCode, address).toBe(400);
            expect(refused.json().message, address).toBe(m.urlPrivate);
          }
          // Checked again at delivery, after resolution: an address that became private is never called.
          const [endpoint] = await app.database.db
            .insert(webhookEndpoints)
            .values({
              userId: user.id,
              url: local.replace('http://127.0.0.1', 'https://localhost'),
              events: ['order.paid'],
              secret: 'whsec_x',
            })
            .returning();
          const tested = await app.app.inject({
            method: 'POST',
            url: `/api/me/webhooks/${endpoint?.id}/test`,
            headers: { cookie },
          });
          expect(tested.json()).toMatchObject({
            statusCode: null,
            error: expect.stringContaining('WEBHOOK_URL_PRIVATE'),
          });
          expect(hook.received).toHaveLength(0);
        },
      );
    } finally {
      await hook.stop();
    }
  });
});
