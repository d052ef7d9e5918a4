import { adminFr, formatDateTime, payoutsFr } from '@guichet/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createUser, loginAs, raceMode } from '../../../test/helpers';
import {
  askPayout,
  buy,
  commissionVatOf,
  endEvent,
  moneyEvent,
  organiserWithBank,
  PLACE_NET,
  payoutPanel,
  useLedgerApp,
} from '../../../test/modules/ledger/support';
import { auditLog, payouts } from '../../db/schema';

// When a payout may be asked and for how much (issue 27, docs/decisions.md "Payout rules"), and the
// issue's bad input: one clear French answer each, never a 5xx.
const { clock, t, admin } = useLedgerApp();

const setAdvance = (userId: string, percent: unknown, cookie = admin.cookie) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/admin/users/${userId}/payout-advance`,
    headers: { cookie },
    payload: { percent },
  });
const adminCall = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: admin.cookie }, ...(payload ? { payload } : {}) });
const parisDate = (at: Date) => formatDateTime(at.toISOString());

/** Answers from the listening server, each call sent at once (in parallel on PostgreSQL). */
const atOnce = (calls: { method: string; url: string; cookie: string; body?: object }[]) =>
  Promise.all(
    calls.map(({ method, url, cookie, body }) =>
      fetch(`${t.base}${url}`, {
        method,
        headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      }).then(async (response) => ({
        status: response.status,
        body: (await response.json()) as Record<string, unknown>,
      })),
    ),
  );

describe('PUT /api/admin/users/:id/payout-advance', () => {
  it('sets a whole percentage from 0 to 100, audited, and refuses anything else in French', async () => {
    const organiser = await createUser(t, { isVerified: true });
    const set = await setAdvance(organiser.id, 50);
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ id: organiser.id, payoutAdvancePercent: 50, balanceCents: 0 });
    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, organiser.id));
    expect(audit).toMatchObject({
      action: 'user.payout_advance',
      before: { payoutAdvancePercent: 0 },
      after: { payoutAdvancePercent: 50 },
    });
    for (const percent of [0, 100]) expect((await setAdvance(organiser.id, percent)).statusCode).toBe(200);
    for (const percent of [101, -1, 12.5]) {
      const refused = await setAdvance(organiser.id, percent);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ message: adminFr.errors.advancePercent, field: 'percent' });
    }
    expect((await setAdvance(organiser.id, '50')).statusCode).toBe(400);
    expect((await setAdvance(organiser.id, 50, await loginAs(t, organiser.email))).statusCode).toBe(403);
    const [row] = (await adminCall('GET', `/api/admin/users?q=${encodeURIComponent(organiser.email)}`)).json();
    expect(row.payoutAdvancePercent).toBe(100);
  });
});

describe('a payout before the event’s end', () => {
  it('is refused without an advance allowance, naming the date it can be asked from', async () => {
    const owner = await organiserWithBank(t);
    const { event, ticket } = await moneyEvent(t, owner.organiser.id, clock);
    await buy(t, event.id, { ticketId: ticket.id, quantity: 1 });

    const panel = await payoutPanel(t, event.id, owner.cookie);
    expect(panel).toMatchObject({
      canRequest: true,
      requestable: false,
      requestableFrom: event.dateEnd.toISOString(),
      balance: { availableCents: PLACE_NET, requestableCents: 0 },
    });
    const refused = await askPayout(t, event.id, owner.cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('PAYOUT_NOT_YET_ALLOWED');
    expect(refused.json().message).toContain(`à partir du ${parisDate(event.dateEnd)}`);
    expect(await t.database.db.select().from(payouts).where(eq(payouts.eventId, event.id))).toEqual([]);

    endEvent(clock, event);
    expect(await payoutPanel(t, event.id, owner.cookie)).toMatchObject({
      requestable: true,
      requestableFrom: null,
      balance: { requestableCents: PLACE_NET - commissionVatOf(1) },
    });
    expect((await askPayout(t, event.id, owner.cookie)).json()).toMatchObject({
      amountCents: PLACE_NET - commissionVatOf(1),
      status: 'requested',
    });
  });

  it('pays the whole balance under an allowance of 100 %', async () => {
    const owner = await organiserWithBank(t);
    expect((await setAdvance(owner.organiser.id, 100)).statusCode).toBe(200);
    const { event, ticket } = await moneyEvent(t, owner.organiser.id, clock);
    await buy(t, event.id, { ticketId: ticket.id, quantity: 2 });
    expect(await payoutPanel(t, event.id, owner.cookie)).toMatchObject({
      requestable: true,
      requestableFrom: null,
      balance: { requestableCents: 2 * PLACE_NET - commissionVatOf(2) },
    });
    const paid = await askPayout(t, event.id, owner.cookie);
    expect(paid.statusCode).toBe(201);
    expect(paid.json()).toMatchObject({ amountCents: 2 * PLACE_NET - commissionVatOf(2), status: 'requested' });
  });

  it('pays the allowance’s share of the balance less the places carrying the refund option', async () => {
    const owner = await organiserWithBank(t);
    expect((await setAdvance(owner.organiser.id, 50)).statusCode).toBe(200);
    const { event, ticket } = await moneyEvent(t, owner.organiser.id, clock);
    await buy(t, event.id, { ticketId: ticket.id, quantity: 2, refundPlaces: 2 });
    await buy(t, event.id, { ticketId: ticket.id, quantity: 2 });
    // 120,00 € − 3,36 € of commission − 0,67 € of its VAT − 60,00 € that may still be refunded, halved.
    const advance = Math.floor((4 * PLACE_NET - commissionVatOf(4) - 6000) / 2);
    expect((await payoutPanel(t, event.id, owner.cookie)).balance).toMatchObject({
      availableCents: 4 * PLACE_NET,
      requestableCents: advance,
    });
    const paid = await askPayout(t, event.id, owner.cookie);
    expect(paid.statusCode).toBe(201);
    expect(paid.json().amountCents).toBe(advance);
    // The share is taken: nothing more until the end, then the rest.
    const again = await askPayout(t, event.id, owner.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'NOTHING_TO_PAY',
      message: payoutsFr.errors.notYetAllowed(parisDate(event.dateEnd)),
    });
    expect(await payoutPanel(t, event.id, owner.cookie)).toMatchObject({
      requestable: false,
      requestableFrom: null,
      balance: { requestableCents: 0 },
    });
    endEvent(clock, event);
    expect((await askPayout(t, event.id, owner.cookie)).json().amountCents).toBe(
      4 * PLACE_NET - commissionVatOf(4) - advance,
    );
  });
});

describe('bad input', () => {
  it(`pays once when two payouts are asked at once${raceMode}`, async () => {
    const owner = await organiserWithBank(t);
    const { event, ticket } = await moneyEvent(t, owner.organiser.id, clock);
    await buy(t, event.id, { ticketId: ticket.id, quantity: 1 });
    endEvent(clock, event);
    const url = `/api/console/events/${event.id}/payouts`;
    const answers = await atOnce([
      { method: 'POST', url, cookie: owner.cookie },
      { method: 'POST', url, cookie: owner.cookie },
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    expect(answers.find((answer) => answer.status === 409)?.body).toMatchObject({
      code: 'NOTHING_TO_PAY',
      message: payoutsFr.errors.nothingLeft,
    });
    expect((await payoutPanel(t, event.id, owner.cookie)).balance).toMatchObject({
      payoutsCents: PLACE_NET - commissionVatOf(1),
      availableCents: 0,
    });
  });

  it(`leaves no payout standing when one is asked during the event’s cancellation${raceMode}`, async () => {
    for (let round = 0; round < 3; round++) {
      const owner = await organiserWithBank(t);
      expect((await setAdvance(owner.organiser.id, 100)).statusCode).toBe(200);
      const { event, ticket } = await moneyEvent(t, owner.organiser.id, clock);
      await buy(t, event.id, { ticketId: ticket.id, quantity: 1 });
      const [payout, cancellation] = await atOnce([
        { method: 'POST', url: `/api/console/events/${event.id}/payouts`, cookie: owner.cookie },
        {
          method: 'POST',
          url: `/api/console/events/${event.id}/cancellation`,
          cookie: owner.cookie,
          body: { message: 'La salle est fermée.' },
        },
      ]);
      expect(cancellation?.status).toBe(202);
      // Asked first, it is cancelled with the event; asked after, it is refused.
      if (payout?.status === 409) {
        expect(payout.body).toMatchObject({ code: 'EVENT_CANCELLED', message: payoutsFr.errors.cancelledEvent });
      } else {
        expect(payout?.status).toBe(201);
      }
      const rows = await t.database.db.select().from(payouts).where(eq(payouts.eventId, event.id));
      expect(rows.every((row) => row.status === 'cancelled')).toBe(true);
      // Nothing left the balance: it goes back to the buyers. A payout asked first invoiced the
      // commission, whose VAT stays deducted.
      expect((await payoutPanel(t, event.id, owner.cookie)).balance).toMatchObject({
        payoutsCents: 0,
        availableCents: payout?.status === 201 ? PLACE_NET - commissionVatOf(1) : PLACE_NET,
        requestableCents: 0,
      });
    }
  });

  it(`puts a payout in one batch when two are made at once${raceMode}`, async () => {
    const owner = await organiserWithBank(t);
    const { event, ticket } = await moneyEvent(t, owner.organiser.id, clock);
    await buy(t, event.id, { ticketId: ticket.id, quantity: 1 });
    endEvent(clock, event);
    const payoutId = (await askPayout(t, event.id, owner.cookie)).json().id;
    const batch = {
      method: 'POST',
      url: '/api/admin/payout-batches',
      cookie: admin.cookie,
      body: { payoutIds: [payoutId] },
    };
    const answers = await atOnce([batch, batch]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    expect(answers.find((answer) => answer.status === 409)?.body).toMatchObject({
      code: 'NOTHING_TO_BATCH',
      message: adminFr.errors.nothingToBatch,
    });
    const [row] = await t.database.db.select().from(payouts).where(eq(payouts.id, payoutId));
    expect(row).toMatchObject({ status: 'batched', batchId: answers.find((answer) => answer.status === 201)?.body.id });
  });

  it('refuses in French the bank return of a payout never sent', async () => {
    const owner = await organiserWithBank(t);
    const { event, ticket } = await moneyEvent(t, owner.organiser.id, clock);
    await buy(t, event.id, { ticketId: ticket.id, quantity: 1 });
    endEvent(clock, event);
    const payoutId = (await askPayout(t, event.id, owner.cookie)).json().id;
    const requested = await adminCall('POST', `/api/admin/payouts/${payoutId}/returned`);
    expect(requested.statusCode).toBe(409);
    expect(requested.json()).toMatchObject({ code: 'PAYOUT_NOT_RETURNABLE', message: adminFr.errors.notSent });
    await adminCall('POST', '/api/admin/payout-batches', { payoutIds: [payoutId] });
    expect((await adminCall('POST', `/api/admin/payouts/${payoutId}/returned`)).statusCode).toBe(409);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      const unknown = await adminCall('POST', `/api/admin/payouts/${id}/returned`);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toBe(adminFr.errors.payoutNotFound);
    }
    // Nothing moved: the payout still holds its amount out of the balance.
    expect((await payoutPanel(t, event.id, owner.cookie)).balance).toMatchObject({
      payoutsCents: PLACE_NET - commissionVatOf(1),
      availableCents: 0,
    });
  });
});
