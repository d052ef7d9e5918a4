import { checkoutFr } from '@guichet/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createEvent, createUser, loginAs, raceMode, sessionCookie, withTestApp } from '../../../test/helpers';
import {
  buyerCookie,
  guestBuyer,
  notifySandbox,
  orderReference,
  raceEvent,
} from '../../../test/modules/checkout/support';
import { useOrganiser, useTestApp } from '../../../test/use-test-app';
import { discountCodes, events, orders, participations, shareLinks, tickets } from '../../db/schema';

let now = Date.now();
const t = useTestApp({ clock: { now: () => new Date(now) } });
const organiser = useOrganiser(t);

const c = checkoutFr;
const order = (payload: object, cookie?: string) =>
  t.app.inject({ method: 'POST', url: '/api/orders', payload, headers: cookie ? { cookie } : {} });
/** An order as its buyer, signed in (or as `cookie`'s account). */
const orderAs = async (payload: object, cookie?: string) => order(payload, cookie ?? (await buyerCookie(t, payload)));
const ticketRow = async (id: string) => (await t.database.db.select().from(tickets).where(eq(tickets.id, id)))[0];

describe('holding places', () => {
  it('holds the places of a logged-in buyer for 180 s and shows the order to its buyer only', async () => {
    const { event, a } = await raceEvent(t, organiser.id, { a: 10, b: 5, c1: 5, c2: 5 });
    const buyer = await createUser(t);
    const cookie = await loginAs(t, buyer.email);
    const response = await orderAs({ eventId: event.id, lines: [{ ticketId: a.id, quantity: 2 }] }, cookie);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({ totalCents: 2000, provider: 'sandbox', status: 'awaiting_payment' });
    expect(new Date(body.expiresAt).getTime() - now).toBe(180_000);
    expect(await ticketRow(a.id)).toMatchObject({ held: 2, sold: 0 });

    const mine = await t.app.inject({ method: 'GET', url: `/api/orders/${body.id}`, headers: { cookie } });
    expect(mine.json()).toMatchObject({ id: body.id, totalCents: 2000, lines: [{ ticketId: a.id, quantity: 2 }] });
    const other = await t.app.inject({
      method: 'GET',
      url: `/api/orders/${body.id}`,
      headers: { cookie: await loginAs(t, (await createUser(t)).email) },
    });
    expect(other.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/orders/${body.id}` })).statusCode).toBe(404);
  });

  it('asks a visitor for the proof of the e-mail, holding nothing and issuing nothing, known e-mail or not', async () => {
    const { event, b } = await raceEvent(t, organiser.id, { a: 1, b: 5, c1: 1, c2: 1 });
    const free = await createEvent(t, organiser.id, {}, [{ title: 'Gratuit', priceCents: 0, quantity: 5 }]);
    const account = await createUser(t);
    for (const [eventId, ticketId] of [
      [event.id, b.id],
      [free.event.id, free.tickets[0]?.id],
    ]) {
      for (const email of [account.email, 'personne@nulle-part.fr']) {
        const response = await order({ eventId, lines: [{ ticketId, quantity: 1 }], buyer: guestBuyer({ email }) });
        expect(response.statusCode).toBe(401);
        expect(response.json()).toMatchObject({ code: 'EMAIL_PROOF_REQUIRED', message: c.emailProofRequired });
      }
    }
    expect(await t.database.db.select().from(orders).where(eq(orders.userId, account.id))).toHaveLength(0);
    expect(await t.database.db.select().from(participations).where(eq(participations.userId, account.id))).toHaveLength(
      0,
    );
    expect(await ticketRow(b.id)).toMatchObject({ held: 0, sold: 0 });

    // Once signed in, the same account books its free place.
    const proved = await order(
      { eventId: free.event.id, lines: [{ ticketId: free.tickets[0]?.id, quantity: 1 }] },
      await loginAs(t, account.email),
    );
    expect(proved.json()).toMatchObject({ status: 'paid' });
  });

  it('applies the ticket and information rules with the spec messages, writing nothing', async () => {
    const { event, a, c: head, c1 } = await raceEvent(t, organiser.id, { a: 10, b: 5, c1: 5, c2: 5 });
    const other = await createEvent(t, organiser.id);
    const [hidden] = await t.database.db
      .insert(tickets)
      .values({ eventId: event.id, title: 'Caché', priceCents: 500, quantity: 5, isHidden: true })
      .returning();
    const [free] = await t.database.db
      .insert(tickets)
      .values({ eventId: event.id, title: 'Libre', priceCents: 0, quantity: 5 })
      .returning();
    const [minTwo] = await t.database.db
      .insert(tickets)
      .values({ eventId: event.id, title: 'Duo', priceCents: 500, quantity: 5, minToBuy: 2 })
      .returning();
    const account = await createUser(t);
    const buyer = guestBuyer(account);
    const cases: [object, string][] = [
      [{ lines: [{ ticketId: a.id, quantity: 0 }] }, c.ticketCountRequired],
      [{ lines: [{ ticketId: head.id, quantity: 1 }] }, c.choiceRequired],
      [{ lines: [{ ticketId: a.id, quantity: 6 }] }, c.aboveMax(5)],
      [
        {
          lines: [
            { ticketId: a.id, quantity: 3 },
            { ticketId: c1?.id, quantity: 3 },
          ],
        },
        c.aboveMax(5),
      ],
      [{ lines: [{ ticketId: free?.id, quantity: 2 }] }, c.aboveMax(1)],
      [{ lines: [{ ticketId: minTwo?.id, quantity: 1 }] }, c.belowMin(2)],
      [{ lines: [{ ticketId: hidden?.id, quantity: 1 }] }, c.ticketUnavailable],
      [{ lines: [{ ticketId: other.tickets[0]?.id, quantity: 1 }] }, c.ticketUnavailable],
      [{ lines: [{ ticketId: a.id, quantity: 2, refundPlaces: 3 }] }, c.refundPlacesInvalid],
      [{ lines: [{ ticketId: free?.id, quantity: 1, refundPlaces: 1 }] }, c.refundPlacesInvalid],
      [{ lines: [{ ticketId: a.id, quantity: 1 }], acceptTerms: false }, c.termsRequired],
      [{ lines: [{ ticketId: a.id, quantity: 1 }], buyer: { ...buyer, lastName: '' } }, c.lastNameRequired],
      [{ lines: [{ ticketId: a.id, quantity: 1 }], buyer: { ...buyer, lastName: 'x'.repeat(23) } }, c.nameTooLong],
      [{ lines: [{ ticketId: a.id, quantity: 1 }], buyer: { ...buyer, firstName: '' } }, c.firstNameRequired],
      [{ lines: [{ ticketId: a.id, quantity: 1 }], buyer: { ...buyer, email: 'x@' } }, c.emailInvalid],
      [{ lines: [{ ticketId: a.id, quantity: 1 }], buyer: { ...buyer, birthDate: '' } }, c.ageRequired],
      [{ lines: [{ ticketId: a.id, quantity: 1 }], buyer: { ...buyer, birthDate: '2015-01-01' } }, c.tooYoung],
      [{ lines: [{ ticketId: a.id, quantity: 1 }], buyer: { ...buyer, birthDate: '1900-01-01' } }, c.tooOld],
      [{ lines: [{ ticketId: a.id, quantity: 1 }], discountCode: 'INCONNU' }, c.promoInvalid],
      [{ lines: [{ ticketId: a.id, quantity: 1 }], discountCode: 'no' }, c.promoInvalid],
    ];
    for (const [change, message] of cases) {
      // Anonymous: the information step's messages come before the proof of e-mail; the promo code's after it.
      const anonymous = !('discountCode' in change);
      const response = anonymous
        ? await order({ eventId: event.id, buyer, ...change })
        : await orderAs({ eventId: event.id, buyer, ...change });
      expect(response.statusCode, message).toBeGreaterThanOrEqual(400);
      expect(response.json().message).toBe(message);
    }
    expect(await t.database.db.select().from(orders).where(eq(orders.eventId, event.id))).toHaveLength(0);
    expect((await ticketRow(a.id))?.held).toBe(0);
  });

  it('shows hidden tickets only with the private link, and answers promo codes', async () => {
    const { event, a } = await raceEvent(t, organiser.id, { a: 10, b: 5, c1: 5, c2: 5 });
    const [hidden] = await t.database.db
      .insert(tickets)
      .values({ eventId: event.id, title: 'Caché', priceCents: 500, quantity: 5, isHidden: true })
      .returning();
    await t.database.db
      .insert(shareLinks)
      .values({ key: `cle-${event.id}`, eventId: event.id, ticketIds: [hidden?.id ?? ''] });
    const buyer = guestBuyer(await createUser(t));
    const withKey = await orderAs({
      eventId: event.id,
      buyer,
      shareKey: `cle-${event.id}`,
      lines: [{ ticketId: hidden?.id, quantity: 1 }],
    });
    expect(withKey.statusCode).toBe(201);

    await t.database.db.insert(discountCodes).values([
      { eventId: event.id, code: 'MOITIE', percent: 50 },
      { eventId: event.id, code: 'FERME', percent: 10, isEnabled: false },
      { eventId: event.id, code: 'EPUISE', percent: 10, quantity: 3, used: 3 },
    ]);
    const half = await orderAs({
      eventId: event.id,
      buyer,
      lines: [{ ticketId: a.id, quantity: 2 }],
      discountCode: 'moitie',
    });
    expect(half.json().totalCents).toBe(1000);
    expect(
      (
        await orderAs({ eventId: event.id, buyer, lines: [{ ticketId: a.id, quantity: 1 }], discountCode: 'FERME' })
      ).json().message,
    ).toBe(c.promoDisabled);
    expect(
      (
        await orderAs({ eventId: event.id, buyer, lines: [{ ticketId: a.id, quantity: 1 }], discountCode: 'EPUISE' })
      ).json().message,
    ).toBe(c.promoExhausted);
  });

  it('answers 409 once nothing is left, and an expired hold frees its places without any job', async () => {
    const { event, a } = await raceEvent(t, organiser.id, { a: 2, b: 1, c1: 1, c2: 1 });
    const buyer = guestBuyer(await createUser(t));
    const other = guestBuyer(await createUser(t));
    const first = await orderAs({ eventId: event.id, buyer, lines: [{ ticketId: a.id, quantity: 2 }] });
    expect(first.statusCode).toBe(201);
    const late = await orderAs({ eventId: event.id, buyer: other, lines: [{ ticketId: a.id, quantity: 1 }] });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'SOLD_OUT', message: c.noPlaceLeft });

    now += 181_000;
    const after = await orderAs({ eventId: event.id, buyer: other, lines: [{ ticketId: a.id, quantity: 1 }] });
    expect(after.statusCode).toBe(201);
    const [expired] = await t.database.db.select().from(orders).where(eq(orders.id, first.json().id));
    expect(expired?.status).toBe('expired');
    expect(await ticketRow(a.id)).toMatchObject({ held: 1, sold: 0 });
  });

  it('takes every line of an order or none, whichever ticket runs out', async () => {
    const { event, a, b } = await raceEvent(t, organiser.id, { a: 5, b: 5, c1: 1, c2: 1 });
    const buyer = guestBuyer(await createUser(t));
    // Lines are taken in ticket id order: emptying each ticket in turn makes the other one the
    // line that fails, once before and once after a line already taken.
    for (const [full, free] of [
      [a, b],
      [b, a],
    ] as const) {
      await t.database.db.update(tickets).set({ sold: full.quantity }).where(eq(tickets.id, full.id));
      const both = await orderAs({
        eventId: event.id,
        buyer,
        lines: [
          { ticketId: free.id, quantity: 2 },
          { ticketId: full.id, quantity: 1 },
        ],
      });
      expect(both.json()).toMatchObject({ code: 'SOLD_OUT', message: c.noPlaceLeft });
      expect(await ticketRow(free.id)).toMatchObject({ held: 0, sold: 0 });
      await t.database.db.update(tickets).set({ sold: 0 }).where(eq(tickets.id, full.id));
    }
  });

  it('sells at the price and rules of the moment, right after an organiser changes them', async () => {
    const { event, a, b } = await raceEvent(t, organiser.id, { a: 10, b: 10, c1: 1, c2: 1 });
    // A new buyer each time: one account holds one order of an event at a time.
    const buy = async (ticketId: string) =>
      orderAs({ eventId: event.id, buyer: guestBuyer(await createUser(t)), lines: [{ ticketId, quantity: 1 }] });
    expect((await buy(a.id)).json().totalCents).toBe(1000);

    await t.database.db.update(tickets).set({ priceCents: 1500 }).where(eq(tickets.id, a.id));
    expect((await buy(a.id)).json().totalCents).toBe(1500);
    await t.database.db.update(tickets).set({ isAvailable: false }).where(eq(tickets.id, b.id));
    expect((await buy(b.id)).json().message).toBe(c.ticketUnavailable);
    const [added] = await t.database.db
      .insert(tickets)
      .values({ eventId: event.id, title: 'Nouveau', priceCents: 700, quantity: 3 })
      .returning();
    expect((await buy(added?.id ?? '')).json().totalCents).toBe(700);
    await t.database.db.update(events).set({ isOpen: false }).where(eq(events.id, event.id));
    expect((await buy(a.id)).json().message).toBe(c.ticketingClosed);
    expect(await ticketRow(a.id)).toMatchObject({ held: 2 });
  });

  it('records a free order at once, one ticket per account on a free event', async () => {
    const {
      event,
      tickets: [ticket],
    } = await createEvent(t, organiser.id, {}, [{ priceCents: 0, quantity: 10 }]);
    const buyer = await createUser(t);
    const cookie = await loginAs(t, buyer.email);
    const first = await orderAs({ eventId: event.id, lines: [{ ticketId: ticket?.id, quantity: 1 }] }, cookie);
    expect(first.json()).toMatchObject({ status: 'paid', provider: 'free', totalCents: 0 });
    expect(await ticketRow(ticket?.id ?? '')).toMatchObject({ sold: 1, held: 0 });
    const again = await orderAs({ eventId: event.id, lines: [{ ticketId: ticket?.id, quantity: 1 }] }, cookie);
    expect(again.json()).toMatchObject({ code: 'ONE_FREE_TICKET', message: c.freeEventOneTicket });
    const mine = await t.database.db.select().from(participations).where(eq(participations.userId, buyer.id));
    expect(mine).toHaveLength(1);
  });
});

describe('giving a hold back', () => {
  const release = (id: string, headers: Record<string, string> = {}, token?: string) =>
    t.app.inject({ method: 'DELETE', url: `/api/orders/${id}${token ? `?token=${token}` : ''}`, headers });
  const statusOf = async (id: string) =>
    (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0]?.status;

  it('frees the places at once for another buyer, and a second release changes nothing', async () => {
    const { event, a } = await raceEvent(t, organiser.id, { a: 1, b: 1, c1: 1, c2: 1 });
    const cookie = await loginAs(t, (await createUser(t)).email);
    const held = (await orderAs({ eventId: event.id, lines: [{ ticketId: a.id, quantity: 1 }] }, cookie)).json();
    const other = guestBuyer(await createUser(t));
    expect(
      (await orderAs({ eventId: event.id, buyer: other, lines: [{ ticketId: a.id, quantity: 1 }] })).statusCode,
    ).toBe(409);

    expect((await release(held.id, { cookie })).statusCode).toBe(204);
    expect(await statusOf(held.id)).toBe('cancelled');
    expect(await ticketRow(a.id)).toMatchObject({ held: 0, sold: 0 });
    const next = await orderAs({ eventId: event.id, buyer: other, lines: [{ ticketId: a.id, quantity: 1 }] });
    expect(next.statusCode).toBe(201);

    expect((await release(held.id, { cookie })).statusCode).toBe(204);
    expect(await ticketRow(a.id)).toMatchObject({ held: 1, sold: 0 });
    expect(await statusOf(held.id)).toBe('cancelled');
  });

  it("answers 404 to anyone but the order's buyer, who may release it", async () => {
    const { event, a } = await raceEvent(t, organiser.id, { a: 5, b: 1, c1: 1, c2: 1 });
    const owner = await loginAs(t, (await createUser(t)).email);
    const created = (await orderAs({ eventId: event.id, lines: [{ ticketId: a.id, quantity: 2 }] }, owner)).json();
    const stranger = await loginAs(t, (await createUser(t)).email);
    expect((await release(created.id, { cookie: stranger })).statusCode).toBe(404);
    expect((await release(created.id)).statusCode).toBe(404);
    expect((await release(created.id, {}, 'not-the-token')).statusCode).toBe(404);
    expect((await release('00000000-0000-4000-8000-000000000000', { cookie: owner })).statusCode).toBe(404);
    expect(await statusOf(created.id)).toBe('awaiting_payment');
    expect(await ticketRow(a.id)).toMatchObject({ held: 2 });

    expect((await release(created.id, { cookie: owner })).statusCode).toBe(204);
    expect(await statusOf(created.id)).toBe('cancelled');
    expect(await ticketRow(a.id)).toMatchObject({ held: 0 });
  });

  it('refuses to give back a paid order, and a payment arriving after a release is honoured or refunded', async () => {
    const { event, a } = await raceEvent(t, organiser.id, { a: 1, b: 1, c1: 1, c2: 1 });
    const account = await createUser(t);
    const buyer = guestBuyer(account);
    const cookie = await sessionCookie(t, account.id);
    const pay = async (id: string, totalCents: number) =>
      notifySandbox(t, {
        reference: await orderReference(t, id),
        status: 'paid',
        amountCents: totalCents,
        transactionId: `R-${id}`,
      });

    const paid = (await orderAs({ eventId: event.id, buyer, lines: [{ ticketId: a.id, quantity: 1 }] })).json();
    expect(await pay(paid.id, paid.totalCents)).toBe('paid');
    const refused = await release(paid.id, { cookie });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'ORDER_ALREADY_PAID', message: c.orderAlreadyPaid });
    expect(await statusOf(paid.id)).toBe('paid');
    expect(await ticketRow(a.id)).toMatchObject({ sold: 1, held: 0 });

    const { event: other, a: lone } = await raceEvent(t, organiser.id, { a: 1, b: 1, c1: 1, c2: 1 });
    const leaver = (await orderAs({ eventId: other.id, buyer, lines: [{ ticketId: lone.id, quantity: 1 }] })).json();
    expect((await release(leaver.id, { cookie })).statusCode).toBe(204);
    // The bank's verdict arrives after the buyer left: the place is still free, so it is sold.
    expect(await pay(leaver.id, leaver.totalCents)).toBe('paid');
    expect(await ticketRow(lone.id)).toMatchObject({ sold: 1, held: 0 });

    const { event: third, a: last } = await raceEvent(t, organiser.id, { a: 1, b: 1, c1: 1, c2: 1 });
    const gone = (await orderAs({ eventId: third.id, buyer, lines: [{ ticketId: last.id, quantity: 1 }] })).json();
    expect((await release(gone.id, { cookie })).statusCode).toBe(204);
    const taker = (await orderAs({ eventId: third.id, buyer, lines: [{ ticketId: last.id, quantity: 1 }] })).json();
    expect(taker.status).toBe('awaiting_payment');
    // Someone else holds the place now: the late payment is refunded.
    expect(await pay(gone.id, gone.totalCents)).toBe('refund_needed');
    expect(await ticketRow(last.id)).toMatchObject({ sold: 0, held: 1 });
  });
});

describe('confirming a payment', () => {
  it(`is idempotent: replayed and concurrent notifications pay once${raceMode}`, async () => {
    const { event, a } = await raceEvent(t, organiser.id, { a: 5, b: 1, c1: 1, c2: 1 });
    await t.database.db.insert(discountCodes).values({ eventId: event.id, code: 'DIX', percent: 10 });
    const buyer = await createUser(t);
    const created = (
      await orderAs({
        eventId: event.id,
        buyer: guestBuyer(buyer),
        lines: [{ ticketId: a.id, quantity: 2 }],
        discountCode: 'DIX',
      })
    ).json();
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, created.id));
    const result = {
      reference: row?.reference ?? '',
      status: 'paid' as const,
      amountCents: created.totalCents,
      transactionId: `T${created.id}`,
    };

    const outcomes = await Promise.all([1, 2, 3, 4].map(() => notifySandbox(t, result)));
    expect(outcomes.filter((o) => o === 'paid')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'already_paid')).toHaveLength(3);
    expect(await notifySandbox(t, { ...result, status: 'cancelled' })).toBe('ignored');
    expect(await ticketRow(a.id)).toMatchObject({ sold: 2, held: 0 });
    // Its 2 places, each its own ticket, issued once.
    expect(
      await t.database.db.select().from(participations).where(eq(participations.orderId, created.id)),
    ).toHaveLength(2);
    const [code] = await t.database.db.select().from(discountCodes).where(eq(discountCodes.eventId, event.id));
    expect(code?.used).toBe(1);
  });

  it('refuses a tampered amount, releases cancelled payments and honours late payments only when places remain', async () => {
    const { event, a } = await raceEvent(t, organiser.id, { a: 1, b: 1, c1: 1, c2: 1 });
    const buyer = guestBuyer(await createUser(t));
    const reference = (id: string) => orderReference(t, id);
    const notify = (
      reference: string,
      status: 'paid' | 'refused' | 'cancelled',
      amountCents: number,
      transactionId: string,
    ) => notifySandbox(t, { reference, status, amountCents, transactionId });

    const first = (await orderAs({ eventId: event.id, buyer, lines: [{ ticketId: a.id, quantity: 1 }] })).json();
    const ref1 = await reference(first.id);
    expect(await notify(ref1, 'paid', 1, `X1-${first.id}`)).toBe('amount_mismatch');
    expect(await notify(ref1, 'refused', 1000, `X1-${first.id}`)).toBe('attempt_refused');
    expect(await ticketRow(a.id)).toMatchObject({ held: 1, sold: 0 });
    expect(await notify(ref1, 'cancelled', 1000, `X1-${first.id}`)).toBe('released');
    expect(await ticketRow(a.id)).toMatchObject({ held: 0, sold: 0 });

    // A hold that expired and was reclaimed, paid while its place is still free: honoured.
    const second = (await orderAs({ eventId: event.id, buyer, lines: [{ ticketId: a.id, quantity: 1 }] })).json();
    now += 181_000;
    await orderAs({ eventId: event.id, buyer, lines: [{ ticketId: event.id, quantity: 1 }] }); // a failed attempt does not reclaim
    const ref2 = await reference(second.id);
    expect(await notify(ref2, 'paid', 1000, `X2-${second.id}`)).toBe('paid');
    expect(await ticketRow(a.id)).toMatchObject({ sold: 1 });

    // Sold out meanwhile: the late payment must be refunded.
    const { event: other, a: lone } = await raceEvent(t, organiser.id, { a: 1, b: 1, c1: 1, c2: 1 });
    const slow = (await orderAs({ eventId: other.id, buyer, lines: [{ ticketId: lone.id, quantity: 1 }] })).json();
    now += 181_000;
    const fast = (await orderAs({ eventId: other.id, buyer, lines: [{ ticketId: lone.id, quantity: 1 }] })).json();
    expect(await notify(await reference(fast.id), 'paid', 1000, `X3-${fast.id}`)).toBe('paid');
    expect(await notify(await reference(slow.id), 'paid', 1000, `X4-${slow.id}`)).toBe('refund_needed');
    expect(await ticketRow(lone.id)).toMatchObject({ sold: 1, held: 0 });
  });
});

describe('one live hold per buyer', () => {
  it('gives the earlier hold back when the buyer holds again, so one account never holds two orders of an event', async () => {
    const { event, a } = await raceEvent(t, organiser.id, { a: 10, b: 1, c1: 1, c2: 1 });
    const cookie = await loginAs(t, (await createUser(t)).email);
    const first = (await order({ eventId: event.id, lines: [{ ticketId: a.id, quantity: 5 }] }, cookie)).json();
    const second = (await order({ eventId: event.id, lines: [{ ticketId: a.id, quantity: 5 }] }, cookie)).json();
    expect(second.id).not.toBe(first.id);
    expect(await ticketRow(a.id)).toMatchObject({ held: 5 });
    const statuses = await t.database.db.select().from(orders).where(eq(orders.eventId, event.id));
    expect(statuses.map((row) => [row.id, row.status]).sort()).toEqual(
      [
        [first.id, 'cancelled'],
        [second.id, 'awaiting_payment'],
      ].sort(),
    );
  });

  it(`lets one account hold at most one order's places, however many requests it races${raceMode}`, async () => {
    const { event, a } = await raceEvent(t, organiser.id, { a: 50, b: 1, c1: 1, c2: 1 });
    const cookie = await loginAs(t, (await createUser(t)).email);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => order({ eventId: event.id, lines: [{ ticketId: a.id, quantity: 5 }] }, cookie)),
    );
    expect(answers.every((answer) => answer.statusCode === 201 || answer.statusCode === 409)).toBe(true);
    const live = (await t.database.db.select().from(orders).where(eq(orders.eventId, event.id))).filter(
      (row) => row.status === 'awaiting_payment',
    );
    expect(live).toHaveLength(1);
    expect(await ticketRow(a.id)).toMatchObject({ held: 5 });
  });

  it('limits the orders one address may send', async () => {
    await withTestApp({ config: { rateLimitMax: 1 } }, async (limited) => {
      const codes = [];
      for (let i = 0; i < 12; i++) {
        codes.push((await limited.app.inject({ method: 'POST', url: '/api/orders', payload: {} })).statusCode);
      }
      expect(codes.slice(0, 10).every((code) => code !== 429)).toBe(true);
      expect(codes.slice(10)).toEqual([429, 429]);
    });
  });
});
