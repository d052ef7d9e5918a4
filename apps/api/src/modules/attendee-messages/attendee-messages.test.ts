import { randomUUID } from 'node:crypto';
import { attendeeMessagesFr, datesFr } from '@guichet/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminCookie,
  createEvent,
  createUser,
  isolatedAppRecordingMail,
  loginAs,
  raceMode,
  type TestApp,
} from '../../../test/helpers';
import { doorEvent, participationWithCode } from '../../../test/modules/checkin/support';
import { useTestApp } from '../../../test/use-test-app';
import {
  attendeeMessageRecipients,
  attendeeMessages,
  checkinListEntries,
  checkinLists,
  eventDates,
  jobs,
  mailOutbox,
  participations,
  tickets,
  users,
} from '../../db/schema';
import { MESSAGE_BATCH, sendNextBatch } from './service';

const t = useTestApp();
const m = attendeeMessagesFr;

const post = (app: TestApp, eventId: string, cookie: string, payload: object) =>
  app.app.inject({ method: 'POST', url: `/api/console/events/${eventId}/messages`, headers: { cookie }, payload });
const get = (app: TestApp, url: string, cookie: string) => app.app.inject({ method: 'GET', url, headers: { cookie } });
const message = { subject: 'Ouverture des portes', body: 'Les portes ouvrent à 19 h.', audience: {} };

async function recipientsOf(app: TestApp, messageId: string) {
  return (
    await app.database.db
      .select({ email: attendeeMessageRecipients.email })
      .from(attendeeMessageRecipients)
      .where(eq(attendeeMessageRecipients.messageId, messageId))
  )
    .map((r) => r.email)
    .sort();
}

describe('messages to attendees', () => {
  it('goes once to each address among the live places’ holders and buyers, and lists its counts', async () => {
    const { organizer, event, ticket } = await doorEvent(t);
    const cookie = await loginAs(t, organizer.email);
    const first = await participationWithCode(t, event.id, ticket.id, 2);
    // The same holder twice (two orders): one mail.
    const [again] = await t.database.db
      .insert(participations)
      .values({ eventId: event.id, ticketId: ticket.id, userId: first.user.id, quantity: 1 })
      .returning();
    // A place held by someone other than its buyer: both are told.
    const buyer = await participationWithCode(t, event.id, ticket.id, 1);
    const holder = await createUser(t);
    await t.database.db
      .update(participations)
      .set({ userId: holder.id })
      .where(eq(participations.id, buyer.participation.id));
    const gone = await participationWithCode(t, event.id, ticket.id, 1);
    await t.database.db
      .update(participations)
      .set({ cancelledAt: new Date() })
      .where(eq(participations.id, gone.participation.id));
    expect(again).toBeDefined();

    const preview = await get(t, `/api/console/events/${event.id}/messages/audience`, cookie);
    expect(preview.json()).toEqual({ recipients: 3, perDay: expect.any(Number) });
    const sent = await post(t, event.id, cookie, message);
    expect(sent.statusCode).toBe(202);
    const { id } = sent.json();
    expect(await recipientsOf(t, id)).toEqual([first.user.email, buyer.user.email, holder.email].sort());

    const list = await get(t, `/api/console/events/${event.id}/messages`, cookie);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([
      expect.objectContaining({ id, subject: message.subject, recipients: 3, sent: 0, failed: 0, progress: 0 }),
    ]);
    // Its sending was queued with it.
    const queued = await t.database.db.select().from(jobs).where(sql`${jobs.payload}->>'messageId' = ${id}`);
    expect(queued.map((j) => j.kind)).toEqual(['attendee_message']);
  });

  it('narrows the audience by ticket (a choice ticket names its options) and by entry', async () => {
    const organizer = await createUser(t, { isVerified: true });
    const cookie = await loginAs(t, organizer.email);
    const {
      event,
      tickets: [plain, choice],
    } = await createEvent(t, organizer.id, {}, [{}, { isMultipart: true, position: 1 }]);
    if (!plain || !choice) throw new Error('tickets missing');
    const [option] = await t.database.db
      .insert(tickets)
      .values({ eventId: event.id, parentId: choice.id, title: 'Option', quantity: 10, position: 2 })
      .returning();
    if (!option) throw new Error('option missing');
    const inside = await participationWithCode(t, event.id, plain.id, 1);
    await t.database.db
      .update(participations)
      .set({ entriesUsed: 1 })
      .where(eq(participations.id, inside.participation.id));
    const absent = await participationWithCode(t, event.id, plain.id, 1);
    const optionHolder = await participationWithCode(t, event.id, option.id, 1);
    const count = async (query: string) =>
      (await get(t, `/api/console/events/${event.id}/messages/audience?${query}`, cookie)).json().recipients;
    expect(await count('')).toBe(3);
    expect(await count(`ticketIds=${choice.id}`)).toBe(1);
    expect(await count(`ticketIds=${plain.id},${option.id}`)).toBe(3);
    expect(await count('checkin=in')).toBe(1);
    expect(await count(`checkin=absent&ticketIds=${plain.id}`)).toBe(1);

    // Came in through a check-in list's door (its own entries): in, not absent.
    const [list] = await t.database.db
      .insert(checkinLists)
      .values({ eventId: event.id, name: 'Loges', ticketIds: [option.id] })
      .returning();
    if (!list) throw new Error('list missing');
    await t.database.db
      .insert(checkinListEntries)
      .values({ listId: list.id, participationId: optionHolder.participation.id, entries: 1, inside: 1 });
    expect(await count('checkin=in')).toBe(2);
    expect(await count('checkin=absent')).toBe(1);
    await t.database.db.delete(checkinListEntries).where(eq(checkinListEntries.listId, list.id));

    const sent = await post(t, event.id, cookie, { ...message, audience: { ticketIds: [choice.id] } });
    expect(sent.statusCode).toBe(202);
    expect(await recipientsOf(t, sent.json().id)).toEqual([optionHolder.user.email]);
    const absents = await post(t, event.id, cookie, { ...message, audience: { checkin: 'absent' } });
    expect(await recipientsOf(t, absents.json().id)).toEqual([absent.user.email, optionHolder.user.email].sort());
  });

  it('narrows the audience to one date: its places and the passes covering it (issue 32)', async () => {
    const organizer = await createUser(t, { isVerified: true });
    const cookie = await loginAs(t, organizer.email);
    const {
      event,
      tickets: [seat, pass],
    } = await createEvent(t, organizer.id, {}, [{}, { isPass: true, position: 1 }]);
    if (!seat || !pass) throw new Error('tickets missing');
    const day = 86_400_000;
    const [, saturday] = await t.database.db
      .insert(eventDates)
      .values([
        { id: event.id, eventId: event.id, dateBegin: event.dateBegin, dateEnd: event.dateEnd },
        {
          eventId: event.id,
          dateBegin: new Date(event.dateBegin.getTime() + day),
          dateEnd: new Date(event.dateEnd.getTime() + day),
        },
      ])
      .returning();
    if (!saturday) throw new Error('date missing');
    const onFriday = await participationWithCode(t, event.id, seat.id, 1);
    const onSaturday = await participationWithCode(t, event.id, seat.id, 1);
    const passHolder = await participationWithCode(t, event.id, pass.id, 1);
    await t.database.db
      .update(participations)
      .set({ dateId: event.id })
      .where(eq(participations.id, onFriday.participation.id));
    await t.database.db
      .update(participations)
      .set({ dateId: saturday.id })
      .where(eq(participations.id, onSaturday.participation.id));
    const count = async (query: string) =>
      (await get(t, `/api/console/events/${event.id}/messages/audience?${query}`, cookie)).json().recipients;
    expect(await count('')).toBe(3);
    expect(await count(`dateId=${event.id}`)).toBe(2);
    expect(await count(`dateId=${saturday.id}`)).toBe(2);
    const sent = await post(t, event.id, cookie, { ...message, audience: { dateId: saturday.id } });
    expect(sent.statusCode).toBe(202);
    expect(await recipientsOf(t, sent.json().id)).toEqual([onSaturday.user.email, passHolder.user.email].sort());
    const foreign = await post(t, event.id, cookie, { ...message, audience: { dateId: randomUUID() } });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({ message: datesFr.notFound });
  });

  it('answers bad input in French, with nothing kept', async () => {
    const { organizer, event, ticket } = await doorEvent(t);
    const cookie = await loginAs(t, organizer.email);
    await participationWithCode(t, event.id, ticket.id, 1);
    const other = await doorEvent(t);
    const cases: [object, number, string][] = [
      [{ ...message, subject: '' }, 400, m.subjectRequired],
      [{ ...message, subject: '   ' }, 400, m.subjectRequired],
      [{ ...message, body: '' }, 400, m.bodyRequired],
      [{ subject: 'Objet' }, 400, m.bodyRequired],
      [{ ...message, subject: 'x'.repeat(151) }, 400, m.subjectTooLong(150)],
      [{ ...message, body: 'x'.repeat(5001) }, 400, m.bodyTooLong(5000)],
      [{ ...message, audience: { ticketIds: [other.ticket.id] } }, 400, m.ticketUnknown],
      [{ ...message, audience: { ticketIds: ['pas-un-id'] } }, 400, m.ticketUnknown],
      [{ ...message, audience: { checkin: 'in' } }, 409, m.noRecipient],
    ];
    for (const [payload, status, text] of cases) {
      const response = await post(t, event.id, cookie, payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(status);
      expect(response.json().message).toBe(text);
    }
    for (const payload of [
      { ...message, audience: { checkin: 'dehors' } },
      { ...message, html: '<b>' },
    ]) {
      expect((await post(t, event.id, cookie, payload)).statusCode).toBe(400);
    }
    expect(await t.database.db.select().from(attendeeMessages).where(eq(attendeeMessages.eventId, event.id))).toEqual(
      [],
    );
  });

  it('is written by the verified organiser and the administrator only', async () => {
    const { organizer, event, ticket } = await doorEvent(t);
    await participationWithCode(t, event.id, ticket.id, 1);
    const member = await createUser(t);
    const owner = await loginAs(t, organizer.email);
    await t.app.inject({
      method: 'POST',
      url: `/api/console/events/${event.id}/staff`,
      headers: { cookie: owner },
      payload: { email: member.email, role: 'box-office' },
    });
    const staff = await loginAs(t, member.email);
    const stranger = await loginAs(t, (await createUser(t, { isVerified: true })).email);
    for (const cookie of [staff, stranger]) {
      expect((await post(t, event.id, cookie, message)).statusCode).toBe(404);
      expect((await get(t, `/api/console/events/${event.id}/messages`, cookie)).statusCode).toBe(404);
    }
    const admin = await adminCookie(t);
    expect((await post(t, event.id, admin, message)).statusCode).toBe(202);
  });

  it(`allows 3 messages per event and day, then answers 429 MESSAGE_LIMIT, counted once for sends at once${raceMode}`, async () => {
    const { organizer, event, ticket } = await doorEvent(t);
    const cookie = await loginAs(t, organizer.email);
    await participationWithCode(t, event.id, ticket.id, 1);
    const answers = await Promise.all(Array.from({ length: 6 }, () => post(t, event.id, cookie, message)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([202, 202, 202, 429, 429, 429]);
    const refused = answers.find((a) => a.statusCode === 429);
    expect(refused?.json()).toMatchObject({ code: 'MESSAGE_LIMIT', message: m.limitReached(3) });
    expect(
      await t.database.db.select().from(attendeeMessages).where(eq(attendeeMessages.eventId, event.id)),
    ).toHaveLength(3);
    // Another event has its own three.
    const other = await doorEvent(t);
    await participationWithCode(t, other.event.id, other.ticket.id, 1);
    expect((await post(t, other.event.id, await loginAs(t, other.organizer.email), message)).statusCode).toBe(202);
  });
});

describe('sending a message', () => {
  let app: TestApp;
  let smtp: Awaited<ReturnType<typeof isolatedAppRecordingMail>>['smtp'];
  beforeAll(async () => {
    ({ t: app, smtp } = await isolatedAppRecordingMail());
  });
  afterAll(async () => app?.close());

  /** An event whose `count` holders have addresses of their own. */
  async function eventWithHolders(count: number) {
    const organizer = await createUser(app, { isVerified: true, firstName: 'Olivia', lastName: 'Scène' });
    const {
      event,
      tickets: [ticket],
    } = await createEvent(app, organizer.id, {}, [{ quantity: count + 10 }]);
    if (!ticket) throw new Error('ticket missing');
    const tag = randomUUID().slice(0, 8);
    const holders = await app.database.db
      .insert(users)
      .values(
        Array.from({ length: count }, (_, i) => ({
          email: `public-${tag}-${i}@test.guichet.fr`,
          passwordHash: 'x',
          firstName: 'Public',
          lastName: `N${i}`,
          birthDate: '1990-01-01',
        })),
      )
      .returning({ id: users.id, email: users.email });
    await app.database.db
      .insert(participations)
      .values(holders.map((h) => ({ eventId: event.id, ticketId: ticket.id, userId: h.id, quantity: 1 })));
    return { organizer, event, holders, cookie: await loginAs(app, organizer.email) };
  }

  it('mails each recipient exactly once when two runs go at once, at most a batch per run', async () => {
    const { event, holders, cookie } = await eventWithHolders(2 * MESSAGE_BATCH + 20);
    const { id } = (await post(app, event.id, cookie, message)).json();
    let runs = 0;
    for (;;) {
      const queued = await Promise.all([
        sendNextBatch({ db: app.database.db, config: app.config }, id),
        sendNextBatch({ db: app.database.db, config: app.config }, id),
      ]);
      runs++;
      for (const n of queued) expect(n).toBeLessThanOrEqual(MESSAGE_BATCH);
      if (queued[0] + queued[1] === 0) break;
    }
    expect(runs).toBeGreaterThanOrEqual(2);
    const mails = await app.database.db
      .select({ to: mailOutbox.to, id: mailOutbox.id })
      .from(mailOutbox)
      .where(
        inArray(
          mailOutbox.to,
          holders.map((h) => h.email),
        ),
      );
    expect(mails.map((mail) => mail.to).sort()).toEqual(holders.map((h) => h.email).sort());
    // Each mail has its one delivery job, and the message's own runs stopped with its recipients.
    const deliveries = await app.database.db
      .select()
      .from(jobs)
      .where(
        inArray(
          sql`${jobs.payload}->>'mailId'`,
          mails.map((mail) => mail.id),
        ),
      );
    expect(deliveries).toHaveLength(holders.length);
    const pendingRuns = await app.database.db
      .select()
      .from(jobs)
      .where(sql`${jobs.payload}->>'messageId' = ${id} and ${jobs.doneAt} is null and ${jobs.runAt} > now()`);
    expect(pendingRuns.length).toBeLessThanOrEqual(1);
  });

  it('sends in the organiser’s name, answered to them, its text as text (a script stays text)', async () => {
    const { organizer, event, holders, cookie } = await eventWithHolders(2);
    const body = 'Bonjour,\n\n<script>alert("x")</script> & <b>gras</b>\nÀ ce soir.';
    const sent = await post(app, event.id, cookie, { ...message, body, subject: 'Infos <i>importantes</i>' });
    expect(sent.statusCode).toBe(202);
    // The message's run hands its mails to the outbox, whose deliveries the next pass runs.
    await app.app.jobs.runDue();
    await app.app.jobs.runDue();
    const delivered = smtp.delivered.filter((mail) => holders.some((h) => h.email === mail.to));
    expect(delivered).toHaveLength(2);
    for (const mail of delivered) {
      expect(mail.from).toEqual({ name: 'Olivia Scène', address: 'no-reply@guichet.test' });
      expect(mail.replyTo).toBe(organizer.email);
      expect(mail.subject).toBe('Infos <i>importantes</i>');
      expect(mail.text).toContain(body);
      expect(mail.html).toContain(
        '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;b&gt;gras&lt;/b&gt;<br>À ce soir.',
      );
      expect(mail.html).not.toContain('<script>');
    }
    const [listed] = (await get(app, `/api/console/events/${event.id}/messages`, cookie)).json();
    expect(listed).toMatchObject({ recipients: 2, sent: 2, failed: 0, progress: 100, body });

    const admin = await adminCookie(app);
    const all = (await get(app, '/api/admin/attendee-messages', admin)).json();
    expect(all.find((row: { id: string }) => row.id === listed.id)).toMatchObject({
      eventTitle: event.title,
      organizerName: 'Olivia Scène',
      sent: 2,
    });
    const one = await get(app, `/api/admin/attendee-messages/${listed.id}`, admin);
    expect(one.json()).toMatchObject({ body, recipients: 2 });
    expect((await get(app, `/api/admin/attendee-messages/${randomUUID()}`, admin)).statusCode).toBe(404);
  });

  it('counts mails the outbox gave up on as failed', async () => {
    const { event, cookie } = await eventWithHolders(2);
    const { id } = (await post(app, event.id, cookie, message)).json();
    smtp.down = true;
    try {
      await sendNextBatch({ db: app.database.db, config: app.config }, id);
      // Five attempts, as every mail: the job runner's backoff is skipped by making them due.
      for (let attempt = 0; attempt < 5; attempt++) {
        await app.database.db
          .update(jobs)
          .set({ runAt: sql`now()` })
          .where(sql`${jobs.doneAt} is null and ${jobs.failedAt} is null and ${jobs.kind} = 'mail'`);
        await app.app.jobs.runDue();
      }
    } finally {
      smtp.down = false;
    }
    const [listed] = (await get(app, `/api/console/events/${event.id}/messages`, cookie)).json();
    expect(listed).toMatchObject({ recipients: 2, sent: 0, failed: 2, progress: 100 });
  });

  it('takes its daily cap from the administrator’s settings', async () => {
    const admin = await adminCookie(app);
    const put = (payload: object) =>
      app.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: { cookie: admin }, payload });
    expect((await put({ attendeeMessagesPerDay: 101 })).statusCode).toBe(400);
    expect((await put({ attendeeMessagesPerDay: 1 })).json()).toEqual({ attendeeMessagesPerDay: 1 });
    try {
      const { event, cookie } = await eventWithHolders(1);
      expect((await post(app, event.id, cookie, message)).statusCode).toBe(202);
      const refused = await post(app, event.id, cookie, message);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ code: 'MESSAGE_LIMIT', message: m.limitReached(1) });
      expect((await get(app, '/api/admin/settings', admin)).json()).toEqual({ attendeeMessagesPerDay: 1 });
    } finally {
      await put({ attendeeMessagesPerDay: 3 });
    }
  });
});
