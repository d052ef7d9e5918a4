import { addVat, PLATFORM_VAT_RATE } from '@guichet/shared';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { ledgerEntries } from '../../../src/db/schema';
import { createEvent, createUser, loginAs, type TestApp, uniqueEmail } from '../../helpers';
import { useAdmin, useListeningTestApp } from '../../use-test-app';
import { payAtSandboxBank, postOrder } from '../checkout/support';

const HOUR = 3_600_000;

/** The commission on a 30,00 € place (`moneyEvent`'s) at the standard rate: 1.8 % (54) + 0,30 €. */
export const PLACE_COMMISSION = 84;
/** What the organiser keeps of such a place. */
export const PLACE_NET = 3000 - PLACE_COMMISSION;
/** The VAT a payout deducts on the commission of `tickets` such places, invoiced with it (20 %, half up). */
export const commissionVatOf = (tickets: number) => addVat(tickets * PLACE_COMMISSION, PLATFORM_VAT_RATE).vatCents;

/** A clock that time can be moved forward on: events end, payouts become requestable. */
export function movingClock() {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    pass(ms: number) {
      offset += ms;
    },
  };
}

export type MovingClock = ReturnType<typeof movingClock>;

/**
 * The listening test application of a ledger test file, on a clock its tests move forward, and
 * its administrator (signed in before the tests).
 */
export function useLedgerApp(options: { isolated?: boolean } = {}) {
  const clock = movingClock();
  const t = useListeningTestApp({ clock, ...options });
  return { clock, t, admin: useAdmin(t) };
}

/**
 * A verified organiser, signed in, with bank details saved (a payout needs them). Sessions last
 * 20 h: tests move the clock by hours, not days.
 */
export async function organiserWithBank(t: TestApp, values: Parameters<typeof createUser>[1] = {}) {
  const organiser = await createUser(t, { isVerified: true, ...values });
  const cookie = await loginAs(t, organiser.email);
  const saved = await t.app.inject({
    method: 'PUT',
    url: '/api/me/bank-account',
    headers: { cookie },
    payload: { holderName: 'Jeanne Test', iban: 'FR7630006000011234567890189' },
  });
  expect(saved.statusCode).toBe(200);
  return { organiser, cookie };
}

/**
 * A paid event of one ticket at `priceCents` that begins in 2 h and ends in 6 h by `clock`, its
 * refund requests open for 1 h.
 */
export async function moneyEvent(t: TestApp, organizerId: string, clock: MovingClock, priceCents = 3000) {
  const now = clock.now().getTime();
  const { event, tickets } = await createEvent(
    t,
    organizerId,
    {
      dateBegin: new Date(now + 2 * HOUR),
      dateEnd: new Date(now + 6 * HOUR),
      dateMaxRefund: new Date(now + HOUR),
    },
    [{ priceCents, quantity: 50 }],
  );
  const ticket = tickets[0];
  if (!ticket) throw new Error('ticket missing');
  return { event, ticket };
}

/** Moves the clock past the event's end. */
export function endEvent(clock: MovingClock, event: { dateEnd: Date }) {
  const left = event.dateEnd.getTime() - clock.now().getTime();
  if (left >= 0) clock.pass(left + 60_000);
}

/** A new buyer's order, paid at the sandbox bank as the event page makes it. */
export async function buy(
  t: TestApp,
  eventId: string,
  line: { ticketId: string; quantity: number; refundPlaces?: number },
) {
  const buyer = await createUser(t);
  const cookie = await loginAs(t, buyer.email);
  const created = await postOrder(t, cookie, { eventId, lines: [line], acceptTerms: true });
  expect(created.statusCode, created.body).toBe(201);
  await payAtSandboxBank(t, created.json().id, { cookie });
  return { buyer, cookie, orderId: created.json().id as string };
}

/**
 * The buyer asks for their insured places back (their only order): each place is its own ticket
 * (issue 30), so each insured place is asked for. Their ids, joined by commas for acceptRefund.
 */
export async function askRefund(t: TestApp, buyerCookie: string): Promise<string> {
  const mine = (
    await t.app.inject({ method: 'GET', url: '/api/me/participations', headers: { cookie: buyerCookie } })
  ).json() as { id: string; refundPlaces: number }[];
  const insured = mine.filter((place) => place.refundPlaces > 0);
  for (const place of insured) {
    const asked = await t.app.inject({
      method: 'POST',
      url: `/api/me/participations/${place.id}/refund-request`,
      headers: { cookie: buyerCookie },
    });
    expect(asked.statusCode, asked.body).toBe(200);
  }
  return insured.map((place) => place.id).join(',');
}

/** The organiser accepts the requests of the places askRefund named: the last answer. */
export async function acceptRefund(t: TestApp, eventId: string, participationIds: string, cookie: string) {
  let answer: Awaited<ReturnType<TestApp['app']['inject']>> | undefined;
  for (const id of participationIds.split(',')) {
    answer = await t.app.inject({
      method: 'POST',
      url: `/api/console/events/${eventId}/refunds/${id}/accept`,
      headers: { cookie },
    });
    if (answer.statusCode !== 200) return answer;
  }
  if (!answer) throw new Error('no refund to accept');
  return answer;
}

/** One place sold at the door by the organiser, paid `payment`. */
export async function sellAtDoor(
  t: TestApp,
  eventId: string,
  ticketId: string,
  cookie: string,
  payment: 'card' | 'cash',
) {
  const sold = await t.app.inject({
    method: 'POST',
    url: `/api/console/events/${eventId}/manual-entries`,
    headers: { cookie },
    payload: {
      ticketId,
      quantity: 1,
      payment,
      participant: {
        email: uniqueEmail('porte'),
        firstName: 'Léa',
        lastName: 'Martin',
        phone: '06 12 34 56 78',
        birthDate: '2000-03-04',
      },
    },
  });
  expect(sold.statusCode, sold.body).toBe(201);
  return sold.json() as { orderId: string };
}

export function askPayout(t: TestApp, eventId: string, cookie: string) {
  return t.app.inject({ method: 'POST', url: `/api/console/events/${eventId}/payouts`, headers: { cookie } });
}

/** The console's payout panel of the event. */
export async function payoutPanel(t: TestApp, eventId: string, cookie: string) {
  const panel = await t.app.inject({ url: `/api/console/events/${eventId}/payouts`, headers: { cookie } });
  expect(panel.statusCode, panel.body).toBe(200);
  return panel.json();
}

/** The organiser cancels the event, with their message to the buyers. */
export function cancelEvent(t: TestApp, eventId: string, cookie: string, message = 'La salle est fermée.') {
  return t.app.inject({
    method: 'POST',
    url: `/api/console/events/${eventId}/cancellation`,
    headers: { cookie },
    payload: { message },
  });
}

/** The organiser-account entries of an event, in the order of its stream. */
export async function eventStream(t: TestApp, eventId: string) {
  const rows = await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.streamId, eventId));
  return rows
    .sort((a, b) => (a.streamSeq ?? 0) - (b.streamSeq ?? 0))
    .map((row) => ({ kind: row.kind, amountCents: row.amountCents, balanceCents: row.streamBalanceCents }));
}

/**
 * An organiser's event of 30,00 € places (1,8 % + 0,30 € of commission: 29,16 € net each) that
 * will owe 60,00 €: 2 insured places and 1 other sold, their refund asked. `payThenRefund`, once
 * the event is over, pays its balance out (87,48 €), then accepts the refund.
 */
export async function eventInDebt(
  t: TestApp,
  clock: MovingClock,
  owner: { cookie: string; organiser: { id: string } },
) {
  const { event, ticket } = await moneyEvent(t, owner.organiser.id, clock);
  const insured = await buy(t, event.id, { ticketId: ticket.id, quantity: 2, refundPlaces: 2 });
  await buy(t, event.id, { ticketId: ticket.id, quantity: 1 });
  const participationId = await askRefund(t, insured.cookie);
  return {
    event,
    ticket,
    async payThenRefund() {
      const paid = await askPayout(t, event.id, owner.cookie);
      // 3 × 29,16 € less the VAT on their commission (3 × 0,84 € × 20 % = 0,50 €).
      expect(paid.json()).toMatchObject({ amountCents: 3 * 2916 - 50, status: 'requested' });
      expect((await acceptRefund(t, event.id, participationId, owner.cookie)).json()).toEqual({
        status: 'refunded',
      });
      expect((await payoutPanel(t, event.id, owner.cookie)).balance.availableCents).toBe(-6000);
    },
  };
}

/** The organiser's balance over all their events, as the back office's users list shows it. */
export async function adminBalance(t: TestApp, adminCookie: string, user: { id: string; email: string }) {
  const listed = await t.app.inject({
    url: `/api/admin/users?q=${encodeURIComponent(user.email)}`,
    headers: { cookie: adminCookie },
  });
  return listed.json().find((row: { id: string }) => row.id === user.id)?.balanceCents as number | undefined;
}
