import { checkoutFr } from '@guichet/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, isolatedAppRecordingMail, loginAs, type TestApp } from '../../test/helpers';
import { payAtSandboxBank, postOrder, raceEvent } from '../../test/modules/checkout/support';
import { idleJobHandlers } from '../../test/modules/jobs/idle-handlers';
import { jobs, mailOutbox, participations } from '../db/schema';
import { queueJob } from './queue';
import { createJobRunner } from './runner';
import { SubjectGone } from './subject-gone';

// Issue 26: a ticket refunded before its confirmation left the mail job failing on every retry
// ('Billet introuvable.'). The runner takes every due job of its database: a database of its own.
let t: TestApp;
let smtp: Awaited<ReturnType<typeof isolatedAppRecordingMail>>['smtp'];
beforeAll(async () => ({ t, smtp } = await isolatedAppRecordingMail()), 120_000);
afterAll(async () => t?.close());

const mailJobOf = async (mailId: string) =>
  (await t.database.db.select().from(jobs).where(eq(jobs.kind, 'mail'))).find((job) => job.payload.mailId === mailId);
const makeDue = (id: string) => t.database.db.update(jobs).set({ runAt: sql`now()` }).where(eq(jobs.id, id));

describe('a job whose subject is gone', () => {
  it('a confirmation whose ticket was refunded before it went out ends unsent, not retried, and says why', async () => {
    const organizer = await createUser(t, { isVerified: true });
    const { event, a } = await raceEvent(t, organizer.id, { a: 5, b: 5, c1: 1, c2: 1 });
    const buyer = await createUser(t, { firstName: 'Inès' });
    const cookie = await loginAs(t, buyer.email);
    const created = await postOrder(t, cookie, {
      eventId: event.id,
      lines: [{ ticketId: a.id, quantity: 1, refundPlaces: 1 }],
      acceptTerms: true,
    });
    expect(created.statusCode, created.body).toBe(201);
    await payAtSandboxBank(t, created.json().id, { cookie });
    const subject = checkoutFr.confirmationMail.subject(t.config.brandName, event.title);
    const [confirmation] = await t.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, buyer.email), eq(mailOutbox.subject, subject)));
    if (!confirmation) throw new Error('no confirmation queued');

    // The mail server is away at the first attempt; meanwhile the ticket is refunded.
    smtp.down = true;
    await t.app.jobs.runDue();
    smtp.down = false;
    const [participation] = await t.database.db
      .select()
      .from(participations)
      .where(eq(participations.userId, buyer.id));
    const asked = await t.app.inject({
      method: 'POST',
      url: `/api/me/participations/${participation?.id}/refund-request`,
      headers: { cookie },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const accepted = await t.app.inject({
      method: 'POST',
      url: `/api/console/events/${event.id}/refunds/${participation?.id}/accept`,
      headers: { cookie: await loginAs(t, organizer.email) },
    });
    expect(accepted.json()).toEqual({ status: 'refunded' });

    const job = await mailJobOf(confirmation.id);
    if (!job) throw new Error('no mail job');
    await makeDue(job.id);
    await t.app.jobs.runDue();
    const ended = await mailJobOf(confirmation.id);
    expect(ended).toMatchObject({ attempts: 2, failedAt: null, lastError: null });
    expect(ended?.doneAt).not.toBeNull();
    expect(ended?.endedReason).toContain(`tickets-pdf ${participation?.id}`);
    expect(ended?.endedReason).toMatch(/gone .*refunded or cancelled/);
    const [row] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, confirmation.id));
    expect(row?.sentAt).toBeNull();
    expect(row?.lastError).toContain('not sent');
    expect(smtp.delivered.filter((mail) => mail.subject === subject)).toEqual([]);

    // Nothing is left to run: it is not tried again later.
    await makeDue(job.id);
    await t.app.jobs.runDue();
    expect((await mailJobOf(confirmation.id))?.attempts).toBe(2);
  });

  it('any kind of job may say so: it ends at once with its reason, reported once', async () => {
    const reported: string[] = [];
    const runner = createJobRunner({
      db: t.database.db,
      handlers: {
        ...idleJobHandlers,
        event_cancellation: async (payload) => {
          throw new SubjectGone(`event ${payload.eventId} deleted`);
        },
      },
      onEnded: (_job, reason) => reported.push(reason),
      onError: () => reported.push('error'),
    });
    await queueJob(t.database.db, 'event_cancellation', { eventId: 'gone-1' }, { maxAttempts: 8 });
    expect(await runner.runDue()).toBe(1);
    const [job] = (await t.database.db.select().from(jobs).where(eq(jobs.kind, 'event_cancellation'))).filter(
      (row) => row.payload.eventId === 'gone-1',
    );
    expect(job).toMatchObject({ attempts: 1, failedAt: null, endedReason: 'event gone-1 deleted' });
    expect(job?.doneAt).not.toBeNull();
    expect(reported).toEqual(['event gone-1 deleted']);
    expect(await runner.runDue()).toBe(0);
  });
});
