import { checkoutFr } from '@guichet/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isolatedAppRecordingMail, type TestApp } from '../../test/helpers';
import { idleJobHandlers } from '../../test/modules/jobs/idle-handlers';
import { jobs, mailOutbox, orders, paymentTransactions } from '../db/schema';
import { createBus } from '../lib/bus';
import { queueMail } from '../mail/outbox';
import { retryRefund, settlePayment } from '../modules/checkout/payment.service';
import { paymentConfigFromEnv } from '../payments';
import { queueJob } from './queue';
import { jobsOverview } from './repository';
import { createJobRunner } from './runner';

// The runner takes every due job of its database: these tests have a database of their own.
let t: TestApp;
let smtp: Awaited<ReturnType<typeof isolatedAppRecordingMail>>['smtp'];
beforeAll(async () => ({ t, smtp } = await isolatedAppRecordingMail()), 120_000);
afterAll(async () => t?.close());

const jobOf = async (kind: 'mail' | 'refund', key: string, value: string) => {
  const rows = await t.database.db.select().from(jobs).where(eq(jobs.kind, kind));
  return rows.find((row) => row.payload[key] === value);
};

describe('the job runner', () => {
  it('delivers queued mail, once, outside the transaction that queued it', async () => {
    await t.database.db.transaction(async (tx) => {
      await queueMail(tx, { to: 'une@test.guichet.fr', subject: 'Bonjour', text: 'Bonjour' });
    });
    const [mail] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'une@test.guichet.fr'));
    expect(await t.app.jobs.runDue()).toBe(1);
    expect(smtp.delivered.map((m) => m.to)).toEqual(['une@test.guichet.fr']);
    const [sent] = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.id, mail?.id ?? ''));
    expect(sent?.sentAt).not.toBeNull();
    expect((await jobOf('mail', 'mailId', mail?.id ?? ''))?.doneAt).not.toBeNull();
    expect(await t.app.jobs.runDue()).toBe(0);
    expect(smtp.delivered).toHaveLength(1);
  });

  it('retries a failed job later, then gives up where it can be seen', async () => {
    smtp.down = true;
    await queueMail(t.database.db, { to: 'panne@test.guichet.fr', subject: 'Panne', text: 'Panne' });
    const [mail] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'panne@test.guichet.fr'));
    await t.app.jobs.runDue();
    const job = await jobOf('mail', 'mailId', mail?.id ?? '');
    expect(job).toMatchObject({ attempts: 1, doneAt: null, failedAt: null });
    expect(job?.lastError).toContain('ECONNREFUSED');
    // Backoff: the second attempt waits; nothing runs now.
    expect(job?.runAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
    expect(await t.app.jobs.runDue()).toBe(0);

    // The wait over, it is tried until its last attempt, and then stops as failed.
    for (let attempt = 2; attempt <= 5; attempt++) {
      await t.database.db
        .update(jobs)
        .set({ runAt: sql`now()` })
        .where(eq(jobs.id, job?.id ?? ''));
      expect(await t.app.jobs.runDue()).toBe(1);
    }
    const given = await jobOf('mail', 'mailId', mail?.id ?? '');
    expect(given).toMatchObject({ attempts: 5, doneAt: null });
    expect(given?.failedAt).not.toBeNull();
    const overview = await jobsOverview(t.database.db);
    expect(overview.failed.map((f) => f.id)).toContain(job?.id);
    const [row] = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.id, mail?.id ?? ''));
    expect(row).toMatchObject({ sentAt: null, attempts: 5 });
    smtp.down = false;
  });

  it('holds no lock on a job while it runs', async () => {
    await queueJob(t.database.db, 'refund', { provider: 'none', transactionId: 'lock-check' }, { maxAttempts: 1 });
    let lockedElsewhere: boolean | undefined;
    const runner = createJobRunner({
      db: t.database.db,
      handlers: {
        ...idleJobHandlers,
        refund: async (_payload, job) => {
          // Another process could lock the row now: the claim was committed before the work began.
          lockedElsewhere = await t.database.db
            .transaction(async (tx) => {
              await tx.execute(sql`select id from jobs where id = ${job.id} for update nowait`);
              return false;
            })
            .catch(() => true);
        },
      },
    });
    expect(await runner.runDue()).toBe(1);
    expect(lockedElsewhere).toBe(false);
  });

  it('runs each job once when its work outlasts the lease and another process is looking', async () => {
    const runs: string[] = [];
    // Two processes' runners on one database; every job takes longer than the lease.
    const runnerOf = () =>
      createJobRunner({
        db: t.database.db,
        leaseMs: 300,
        handlers: {
          ...idleJobHandlers,
          refund: async (payload) => {
            runs.push(payload.transactionId ?? '');
            await new Promise((resolve) => setTimeout(resolve, 700));
          },
        },
      });
    const ids = ['slow-1', 'slow-2', 'slow-3'];
    for (const id of ids) {
      await queueJob(t.database.db, 'refund', { provider: 'none', transactionId: id }, { maxAttempts: 5 });
    }
    const first = runnerOf();
    const second = runnerOf();
    const firstRun = first.runDue();
    // The second looks again and again while the first works through the batch it claimed.
    let secondDone = 0;
    for (let i = 0; i < 12; i++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      secondDone += await second.runDue();
    }
    const firstDone = await firstRun;
    expect(runs.slice().sort()).toEqual(ids);
    expect(firstDone + secondDone).toBe(3);
    const rows = await t.database.db.select().from(jobs).where(eq(jobs.kind, 'refund'));
    for (const id of ids) expect(rows.find((row) => row.payload.transactionId === id)?.doneAt).not.toBeNull();
  });
});

describe('a runner that stops (graceful shutdown)', () => {
  it('finishes the job in hand and gives the rest of its batch back at once, for another process', async () => {
    const ids = ['stop-1', 'stop-2', 'stop-3'];
    for (const id of ids) {
      await queueJob(t.database.db, 'refund', { provider: 'none', transactionId: id }, { maxAttempts: 5 });
    }
    const runs: string[] = [];
    let started = () => {};
    const isStarted = new Promise<void>((resolve) => {
      started = resolve;
    });
    const handlers = (wait: number) => ({
      ...idleJobHandlers,
      refund: async (payload: Record<string, string>) => {
        runs.push(payload.transactionId ?? '');
        started();
        await new Promise((resolve) => setTimeout(resolve, wait));
      },
    });
    // A lease of a minute: given back, the jobs do not wait for it.
    const stopping = createJobRunner({ db: t.database.db, leaseMs: 60_000, handlers: handlers(300) });
    const batch = stopping.kick();
    await isStarted;
    await stopping.stop();
    await batch;
    expect(runs).toEqual(['stop-1']);
    const rows = (await t.database.db.select().from(jobs).where(eq(jobs.kind, 'refund'))).filter((row) =>
      ids.includes(row.payload.transactionId ?? ''),
    );
    const given = rows.filter((row) => row.doneAt === null);
    expect(given.map((row) => row.payload.transactionId).sort()).toEqual(['stop-2', 'stop-3']);
    for (const row of given) expect(row.lockedUntil).toBeNull();
    const other = createJobRunner({ db: t.database.db, leaseMs: 60_000, handlers: handlers(0) });
    expect(await other.runDue()).toBe(2);
    expect(runs.slice().sort()).toEqual(ids);
  });
});

describe('a refund the provider refuses', () => {
  it('is queued and carried out by the runner when the provider answers again', async () => {
    const payments = paymentConfigFromEnv({ PUBLIC_URL: t.config.publicUrl }, 'test');
    let bankDown = true;
    const provider = {
      name: 'sandbox' as const,
      refund: async () => {
        if (bankDown) throw new Error('PPPS unreachable');
      },
    };
    const [user] = await t.database.db
      .execute<{ id: string }>(
        sql`insert into users (email, password_hash, first_name, last_name, birth_date)
          values ('rembourse@test.guichet.fr', 'x', 'Rem', 'Boursé', '1990-01-01') returning id`,
      )
      .then((result) => (result as unknown as { rows: { id: string }[] }).rows);
    const [event] = await t.database.db
      .execute<{ id: string }>(
        sql`insert into events (organizer_id, title, date_begin, date_end)
          values (${user?.id}, 'Remboursement', now() + interval '1 day', now() + interval '2 days') returning id`,
      )
      .then((result) => (result as unknown as { rows: { id: string }[] }).rows);
    const [order] = await t.database.db
      .insert(orders)
      .values({
        reference: 'JOB-REFUND-1',
        eventId: event?.id ?? '',
        userId: user?.id ?? '',
        buyerEmail: 'rembourse@test.guichet.fr',
        buyerFirstName: 'Rem',
        buyerLastName: 'Boursé',
        buyerBirthDate: '1990-01-01',
        status: 'paid',
        provider: 'sandbox',
        subtotalCents: 1000,
        totalCents: 1000,
        ticketCount: 1,
        expiresAt: new Date(),
        transactionId: 'FIRST',
        paidAt: new Date(),
      })
      .returning();
    await t.database.db.insert(paymentTransactions).values({
      orderId: order?.id ?? '',
      provider: 'sandbox',
      transactionId: 'FIRST',
      amountCents: 1000,
      kind: 'payment',
      refundStatus: 'none',
    });
    const deps = {
      db: t.database.db,
      config: t.config,
      clock: { now: () => new Date() },
      images: undefined as never,
      bus: createBus(undefined),
    };
    const log = { error: () => {} };
    // A second capture of the paid order: owed back, but the bank does not answer.
    const outcome = {
      reference: 'JOB-REFUND-1',
      status: 'paid' as const,
      amountCents: 1000,
      transactionId: 'SECOND',
      errorCode: '00000',
    };
    expect(await settlePayment(deps, provider as never, outcome, log)).toBe('duplicate_capture');
    const capture = async () =>
      (
        await t.database.db.select().from(paymentTransactions).where(eq(paymentTransactions.transactionId, 'SECOND'))
      )[0];
    expect((await capture())?.refundStatus).toBe('failed');
    const job = await jobOf('refund', 'transactionId', 'SECOND');
    expect(job).toMatchObject({ doneAt: null, failedAt: null });

    bankDown = false;
    const runner = createJobRunner({
      db: t.database.db,
      handlers: {
        ...idleJobHandlers,
        refund: async (payload) => {
          await retryRefund(deps, { config: payments, providers: { sandbox: provider } as never }, payload);
        },
      },
    });
    expect(await runner.runDue()).toBeGreaterThanOrEqual(1);
    expect((await capture())?.refundStatus).toBe('refunded');
    expect((await jobOf('refund', 'transactionId', 'SECOND'))?.doneAt).not.toBeNull();
    const mails = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'rembourse@test.guichet.fr'));
    expect(mails.map((m) => m.subject)).toContain(checkoutFr.duplicateRefundedMail.subject(t.config.brandName));
  });
  it('runs a lane of its own beside the rest: a webhook is not kept waiting behind slow jobs queued before it', async () => {
    const started: string[] = [];
    let releaseSlow: () => void = () => {};
    const slowHeld = new Promise<void>((resolve) => {
      releaseSlow = resolve;
    });
    const runner = createJobRunner({
      db: t.database.db,
      lanes: [['webhook']],
      handlers: {
        ...idleJobHandlers,
        refund: async (payload) => {
          started.push(payload.transactionId ?? '');
          await slowHeld;
        },
        webhook: async (payload) => {
          started.push(payload.eventId ?? '');
          // The slow job queued first is still running: this one did not wait for it.
          releaseSlow();
        },
      },
    });
    await queueJob(t.database.db, 'refund', { provider: 'none', transactionId: 'lane-slow' }, { maxAttempts: 1 });
    await queueJob(t.database.db, 'webhook', { eventId: 'lane-quick', endpointId: 'none' }, { maxAttempts: 1 });
    // Without a lane of its own the webhook would wait for the slow job, which waits for it.
    await runner.runDue();
    expect(started.filter((key) => key.startsWith('lane-')).sort()).toEqual(['lane-quick', 'lane-slow']);
  });

  it('runs only the kinds asked for, without waiting for the other jobs due (a test among others)', async () => {
    const started: string[] = [];
    const runner = createJobRunner({
      db: t.database.db,
      lanes: [['webhook']],
      handlers: {
        ...idleJobHandlers,
        refund: async (payload) => {
          started.push(payload.transactionId ?? '');
        },
        webhook: async (payload) => {
          started.push(payload.eventId ?? '');
        },
      },
    });
    await queueJob(t.database.db, 'refund', { provider: 'none', transactionId: 'only-other' }, { maxAttempts: 1 });
    await queueJob(t.database.db, 'webhook', { eventId: 'only-asked', endpointId: 'none' }, { maxAttempts: 1 });
    expect(await runner.runDue(['webhook'])).toBeGreaterThanOrEqual(1);
    expect(started.filter((key) => key.startsWith('only-'))).toEqual(['only-asked']);
    await runner.runDue();
    expect(started.filter((key) => key.startsWith('only-')).sort()).toEqual(['only-asked', 'only-other']);
  });
});
