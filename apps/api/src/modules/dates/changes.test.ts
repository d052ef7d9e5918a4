import { randomUUID } from 'node:crypto';
import { type AdminRefund, checkinFr, dateChangesFr, datesFr, formatDateTime, payoutsFr } from '@guichet/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminCookie, createEvent, DAY, loginAs } from '../../../test/helpers';
import { askPayout, buy, organiserWithBank, useLedgerApp } from '../../../test/modules/ledger/support';
import {
  eventDates,
  events,
  jobs,
  ledgerEntries,
  mailOutbox,
  participations,
  payouts,
  refunds,
  ticketDates,
  webhookEndpoints,
} from '../../db/schema';
import { signTicketCode } from '../ticket-codes/codes';
import { loadTicketKeys } from '../ticket-codes/keys';

// A date of a multi-date event moved or cancelled (issue 32): the holders told, their refunds
// through the ledger (a pass its share), the payouts waiting for them and following the last date.
const { clock, t } = useLedgerApp();
const HOUR = 3_600_000;

/**
 * An event sold as one date (two 10 € places to one buyer, a 25 € pass to another), then given a
 * second date a week later: its first date keeps the event's id and its places, the pass covers both.
 */
async function twoDateEvent() {
  const owner = await organiserWithBank(t);
  const now = clock.now().getTime();
  const begin = new Date(now + 2 * DAY);
  const {
    event,
    tickets: [single, pass],
  } = await createEvent(
    t,
    owner.organiser.id,
    { dateBegin: begin, dateEnd: new Date(begin.getTime() + 3 * HOUR), dateMaxRefund: new Date(now + HOUR) },
    [
      { title: 'Soirée', priceCents: 1000, quantity: 50 },
      { title: 'Pass', priceCents: 2500, quantity: 50, isPass: true },
    ],
  );
  if (!single || !pass) throw new Error('tickets missing');
  const holder = await buy(t, event.id, { ticketId: single.id, quantity: 2 });
  const passHolder = await buy(t, event.id, { ticketId: pass.id, quantity: 1 });
  const secondBegin = new Date(begin.getTime() + 7 * DAY);
  const added = await console(owner.cookie, 'POST', `/api/console/events/${event.id}/dates`, {
    dateBegin: secondBegin.toISOString(),
    dateEnd: new Date(secondBegin.getTime() + 3 * HOUR).toISOString(),
  });
  expect(added.statusCode, added.body).toBe(201);
  const placesOf = (orderId: string) =>
    t.database.db.select().from(participations).where(eq(participations.orderId, orderId)).orderBy(participations.id);
  return {
    owner,
    event,
    begin,
    secondBegin,
    secondId: added.json().id as string,
    holder,
    passHolder,
    placesOf,
    single,
    pass,
  };
}

function console(cookie: string, method: 'POST' | 'GET', url: string, payload?: object) {
  return t.app.inject({ method, url, headers: { cookie }, ...(payload && { payload }) });
}

const askDateRefund = (cookie: string, participationId: string, body: object = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/api/me/participations/${participationId}/date-refund`,
    headers: { cookie },
    payload: body,
  });

const mailsTo = (email: string) => t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
const refundsOf = (eventId: string) => t.database.db.select().from(refunds).where(eq(refunds.eventId, eventId));
async function organiserRefunded(refundIds: string[]) {
  if (refundIds.length === 0) return 0;
  const rows = await t.database.db
    .select()
    .from(ledgerEntries)
    .where(and(inArray(ledgerEntries.refundId, refundIds), eq(ledgerEntries.account, 'organizer')));
  return rows.reduce((sum, row) => sum + row.amountCents, 0);
}

describe('POST /api/console/events/:id/dates/:dateId/move', () => {
  it('moves a sold date, tells its holders and a pass’s, who may each have their places of it refunded until the new start', async () => {
    const { owner, event, begin, holder, passHolder, placesOf } = await twoDateEvent();
    const url = `/api/console/events/${event.id}/dates/${event.id}/move`;
    const newBegin = new Date(begin.getTime() + DAY);
    const span = { dateBegin: newBegin.toISOString(), dateEnd: new Date(newBegin.getTime() + 3 * HOUR).toISOString() };

    // Bad input first: nothing moves.
    const overlapping = await console(owner.cookie, 'POST', url, {
      dateBegin: new Date(begin.getTime() + 7 * DAY).toISOString(),
      dateEnd: new Date(begin.getTime() + 7 * DAY + HOUR).toISOString(),
    });
    expect(overlapping.statusCode).toBe(400);
    expect(overlapping.json().message).toBe(datesFr.overlap);
    const past = await console(owner.cookie, 'POST', url, {
      dateBegin: new Date(clock.now().getTime() - DAY).toISOString(),
      dateEnd: new Date(clock.now().getTime() - DAY + HOUR).toISOString(),
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toBe(datesFr.inPast);
    const reversed = await console(owner.cookie, 'POST', url, { dateBegin: span.dateEnd, dateEnd: span.dateBegin });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().message).toBe(datesFr.endBeforeStart);
    expect(await mailsTo(holder.buyer.email)).toHaveLength(1); // only the order's confirmation so far

    const moved = await console(owner.cookie, 'POST', url, { ...span, message: 'Le groupe arrive un jour plus tard.' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ id: event.id, ...span, movedFrom: begin.toISOString(), sold: 3 });
    const page = (await t.app.inject({ method: 'GET', url: `/api/events/${event.id}` })).json();
    expect(page.dates[0]).toMatchObject({ id: event.id, dateBegin: span.dateBegin, movedFrom: begin.toISOString() });

    for (const email of [holder.buyer.email, passHolder.buyer.email]) {
      const mail = (await mailsTo(email)).find((row) => row.subject.includes('change de date'));
      expect(mail?.text).toContain('Le groupe arrive un jour plus tard.');
      expect(mail?.text).toContain(formatDateTime(begin.toISOString()));
      expect(mail?.text).toContain(formatDateTime(span.dateBegin));
      expect(mail?.text).toContain('/myTickets');
    }

    // The refund deadline passed long ago: the moved date's places are refunded all the same.
    clock.pass(2 * HOUR);
    const [first, second] = await placesOf(holder.orderId);
    if (!first || !second) throw new Error('places missing');
    const refunded = await askDateRefund(holder.cookie, first.id);
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json().message).toBe(dateChangesFr.refundDone(1000));
    const [refund] = (await refundsOf(event.id)).filter((row) => row.participationId === first.id);
    expect(refund).toMatchObject({ cause: 'date_moved', dateId: event.id, amountCents: 1000, status: 'refunded' });
    expect(await organiserRefunded([refund?.id ?? ''])).toBe(-1000);
    const [firstAfter, secondAfter] = await placesOf(holder.orderId);
    expect(firstAfter?.cancelledAt).not.toBeNull();
    expect(secondAfter?.cancelledAt).toBeNull();
    expect((await mailsTo(holder.buyer.email)).some((row) => row.text.includes('sont remboursées : 10,00 €'))).toBe(
      true,
    );
    expect((await askDateRefund(holder.cookie, first.id)).statusCode).toBe(404);
    // Someone else's place reads as not found.
    expect((await askDateRefund(passHolder.cookie, second.id)).statusCode).toBe(404);

    // A pass names the moved date it gives up, gets its share (25 € over 2 dates) and keeps the other.
    const [passPlace] = await placesOf(passHolder.orderId);
    if (!passPlace) throw new Error('pass missing');
    const unnamed = await askDateRefund(passHolder.cookie, passPlace.id);
    expect(unnamed.statusCode).toBe(409);
    expect(unnamed.json().message).toBe(dateChangesFr.errors.notMoved);
    const share = await askDateRefund(passHolder.cookie, passPlace.id, { dateId: event.id });
    expect(share.statusCode, share.body).toBe(200);
    expect(share.json().message).toBe(dateChangesFr.refundDone(1250));
    expect((await placesOf(passHolder.orderId))[0]?.cancelledAt).toBeNull();
    const again = await askDateRefund(passHolder.cookie, passPlace.id, { dateId: event.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(dateChangesFr.errors.alreadyRefunded);

    // Once the new date has begun, a postponement was accepted.
    clock.pass(newBegin.getTime() - clock.now().getTime() + 60_000);
    const late = await askDateRefund(await loginAs(t, holder.buyer.email), second.id);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(dateChangesFr.errors.windowClosed);
  });
});

describe('POST /api/console/events/:id/dates/:dateId/cancel', () => {
  it('stops the date, ends its places, refunds them through the ledger (a pass its share) and holds the payouts until then', async () => {
    const { owner, event, holder, passHolder, placesOf, secondId, secondBegin } = await twoDateEvent();
    const cancelled = await console(owner.cookie, 'POST', `/api/console/events/${event.id}/dates/${event.id}/cancel`, {
      message: 'Orage annoncé.',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ id: event.id, status: 'cancelled' });

    const rows = await refundsOf(event.id);
    expect(rows.map((row) => [row.cause, row.amountCents, row.status]).sort()).toEqual([
      ['date_cancelled', 1000, 'refunded'],
      ['date_cancelled', 1000, 'refunded'],
      ['date_cancelled', 1250, 'refunded'],
    ]);
    expect(await organiserRefunded(rows.map((row) => row.id))).toBe(-3250);
    // The back office lists them, each with its cause, its holder and its ticket.
    const listed = (await console(await adminCookie(t), 'GET', '/api/admin/refunds')).json() as AdminRefund[];
    expect(
      listed
        .filter((refund) => refund.eventId === event.id)
        .map((refund) => [refund.cause, refund.ticketTitle, refund.holderEmail, refund.amountCents])
        .sort(),
    ).toEqual([
      ['date_cancelled', 'Pass', passHolder.buyer.email, 1250],
      ['date_cancelled', 'Soirée', holder.buyer.email, 1000],
      ['date_cancelled', 'Soirée', holder.buyer.email, 1000],
    ]);
    expect((await placesOf(holder.orderId)).every((place) => place.cancelledAt !== null)).toBe(true);
    expect((await placesOf(passHolder.orderId))[0]?.cancelledAt).toBeNull();
    const holderMails = (await mailsTo(holder.buyer.email)).filter((row) => row.subject.includes('est annulée'));
    expect(holderMails).toHaveLength(1);
    expect(holderMails[0]?.text).toContain('Orage annoncé.');
    expect(holderMails[0]?.text).toContain('20,00 €');
    expect((await mailsTo(passHolder.buyer.email)).find((row) => row.subject.includes('est annulée'))?.text).toContain(
      '12,50 €',
    );
    // The event now runs from its one live date: its payouts follow that date's end.
    const [span] = await t.database.db.select().from(events).where(eq(events.id, event.id));
    expect(span?.dateBegin.toISOString()).toBe(secondBegin.toISOString());

    const twice = await console(owner.cookie, 'POST', `/api/console/events/${event.id}/dates/${event.id}/cancel`, {});
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(dateChangesFr.errors.dateCancelled);
    const last = await console(owner.cookie, 'POST', `/api/console/events/${event.id}/dates/${secondId}/cancel`, {});
    expect(last.statusCode).toBe(409);
    expect(last.json().message).toBe(dateChangesFr.errors.lastLiveDate);

    // A refund still to make (its provider failed) holds the event's payouts.
    const passRefund = rows.find((row) => row.amountCents === 1250);
    await t.database.db
      .update(refunds)
      .set({ status: 'failed' })
      .where(eq(refunds.id, passRefund?.id ?? ''));
    clock.pass(secondBegin.getTime() + 4 * HOUR - clock.now().getTime());
    // Days later: a new session.
    const cookie = await loginAs(t, owner.organiser.email);
    const held = await askPayout(t, event.id, cookie);
    expect(held.statusCode).toBe(409);
    expect(held.json()).toMatchObject({ code: 'PAYOUT_HELD', message: dateChangesFr.errors.payoutHeld });
    await t.database.db
      .update(refunds)
      .set({ status: 'refunded' })
      .where(eq(refunds.id, passRefund?.id ?? ''));
    expect((await askPayout(t, event.id, cookie)).statusCode).toBe(201);
  });
});

describe('Cancelling a date after a payout was asked', () => {
  it('cancels the payout not yet sent and tells the organiser why', async () => {
    const { owner, event, begin } = await twoDateEvent();
    // An advance asked before the cancellation: its amount counted what the buyers get back now.
    const [asked] = await t.database.db
      .insert(payouts)
      .values({
        eventId: event.id,
        organizerId: owner.organiser.id,
        amountCents: 2_000,
        holderName: 'Club Astro',
        iban: 'FR7630006000011234567890189',
      })
      .returning();
    const cancelled = await console(
      owner.cookie,
      'POST',
      `/api/console/events/${event.id}/dates/${event.id}/cancel`,
      {},
    );
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const [row] = await t.database.db
      .select()
      .from(payouts)
      .where(eq(payouts.id, asked?.id ?? ''));
    expect(row?.status).toBe('cancelled');
    const mail = (await mailsTo(owner.organiser.email)).find(
      (m) => m.subject === payoutsFr.mail.dateCancelledSubject(t.config.brandName, event.title),
    );
    expect(mail?.text).toBe(
      payoutsFr.mail.dateCancelledBody(
        owner.organiser.firstName,
        '20,00 €',
        event.title,
        formatDateTime(begin.toISOString()),
      ),
    );
  });
});

describe('Payouts of a multi-date event', () => {
  it('wait for the end of its last date', async () => {
    const { owner, event, begin, secondBegin } = await twoDateEvent();
    clock.pass(begin.getTime() + 4 * HOUR - clock.now().getTime());
    const early = await askPayout(t, event.id, await loginAs(t, owner.organiser.email));
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(
      payoutsFr.errors.notYetAllowed(formatDateTime(new Date(secondBegin.getTime() + 3 * HOUR).toISOString())),
    );
  });
});

describe('GET /api/events with several dates', () => {
  it('lists the event once, at its next date to come, with its number of dates, and finds it on a day one of its dates is', async () => {
    const { owner, event, begin, secondBegin } = await twoDateEvent();
    const word = `seances${event.id.slice(0, 8).replace(/[^a-z0-9]/g, '')}`;
    await t.database.db
      .update(events)
      .set({ title: `Festival ${word}` })
      .where(eq(events.id, event.id));
    const third = new Date(secondBegin.getTime() + 7 * DAY);
    const added = await console(owner.cookie, 'POST', `/api/console/events/${event.id}/dates`, {
      dateBegin: third.toISOString(),
      dateEnd: new Date(third.getTime() + 3 * HOUR).toISOString(),
    });
    expect(added.statusCode, added.body).toBe(201);
    const list = async (query: string) => {
      const answer = await t.app.inject({ method: 'GET', url: `/api/events?q=${word}${query}` });
      expect(answer.statusCode, answer.body).toBe(200);
      return (answer.json().items as { id: string; dateBegin: string; dateCount?: number }[]).filter(
        (item) => item.id === event.id,
      );
    };
    expect(await list('')).toEqual([expect.objectContaining({ dateBegin: begin.toISOString(), dateCount: 3 })]);
    const day = (at: Date) => at.toLocaleDateString('sv-SE', { timeZone: 'Europe/Paris' });
    expect(await list(`&from=${day(secondBegin)}&to=${day(secondBegin)}`)).toHaveLength(1);
    const between = new Date(begin.getTime() + 4 * DAY);
    expect(await list(`&from=${day(between)}&to=${day(between)}`)).toEqual([]);

    // Its first date over, the card shows the next one.
    clock.pass(begin.getTime() + 4 * HOUR - clock.now().getTime());
    expect(await list('&price=paid')).toEqual([
      expect.objectContaining({ dateBegin: secondBegin.toISOString(), dateCount: 3 }),
    ]);
  });
});

describe('The dates of a place', () => {
  it('are on the holder’s tickets and in the calendar file: a place’s own date, a pass’s every date', async () => {
    const { event, begin, secondBegin, secondId, holder, passHolder } = await twoDateEvent();
    const mine = async (cookie: string) =>
      (
        (await t.app.inject({ method: 'GET', url: '/api/me/participations', headers: { cookie } })).json() as {
          eventId: string;
          dateId: string | null;
          dateBegin: string;
          dates: { id: string; dateBegin: string }[];
        }[]
      ).filter((place) => place.eventId === event.id);
    const places = await mine(holder.cookie);
    expect(places).toHaveLength(2);
    for (const place of places) {
      expect(place).toMatchObject({ dateId: event.id, dateBegin: begin.toISOString() });
      expect(place.dates.map((date) => date.id)).toEqual([event.id]);
    }
    const [pass] = await mine(passHolder.cookie);
    expect(pass?.dateId).toBeNull();
    expect(pass?.dates.map((date) => [date.id, date.dateBegin])).toEqual([
      [event.id, begin.toISOString()],
      [secondId, secondBegin.toISOString()],
    ]);

    const calendar = async (cookie?: string) => {
      const answer = await t.app.inject({
        method: 'GET',
        url: `/api/events/${event.id}/calendar.ics`,
        headers: cookie ? { cookie } : {},
      });
      expect(answer.statusCode).toBe(200);
      return answer.body.match(/^UID:.*$/gm)?.map((line) => line.trim()) ?? [];
    };
    const host = new URL(t.config.publicUrl).hostname;
    expect(await calendar(holder.cookie)).toEqual([`UID:${event.id}@${host}`]);
    expect(await calendar(passHolder.cookie)).toEqual([`UID:${event.id}@${host}`, `UID:${secondId}@${host}`]);
    expect(await calendar()).toHaveLength(2);
  });
});

describe('Check-in by date', () => {
  it('gives each date its list and manifest: a place for another date is not on it, a pass is let in once per date', async () => {
    const { owner, event, secondId, single, pass, holder, passHolder, placesOf } = await twoDateEvent();
    const lists = `/api/console/events/${event.id}/checkin-lists`;
    const foreign = await console(owner.cookie, 'POST', lists, {
      name: 'Samedi',
      ticketIds: [single.id, pass.id],
      dateIds: [randomUUID()],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe(datesFr.unknownDateIds);
    const listOf = async (name: string, dateId: string) => {
      const created = await console(owner.cookie, 'POST', lists, {
        name,
        ticketIds: [single.id, pass.id],
        dateIds: [dateId],
      });
      expect(created.statusCode, created.body).toBe(201);
      return created.json().id as string;
    };
    const first = await listOf('Samedi', event.id);
    const second = await listOf('Samedi suivant', secondId);
    const shown = (await console(owner.cookie, 'GET', `/api/checkin/events/${event.id}/lists`)).json();
    expect(shown.lists.map((list: { dateIds: string[] }) => list.dateIds)).toEqual([[event.id], [secondId]]);

    const manifest = async (query: string) => {
      const answer = await console(owner.cookie, 'GET', `/api/checkin/events/${event.id}/manifest?${query}`);
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json().participations as { id: string; isOnList?: boolean }[];
    };
    const [passPlace] = await placesOf(passHolder.orderId);
    const singles = await placesOf(holder.orderId);
    expect((await manifest(`dateId=${secondId}`)).map((place) => place.id)).toEqual([passPlace?.id]);
    expect(await manifest(`dateId=${event.id}`)).toHaveLength(3);
    const onSecond = await manifest(`listId=${second}`);
    expect(onSecond.find((place) => place.id === singles[0]?.id)?.isOnList).toBe(false);
    expect(onSecond.find((place) => place.id === passPlace?.id)?.isOnList).toBe(true);
    const unknown = await console(
      owner.cookie,
      'GET',
      `/api/checkin/events/${event.id}/manifest?dateId=${randomUUID()}`,
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(datesFr.notFound);

    const { privateKey } = loadTicketKeys(t.config);
    const codeOf = (place: { id: string; quantity: number } | undefined) =>
      signTicketCode({ id: place?.id ?? '', eventId: event.id, quantity: place?.quantity ?? 1 }, privateKey);
    const scan = (code: string, listId: string) =>
      console(owner.cookie, 'POST', `/api/checkin/events/${event.id}/scans`, { code, listId });
    expect((await scan(codeOf(passPlace), first)).statusCode).toBe(200);
    expect((await scan(codeOf(passPlace), first)).json().code).toBe('ALREADY_SCANNED');
    expect((await scan(codeOf(passPlace), second)).statusCode).toBe(200);
    const elsewhere = await scan(codeOf(singles[0]), second);
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.json().code).toBe('NOT_ON_LIST');
    expect((await scan(codeOf(singles[0]), first)).statusCode).toBe(200);
  });
});

/**
 * A door without a list at the event, on the clock's evening: `at` moves the clock and logs the
 * organiser in again (a session of that day), `scan` sends a place's signed code.
 */
function doorOf(owner: { cookie: string; organiser: { email: string } }, eventId: string) {
  const { privateKey } = loadTicketKeys(t.config);
  const door = {
    cookie: owner.cookie,
    at: async (time: number) => {
      clock.pass(time - clock.now().getTime());
      door.cookie = await loginAs(t, owner.organiser.email);
    },
    scan: async (place: { id: string; quantity: number } | undefined) => {
      const code = signTicketCode({ id: place?.id ?? '', eventId, quantity: place?.quantity ?? 1 }, privateKey);
      const answer = await console(door.cookie, 'POST', `/api/checkin/events/${eventId}/scans`, { code });
      const body = answer.json();
      return { status: answer.statusCode, code: body.code as string | undefined, message: body.message };
    },
  };
  return door;
}

describe('A pass at the door without a list', () => {
  it('is let in once per date, the date the door lets in: its first date until the next is near, then the next', async () => {
    const { owner, event, begin, secondBegin, secondId, pass, passHolder, holder, placesOf } = await twoDateEvent();
    const [passPlace] = await placesOf(passHolder.orderId);
    const [single] = await placesOf(holder.orderId);
    // An integration listening for entries: one `checkin.created` per entry, a pass's with its date.
    await t.database.db.insert(webhookEndpoints).values({
      userId: owner.organiser.id,
      url: 'https://hooks.test/guichet',
      events: ['checkin.created'],
      secret: 'whsec_test',
    });
    const door = doorOf(owner, event.id);
    const { at, scan } = door;
    const passInManifest = async (query = '') => {
      const answer = await console(door.cookie, 'GET', `/api/checkin/events/${event.id}/manifest${query}`);
      expect(answer.statusCode, answer.body).toBe(200);
      return (answer.json().participations as { id: string; entriesUsed: number }[]).find(
        (place) => place.id === passPlace?.id,
      )?.entriesUsed;
    };
    const checkedIn = async () =>
      (
        (await console(door.cookie, 'GET', `/api/console/events/${event.id}/dates`)).json() as {
          id: string;
          checkedIn: number;
        }[]
      ).map((date) => [date.id, date.checkedIn]);
    // What the scanner shows of the door without a list: tonight's people in, of tonight's places.
    const presence = async () =>
      (await console(door.cookie, 'GET', `/api/checkin/events/${event.id}/lists`)).json().event as {
        inside: number;
        total: number;
      };
    const scannedOn = async (dateId: string) => {
      const answer = await console(door.cookie, 'GET', `/api/console/events/${event.id}/stats?dateId=${dateId}`);
      const stats = answer.json() as { absentees: number; byTicket: { ticketId: string; scanned: number }[] };
      return [stats.byTicket.find((ticket) => ticket.ticketId === pass.id)?.scanned, stats.absentees];
    };

    // The first evening: in once, then refused.
    await at(begin.getTime() + HOUR);
    expect(await scan(passPlace)).toEqual({ status: 200, code: undefined });
    expect(await scan(passPlace)).toMatchObject({ code: 'ALREADY_SCANNED' });
    expect(await scan(single)).toEqual({ status: 200, code: undefined });
    expect(await passInManifest()).toBe(1);
    expect(await checkedIn()).toEqual([
      [event.id, 2],
      [secondId, 0],
    ]);
    expect(await scannedOn(event.id)).toEqual([1, 1]);
    expect(await scannedOn(secondId)).toEqual([0, 1]);
    expect(await presence()).toEqual({ inside: 2, total: 3 });
    const doorDate = async () =>
      (await console(door.cookie, 'GET', `/api/checkin/events/${event.id}/manifest`)).json().doorDateId;
    expect(await doorDate()).toBe(event.id);
    // The whole event's manifest on the first evening, the second date's own: the pass is free there.
    expect(await passInManifest(`?dateId=${secondId}`)).toBe(0);
    // So is it in the second date's participants, and come in the first's.
    const passRow = async (dateId: string) => {
      const answer = await console(door.cookie, 'GET', `/api/console/events/${event.id}/participants?dateId=${dateId}`);
      expect(answer.statusCode, answer.body).toBe(200);
      const rows = answer.json().items as {
        ticketTitle: string;
        entriesUsed: number;
        places: { isScanned: boolean }[];
      }[];
      const row = rows.find((item) => item.ticketTitle === 'Pass');
      return [row?.entriesUsed, row?.places.map((place) => place.isScanned)];
    };
    expect(await passRow(secondId)).toEqual([0, [false]]);
    expect(await passRow(event.id)).toEqual([1, [true]]);
    // Each date numbers its places: the whole event's manifest says whose date a place is.
    const whole = (await console(door.cookie, 'GET', `/api/checkin/events/${event.id}/manifest`)).json()
      .participations as {
      id: string;
      dateId: string | null;
    }[];
    expect(whole.find((place) => place.id === single?.id)?.dateId).toBe(event.id);
    expect(whole.find((place) => place.id === passPlace?.id)?.dateId).toBeNull();

    // Near the first date's end, and a quarter of an hour past it: still the first date.
    await at(begin.getTime() + 3 * HOUR - 60_000);
    expect(await scan(passPlace)).toMatchObject({ code: 'ALREADY_SCANNED' });
    await at(begin.getTime() + 3 * HOUR + 15 * 60_000);
    expect(await scan(passPlace)).toMatchObject({ code: 'ALREADY_SCANNED' });

    // The first date over, the pass comes back for the second: in once, then refused.
    await at(secondBegin.getTime() - HOUR);
    expect(await passInManifest()).toBe(0);
    expect(await presence()).toEqual({ inside: 0, total: 1 });
    expect(await scan(passPlace)).toEqual({ status: 200, code: undefined });
    expect(await scan(passPlace)).toMatchObject({ code: 'ALREADY_SCANNED' });
    // The first date's place is not for this one.
    expect(await scan(single)).toMatchObject({ status: 409, code: 'OTHER_DATE' });
    expect(await passInManifest()).toBe(1);
    expect(await checkedIn()).toEqual([
      [event.id, 2],
      [secondId, 1],
    ]);
    expect(await scannedOn(secondId)).toEqual([1, 0]);
    expect(await presence()).toEqual({ inside: 1, total: 1 });
    expect(await doorDate()).toBe(secondId);
    const told = await t.database.db.select({ payload: jobs.payload }).from(jobs).where(eq(jobs.kind, 'webhook'));
    const entries = told
      .map((job) => JSON.parse((job.payload as { data: string }).data) as { participationId: string; dateId?: string })
      .filter((data) => data.participationId === passPlace?.id || data.participationId === single?.id)
      .map((data) => [data.participationId === passPlace?.id ? 'pass' : 'single', data.dateId ?? null]);
    expect(entries).toEqual(
      expect.arrayContaining([
        ['pass', event.id],
        ['single', null],
        ['pass', secondId],
      ]),
    );
    expect(entries).toHaveLength(3);
    // The place counts as come once, whatever the dates.
    const [row] = await t.database.db
      .select()
      .from(participations)
      .where(eq(participations.id, passPlace?.id ?? ''));
    expect(row?.entriesUsed).toBe(1);
  });

  it('refuses a place for another date, a pass on a date it does not cover, and everything once every date is cancelled', async () => {
    const { owner, event, begin, secondBegin, secondId, pass, passHolder, holder, placesOf } = await twoDateEvent();
    const [passPlace] = await placesOf(passHolder.orderId);
    const [, second] = await placesOf(holder.orderId);
    const { at, scan } = doorOf(owner, event.id);
    // The pass covers the second date only.
    await t.database.db.insert(ticketDates).values({ ticketId: pass.id, dateId: secondId });
    await at(begin.getTime() + HOUR);
    expect(await scan(passPlace)).toEqual({ status: 409, code: 'OTHER_DATE', message: checkinFr.otherDate });
    await at(secondBegin.getTime() + HOUR);
    expect(await scan(passPlace)).toMatchObject({ status: 200 });
    // Every date cancelled: nothing gets in, each code told cancelled.
    await t.database.db.update(eventDates).set({ cancelledAt: clock.now() }).where(eq(eventDates.eventId, event.id));
    expect(await scan(second)).toMatchObject({ status: 409, code: 'TICKET_CANCELLED' });
    await t.database.db.update(ticketDates).set({ dateId: event.id }).where(eq(ticketDates.ticketId, pass.id));
    expect(await scan(passPlace)).toMatchObject({ status: 409, code: 'TICKET_CANCELLED' });
    const [row] = await t.database.db
      .select()
      .from(participations)
      .where(eq(participations.id, second?.id ?? ''));
    expect(row?.entriesUsed).toBe(0);
  });

  it('two doors scanning the same pass at once on its date let it in once', async () => {
    const { owner, event, begin, passHolder, placesOf } = await twoDateEvent();
    const [passPlace] = await placesOf(passHolder.orderId);
    const { privateKey } = loadTicketKeys(t.config);
    const code = signTicketCode({ id: passPlace?.id ?? '', eventId: event.id, quantity: 1 }, privateKey);
    clock.pass(begin.getTime() + HOUR - clock.now().getTime());
    const cookie = await loginAs(t, owner.organiser.email);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => console(cookie, 'POST', `/api/checkin/events/${event.id}/scans`, { code })),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    expect(new Set(answers.filter((a) => a.statusCode !== 200).map((a) => a.json().code))).toEqual(
      new Set(['ALREADY_SCANNED']),
    );
  });
});

describe('Statistics, participants and exports by date', () => {
  it('counts, lists and exports one date’s places and the passes covering it, with a date column', async () => {
    const { owner, event, begin, secondId, single, holder, passHolder } = await twoDateEvent();
    const participants = async (query: string) => {
      const answer = await console(owner.cookie, 'GET', `/api/console/events/${event.id}/participants?${query}`);
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json() as { total: number; places: number; items: { ticketTitle: string }[] };
    };
    expect(await participants(`dateId=${secondId}`)).toMatchObject({
      total: 1,
      places: 1,
      items: [{ ticketTitle: 'Pass' }],
    });
    expect(await participants(`dateId=${event.id}`)).toMatchObject({ total: 2, places: 3 });
    expect(await participants('')).toMatchObject({ total: 2, places: 3 });
    // Searched, one date's rows are those the words find among that date's.
    const q = (buyer: { email: string }) => encodeURIComponent(buyer.email);
    expect(await participants(`dateId=${secondId}&q=${q(passHolder.buyer)}`)).toMatchObject({ total: 1, places: 1 });
    expect(await participants(`dateId=${secondId}&q=${q(holder.buyer)}`)).toMatchObject({
      total: 0,
      places: 0,
      items: [],
    });
    expect(await participants(`dateId=${event.id}&q=${q(holder.buyer)}`)).toMatchObject({
      total: 1,
      places: 2,
      items: [{ ticketTitle: single.title }],
    });
    const unknown = await console(
      owner.cookie,
      'GET',
      `/api/console/events/${event.id}/participants?dateId=${randomUUID()}`,
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(datesFr.notFound);

    const stats = async (query: string) => {
      const answer = await console(owner.cookie, 'GET', `/api/console/events/${event.id}/stats?${query}`);
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json() as { participants: number; grossCents: number; holders: number; capacity: number };
    };
    expect(await stats(`dateId=${secondId}`)).toMatchObject({ participants: 1, grossCents: 2500, holders: 1 });
    // A date's capacity bounds its figures: 30 places, not the 100 its tickets could sell.
    await t.database.db.update(eventDates).set({ capacity: 30 }).where(eq(eventDates.id, secondId));
    expect(await stats(`dateId=${secondId}`)).toMatchObject({ participants: 1, capacity: 30, unsold: 29 });
    expect(await stats(`dateId=${event.id}`)).toMatchObject({ capacity: 100, unsold: 97 });
    expect(await stats(`dateId=${event.id}`)).toMatchObject({ participants: 3, grossCents: 4500, holders: 2 });
    expect((await console(owner.cookie, 'GET', `/api/console/events/${event.id}/stats?dateId=x`)).statusCode).toBe(404);

    // The door: the seller's date shows the tickets that sell it.
    await t.database.db.insert(ticketDates).values({ ticketId: single.id, dateId: event.id });
    const door = async (dateId: string) => {
      const answer = await console(
        owner.cookie,
        'GET',
        `/api/console/events/${event.id}/door-tickets?dateId=${dateId}`,
      );
      expect(answer.statusCode, answer.body).toBe(200);
      return (answer.json() as { title: string }[]).map((ticket) => ticket.title);
    };
    expect(await door(secondId)).toEqual(['Pass']);
    expect(await door(event.id)).toEqual(['Soirée', 'Pass']);
    expect(
      (await console(owner.cookie, 'GET', `/api/console/events/${event.id}/door-tickets?dateId=x`)).statusCode,
    ).toBe(404);

    const csv = async (query: string) => {
      const answer = await console(owner.cookie, 'GET', `/api/console/events/${event.id}/export.csv?${query}`);
      expect(answer.statusCode).toBe(200);
      return answer.body.trim().split(/\r?\n/);
    };
    const [header, ...rows] = await csv(`dateId=${secondId}`);
    expect(header).toContain(dateChangesFr.exportDateHeader);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain(dateChangesFr.exportPass);
    const all = await csv('');
    expect(all).toHaveLength(4);
    const wall = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Paris', dateStyle: 'short', timeStyle: 'medium' })
      .format(begin)
      .replace(',', '');
    expect(all.filter((row) => row.includes(wall))).toHaveLength(2);
  });
});

describe('A one-date event’s date', () => {
  it('moves under the id its page gave, the event with it; cancelling its only date is refused (cancel the event)', async () => {
    const owner = await organiserWithBank(t);
    const begin = new Date(clock.now().getTime() + 3 * DAY);
    const {
      event,
      tickets: [ticket],
    } = await createEvent(t, owner.organiser.id, { dateBegin: begin, dateEnd: new Date(begin.getTime() + 2 * HOUR) }, [
      { priceCents: 1500, quantity: 10 },
    ]);
    const holder = await buy(t, event.id, { ticketId: ticket?.id ?? '', quantity: 1 });
    const onlyDate = await console(
      owner.cookie,
      'POST',
      `/api/console/events/${event.id}/dates/${event.id}/cancel`,
      {},
    );
    expect(onlyDate.statusCode).toBe(409);
    expect(onlyDate.json().message).toBe(dateChangesFr.errors.lastLiveDate);
    const junk = await console(owner.cookie, 'POST', `/api/console/events/${event.id}/dates/pas-un-id/move`, {
      dateBegin: begin.toISOString(),
      dateEnd: new Date(begin.getTime() + HOUR).toISOString(),
    });
    expect(junk.statusCode).toBe(404);
    const later = new Date(begin.getTime() + DAY);
    const moved = await console(owner.cookie, 'POST', `/api/console/events/${event.id}/dates/${event.id}/move`, {
      dateBegin: later.toISOString(),
      dateEnd: new Date(later.getTime() + 2 * HOUR).toISOString(),
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const [row] = await t.database.db.select().from(events).where(eq(events.id, event.id));
    expect(row?.dateBegin.toISOString()).toBe(later.toISOString());
    expect((await mailsTo(holder.buyer.email)).some((mail) => mail.subject.includes('change de date'))).toBe(true);
    const [place] = await t.database.db.select().from(participations).where(eq(participations.orderId, holder.orderId));
    expect((await askDateRefund(holder.cookie, place?.id ?? '')).json().message).toBe(dateChangesFr.refundDone(1500));
  });
});
