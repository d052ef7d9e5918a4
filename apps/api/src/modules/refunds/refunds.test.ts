import { checkoutFr, refundsFr } from '@guichet/shared';
import { and, eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, loginAs, raceMode } from '../../../test/helpers';
import { buyAndPay, payAtSandboxBank, postOrder, raceEvent } from '../../../test/modules/checkout/support';
import { cancelEvent } from '../../../test/modules/ledger/support';
import { askRefund } from '../../../test/modules/refunds/support';
import { useTestApp } from '../../../test/use-test-app';
import { jobs, mailOutbox, orders, participations, refunds, tickets } from '../../db/schema';
import { createBus } from '../../lib/bus';
import { createPaymentProviders, createSandboxBankStore, paymentConfigFromEnv } from '../../payments';
import { carryOutRefund, type RefundDeps, RefundInProgress } from './execution.service';
import { acceptRefund } from './request.service';

const MINUTE = 60_000;
let offset = 0;
const clock = { now: () => new Date(Date.now() + offset) };
const payments = paymentConfigFromEnv({ PUBLIC_URL: 'http://localhost:3000' }, 'test');

// A database of its own: the cancellation test runs the job queue, which must hold only this file's jobs.
const t = useTestApp({ clock, payments, isolated: true });
let organizer: Awaited<ReturnType<typeof createUser>>;
let organizerCookie: string;
beforeAll(async () => {
  organizer = await createUser(t, { isVerified: true });
  organizerCookie = await loginAs(t, organizer.email);
});

/** The service's dependencies with providers of the test's choosing (the application's own by default). */
async function depsWith(refund?: (payment: { transactionId: string }) => Promise<void>): Promise<RefundDeps> {
  const providers = await createPaymentProviders(payments, { sandboxStore: bankStore() });
  const sandbox = providers.sandbox;
  if (refund && sandbox) providers.sandbox = { ...sandbox, refund };
  return {
    db: t.database.db,
    config: t.config,
    clock,
    images: undefined as never,
    bus: createBus(undefined),
    payments: { config: payments, providers },
  };
}

const buy = (cookie: string, eventId: string, line: { ticketId: string; quantity: number; refundPlaces?: number }) =>
  buyAndPay(t, cookie, eventId, line);

/** A holder of 3 places of ticket A (10 €), 2 of them insured, who asked for the refund of one (each place its own ticket). */
async function requestedRefund() {
  const race = await raceEvent(t, organizer.id, { a: 10, b: 5, c1: 1, c2: 1 });
  const buyer = await createUser(t, { firstName: 'Inès' });
  const cookie = await loginAs(t, buyer.email);
  const orderId = await buy(cookie, race.event.id, { ticketId: race.a.id, quantity: 3, refundPlaces: 2 });
  const participation = await askRefund(t, cookie);
  const [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
  return { ...race, buyer, cookie, participationId: participation.id as string, order };
}

const decide = (
  eventId: string,
  participationId: string,
  decision: 'accept' | 'refuse',
  cookie?: string,
  body?: object,
) =>
  t.app.inject({
    method: 'POST',
    url: `/api/console/events/${eventId}/refunds/${participationId}/${decision}`,
    headers: cookie ? { cookie } : {},
    ...(body && { payload: body }),
  });

/** What the sandbox bank refunded on a transaction, as any server of the application sees it. */
const bankStore = () => createSandboxBankStore(t.database.db);
const bankRefundsOf = (transactionId: string | null) => bankStore().refundsOf((transactionId ?? '').padStart(10, '0'));
const participationOf = async (id: string) =>
  (await t.database.db.select().from(participations).where(eq(participations.id, id)))[0];
const livePlacesOf = async (orderId: string | undefined) =>
  (
    await t.database.db
      .select()
      .from(participations)
      .where(eq(participations.orderId, orderId ?? ''))
  ).filter((place) => place.cancelledAt === null).length;
const soldOf = async (ticketId: string) =>
  (await t.database.db.select().from(tickets).where(eq(tickets.id, ticketId)))[0]?.sold;
const mailsTo = async (to: string) => t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));

describe('a refund request accepted by the organiser', () => {
  it('is listed, refunded once at the bank, then its places leave the holder and return to the sale', async () => {
    const { event, a, buyer, participationId, order } = await requestedRefund();
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/console/events/${event.id}/refunds`,
      headers: { cookie: organizerCookie },
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().items).toEqual([
      expect.objectContaining({ participationId, places: 1, amountCents: 1000, status: 'requested' }),
    ]);
    expect(await soldOf(a.id)).toBe(3);

    const accepted = await decide(event.id, participationId, 'accept', organizerCookie);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({ status: 'refunded' });

    expect(await bankRefundsOf(order?.transactionId ?? null)).toEqual([
      expect.objectContaining({ amountCents: 1000, reference: order?.reference }),
    ]);
    // The refunded place ends; the order's two other places stay the holder's.
    expect(await participationOf(participationId)).toMatchObject({ quantity: 0, refundPlaces: 0 });
    expect((await participationOf(participationId))?.cancelledAt).not.toBeNull();
    expect(await livePlacesOf(order?.id)).toBe(2);
    expect(await soldOf(a.id)).toBe(2);
    const subjects = (await mailsTo(buyer.email)).map((mail) => mail.subject);
    expect(subjects).toContain(refundsFr.mail.accepted.subject(t.config.brandName, event.title));

    // Asked again: the refund already made is the answer, and the bank is not asked twice.
    const again = await decide(event.id, participationId, 'accept', organizerCookie);
    expect(again.json()).toEqual({ status: 'refunded' });
    expect(await bankRefundsOf(order?.transactionId ?? null)).toHaveLength(1);
  });

  it(`is refunded exactly once when the acceptance is sent many times at once${raceMode}`, async () => {
    const { event, participationId, order } = await requestedRefund();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => decide(event.id, participationId, 'accept', organizerCookie)),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(8).fill(200));
    expect(await bankRefundsOf(order?.transactionId ?? null)).toHaveLength(1);
    const rows = await t.database.db.select().from(refunds).where(eq(refunds.participationId, participationId));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.status).toBe('refunded');
  });

  it('is answered 401 to a visitor and 404 to another organiser', async () => {
    const { event, participationId } = await requestedRefund();
    expect((await decide(event.id, participationId, 'accept')).statusCode).toBe(401);
    const stranger = await createUser(t, { isVerified: true });
    const strangerCookie = await loginAs(t, stranger.email);
    expect((await decide(event.id, participationId, 'accept', strangerCookie)).statusCode).toBe(404);
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/console/events/${event.id}/refunds`,
      headers: { cookie: strangerCookie },
    });
    expect(list.statusCode).toBe(404);
    expect((await participationOf(participationId))?.quantity).toBe(1);
  });
});

describe('a refund request refused by the organiser', () => {
  it('tells the holder why, keeps their places and cannot be accepted afterwards', async () => {
    const { event, buyer, participationId, order } = await requestedRefund();
    const empty = await decide(event.id, participationId, 'refuse', organizerCookie, { reason: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(refundsFr.errors.reasonRequired);

    const refused = await decide(event.id, participationId, 'refuse', organizerCookie, {
      reason: 'Demande faite après la date limite annoncée.',
    });
    expect(refused.json()).toEqual({ status: 'refused' });
    const mail = (await mailsTo(buyer.email)).find(
      (m) => m.subject === refundsFr.mail.refused.subject(t.config.brandName, event.title),
    );
    expect(mail?.text).toContain('Demande faite après la date limite annoncée.');

    const late = await decide(event.id, participationId, 'accept', organizerCookie);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(refundsFr.errors.alreadyDecided);
    expect(await bankRefundsOf(order?.transactionId ?? null)).toHaveLength(0);
    expect(await livePlacesOf(order?.id)).toBe(3);
  });
});

describe('a refund the provider fails', () => {
  it('stays visible and retryable, with the places still the holder’s, until the job makes it', async () => {
    const { event, participationId, order } = await requestedRefund();
    let bankDown = true;
    const sandbox = (await createPaymentProviders(payments, { sandboxStore: bankStore() })).sandbox;
    const flaky = await depsWith(async (payment) => {
      if (bankDown) throw new Error('PPPS unreachable');
      await sandbox?.refund(payment as never);
    });
    expect(await acceptRefund(flaky, organizer, event.id, participationId)).toEqual({ status: 'failed' });
    expect(await livePlacesOf(order?.id)).toBe(3);
    const [row] = await t.database.db.select().from(refunds).where(eq(refunds.participationId, participationId));
    expect(row).toMatchObject({ status: 'failed', lastError: 'PPPS unreachable' });
    const queued = await t.database.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, 'ticket_refund'), isNull(jobs.doneAt)));
    expect(queued.some((job) => job.payload.refundId === row?.id)).toBe(true);

    bankDown = false;
    expect(await carryOutRefund(flaky, row?.id ?? '')).toBe('refunded');
    expect(await bankRefundsOf(order?.transactionId ?? null)).toHaveLength(1);
    expect(await livePlacesOf(order?.id)).toBe(2);
  });

  it('is made once when the process dies between the bank’s refund and its record', async () => {
    const { event, buyer, participationId, order } = await requestedRefund();
    const deps = await depsWith();
    const [made] = await t.database.db
      .insert(refunds)
      .values({
        eventId: event.id,
        orderId: order?.id,
        participationId,
        cause: 'request',
        places: 2,
        amountCents: 2000,
        provider: 'sandbox',
        transactionId: order?.transactionId,
        status: 'pending',
      })
      .returning();
    const id = made?.id ?? '';
    // The bank refunds, then the process is gone before the database hears of it.
    await expect(
      carryOutRefund(deps, id, async () => {
        throw new Error('killed');
      }),
    ).rejects.toThrow('killed');
    expect(await bankRefundsOf(order?.transactionId ?? null)).toHaveLength(1);
    expect(await livePlacesOf(order?.id)).toBe(3);

    // Another process finds it being made elsewhere until the claim is old enough to be a dead one's.
    await expect(carryOutRefund(deps, id)).rejects.toBeInstanceOf(RefundInProgress);
    offset = 6 * MINUTE;
    try {
      const replays = await Promise.allSettled([carryOutRefund(deps, id), carryOutRefund(deps, id)]);
      expect(replays.some((replay) => replay.status === 'fulfilled' && replay.value === 'refunded')).toBe(true);
    } finally {
      offset = 0;
    }
    expect(await bankRefundsOf(order?.transactionId ?? null)).toHaveLength(1);
    // A refund of 2 places takes 2 live places of the order's line: the one named first.
    expect((await participationOf(participationId))?.quantity).toBe(0);
    expect(await livePlacesOf(order?.id)).toBe(1);
    const accepted = (await mailsTo(buyer.email)).filter(
      (m) => m.subject === refundsFr.mail.accepted.subject(t.config.brandName, event.title),
    );
    expect(accepted).toHaveLength(1);
  });
});

describe('cancelling an event', () => {
  it('stops the sale at once, refunds every paid order once in a job, and e-mails every holder', async () => {
    const race = await raceEvent(t, organizer.id, { a: 10, b: 5, c1: 1, c2: 1 });
    const holders = [];
    for (let i = 0; i < 3; i++) {
      const buyer = await createUser(t, { firstName: `Holder${i}` });
      const cookie = await loginAs(t, buyer.email);
      await buy(cookie, race.event.id, { ticketId: i === 2 ? race.b.id : race.a.id, quantity: 2 });
      holders.push({ buyer, cookie });
    }
    // A buyer still at the payment page when the event is cancelled.
    const late = holders[0] as (typeof holders)[number];
    const held = await postOrder(t, late.cookie, {
      eventId: race.event.id,
      lines: [{ ticketId: race.a.id, quantity: 1 }],
      acceptTerms: true,
    });
    expect(held.statusCode).toBe(201);

    const refused = await cancelEvent(t, race.event.id, organizerCookie, '');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(refundsFr.errors.messageRequired);

    const cancelled = await cancelEvent(
      t,
      race.event.id,
      organizerCookie,
      'La salle est fermée par arrêté préfectoral.',
    );
    expect(cancelled.statusCode).toBe(202);
    expect(cancelled.json()).toMatchObject({ message: 'La salle est fermée par arrêté préfectoral.', orders: 3 });

    const buyer = await createUser(t);
    const attempt = await postOrder(t, await loginAs(t, buyer.email), {
      eventId: race.event.id,
      lines: [{ ticketId: race.a.id, quantity: 1 }],
      acceptTerms: true,
    });
    expect(attempt.statusCode).toBe(409);
    expect(attempt.json().message).toBe(checkoutFr.ticketingClosed);
    const again = await cancelEvent(t, race.event.id, organizerCookie, 'Encore');
    expect(again.statusCode).toBe(409);

    await t.app.jobs.runDue();
    const paid = await t.database.db
      .select()
      .from(orders)
      .where(and(eq(orders.eventId, race.event.id), eq(orders.provider, 'sandbox')));
    for (const order of paid.filter((o) => o.transactionId)) {
      expect(await bankRefundsOf(order.transactionId)).toEqual([
        expect.objectContaining({ amountCents: order.totalCents }),
      ]);
    }
    const live = await t.database.db.select().from(participations).where(eq(participations.eventId, race.event.id));
    expect(live.every((p) => p.cancelledAt !== null)).toBe(true);
    for (const { buyer } of holders) {
      const mail = (await mailsTo(buyer.email)).find(
        (m) => m.subject === refundsFr.mail.cancelled.subject(t.config.brandName, race.event.title),
      );
      expect(mail?.text).toContain('La salle est fermée par arrêté préfectoral.');
    }
    const progress = await t.app.inject({
      method: 'GET',
      url: `/api/console/events/${race.event.id}/cancellation`,
      headers: { cookie: organizerCookie },
    });
    expect(progress.json()).toMatchObject({ orders: 3, refunded: 3, inProgress: 0, failed: 0 });

    // The buyer who was paying finishes: their payment is given back, no ticket is issued.
    await payAtSandboxBank(t, held.json().id, { cookie: late.cookie });
    const [latePaid] = await t.database.db.select().from(orders).where(eq(orders.id, held.json().id));
    expect(latePaid?.status).toBe('refunded');
    expect(await bankRefundsOf(latePaid?.transactionId ?? null)).toHaveLength(1);

    // The job run again refunds nothing more.
    await t.database.db.insert(jobs).values({ kind: 'event_cancellation', payload: { eventId: race.event.id } });
    await t.app.jobs.runDue();
    expect(await bankRefundsOf(latePaid?.transactionId ?? null)).toHaveLength(1);
  }, 60_000);

  it('is for the event’s organiser: 401 to a visitor, 404 to someone else, and a cancelled event cannot reopen', async () => {
    const { event } = await raceEvent(t, organizer.id, { a: 1, b: 1, c1: 1, c2: 1 });
    const url = `/api/console/events/${event.id}/cancellation`;
    expect((await t.app.inject({ method: 'POST', url, payload: { message: 'x' } })).statusCode).toBe(401);
    const stranger = await createUser(t, { isVerified: true });
    const strangerCookie = await loginAs(t, stranger.email);
    const other = await cancelEvent(t, event.id, strangerCookie, 'x');
    expect(other.statusCode).toBe(404);
    const mine = await cancelEvent(t, event.id, organizerCookie, 'Annulé.');
    expect(mine.statusCode).toBe(202);
    const reopen = await t.app.inject({
      method: 'PATCH',
      url: `/api/events/${event.id}`,
      headers: { cookie: organizerCookie },
      payload: { isOpen: true },
    });
    expect(reopen.statusCode).toBe(409);
    expect(reopen.json().message).toBe(refundsFr.errors.eventCancelled);
  });
});
