import { formatEuros, payoutsFr } from '@guichet/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminCookie, createEvent, createUser, loginAs, raceMode } from '../../../test/helpers';
import { endedDates, paidOrder } from '../../../test/modules/payouts/support';
import { useListeningTestApp } from '../../../test/use-test-app';
import { events, mailOutbox, payouts, refunds } from '../../db/schema';

const t = useListeningTestApp();

const IBAN = 'FR76 3000 6000 0112 3456 7890 189';

/**
 * An organiser and their paid event, over by default (a payout is asked after the event's end); one
 * still to come is for an organiser allowed advances of its whole balance.
 */
async function organiserWithSales(
  rate?: { commissionRateBps: number; commissionFixedCents: number },
  { ended = true } = {},
) {
  const organiser = await createUser(t, { isVerified: true, ...rate, payoutAdvancePercent: ended ? 0 : 100 });
  const buyer = await createUser(t);
  const { event, tickets } = await createEvent(t, organiser.id, ended ? endedDates() : {}, [{ priceCents: 2000 }]);
  const ticketId = tickets[0]?.id ?? '';
  const cookie = await loginAs(t, organiser.email);
  return { organiser, buyer, event, ticketId, cookie };
}

async function refund(values: {
  eventId: string;
  orderId: string;
  cause: 'request' | 'cancellation';
  amountCents: number;
  status?: 'refunded' | 'refused';
}) {
  await t.database.db.insert(refunds).values({ places: 1, provider: 'sandbox', status: 'refunded', ...values });
}

const saveBank = (cookie: string, payload: Record<string, unknown> = { holderName: 'Jeanne Test', iban: IBAN }) =>
  t.app.inject({ method: 'PUT', url: '/api/me/bank-account', headers: { cookie }, payload });
const ask = (eventId: string, cookie?: string) =>
  t.app.inject({ method: 'POST', url: `/api/console/events/${eventId}/payouts`, headers: cookie ? { cookie } : {} });
const panel = (eventId: string, cookie: string) =>
  t.app.inject({ url: `/api/console/events/${eventId}/payouts`, headers: { cookie } });

describe('bank details', () => {
  it('keeps a valid IBAN in electronic form and refuses an invalid one with the message', async () => {
    const { cookie } = await organiserWithSales();
    expect((await t.app.inject({ url: '/api/me/bank-account', headers: { cookie } })).json()).toEqual({
      account: null,
    });
    const bad = await saveBank(cookie, { holderName: 'Jeanne Test', iban: 'FR76 3000 6000 0112 3456 7890 188' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: payoutsFr.errors.ibanInvalid, field: 'iban' });
    const noHolder = await saveBank(cookie, { holderName: ' ', iban: IBAN });
    expect(noHolder.json()).toMatchObject({ message: payoutsFr.errors.holderRequired, field: 'holderName' });
    const saved = await saveBank(cookie, { holderName: ' Jeanne Test ', iban: IBAN, bic: 'bnpa fr pp' });
    expect(saved.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/me/bank-account', headers: { cookie } })).json()).toEqual({
      account: { holderName: 'Jeanne Test', iban: 'FR7630006000011234567890189', bic: 'BNPAFRPP' },
    });
  });
});

describe('the balance', () => {
  it('is paid sales minus the commission per ticket, refunds and payouts, with the organiser’s rate', async () => {
    const { organiser, buyer, event, ticketId, cookie } = await organiserWithSales({
      commissionRateBps: 140,
      commissionFixedCents: 25,
    });
    const sale = { eventId: event.id, ticketId, userId: buyer.id };
    // 2 × 20,00 €: commission 2 × (28 + 25) = 106.
    await paidOrder(t, { ...sale, unitPriceCents: 2000, quantity: 2 });
    // 20,00 € at −25 %: 15,00 €, commission 21 + 25 = 46.
    await paidOrder(t, { ...sale, unitPriceCents: 2000, discountPercent: 25 });
    // The buyer paid the service fee: no commission.
    await paidOrder(t, { ...sale, unitPriceCents: 2000, feeCents: 66 });
    // At the door by card: commission 53, the money is the organiser's already.
    await paidOrder(t, { ...sale, unitPriceCents: 2000, provider: 'onsite', onsitePayment: 'card' });
    // At the door in cash: nothing.
    await paidOrder(t, { ...sale, unitPriceCents: 2000, provider: 'onsite', onsitePayment: 'cash' });
    // Cancelled: 20,66 € went back (the fee too), of which its 20,00 € of tickets; its commission 53 stays.
    const cancelled = await paidOrder(t, { ...sale, unitPriceCents: 2000, status: 'refunded' });
    await refund({ eventId: event.id, orderId: cancelled.id, cause: 'cancellation', amountCents: 2066 });
    // A refused request gives nothing back.
    const kept = await paidOrder(t, { ...sale, unitPriceCents: 2000 });
    await refund({ eventId: event.id, orderId: kept.id, cause: 'request', amountCents: 2000, status: 'refused' });
    const response = await panel(event.id, cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      isPaidEvent: true,
      canRequest: true,
      rateBps: 140,
      fixedCents: 25,
      balance: {
        salesCents: 4000 + 1500 + 2000 + 2000 + 2000,
        commissionCents: 106 + 46 + 53 + 53 + 53,
        refundsCents: 2000,
        payoutsCents: 0,
        commissionVatCents: 0,
        // 3,11 € × 20 %: deducted by the payout that invoices it.
        commissionVatDueCents: 62,
        availableCents: 11_500 - 311 - 2000,
        organizerBalanceCents: 11_500 - 311 - 2000,
      },
      payouts: [],
    });
    expect(organiser.id).toBeTruthy();
  });
});

describe('POST /api/console/events/:id/payouts', () => {
  it('records the balance once, e-mails the organiser, and answers 409 when nothing is left', async () => {
    const { organiser, buyer, event, ticketId, cookie } = await organiserWithSales();
    await paidOrder(t, { eventId: event.id, ticketId, userId: buyer.id, unitPriceCents: 2000 });
    expect((await ask(event.id, cookie)).json()).toMatchObject({ message: payoutsFr.errors.noBankAccount });
    await saveBank(cookie);
    const first = await ask(event.id, cookie);
    expect(first.statusCode).toBe(201);
    // 20,00 € − (36 + 30) − 20 % of 66 (13,2 → 13).
    expect(first.json()).toEqual({
      id: expect.any(String),
      amountCents: 1921,
      status: 'requested',
      commissionInclVatCents: 79,
      commissionInvoiceUrl: `/api/payouts/${first.json().id}/commission-invoice.pdf`,
    });
    const again = await ask(event.id, cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'NOTHING_TO_PAY', message: payoutsFr.errors.nothingLeft });
    const mail = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, organiser.email));
    expect(mail.map((row) => row.subject)).toContainEqual(expect.stringContaining('demande de virement'));
    expect(mail.find((row) => row.subject.includes('demande de virement'))?.text).toContain('19,21');
    // A new sale makes a new balance.
    await paidOrder(t, { eventId: event.id, ticketId, userId: buyer.id, unitPriceCents: 1000 });
    expect((await ask(event.id, cookie)).json()).toMatchObject({
      amountCents: 1000 - 18 - 30 - 10,
      commissionInclVatCents: 18 + 30 + 10,
    });
  });

  it('answers 401 to a visitor, 404 to another user, 403 with the reason to an administrator, 409 on a free event', async () => {
    const { event, cookie } = await organiserWithSales();
    expect((await ask(event.id)).statusCode).toBe(401);
    const other = await createUser(t, { isVerified: true });
    expect((await ask(event.id, await loginAs(t, other.email))).statusCode).toBe(404);
    // The administrator sees the balance, and is told why the request is the organiser's.
    const admin = await createUser(t, { role: 'admin' });
    const adminCookie = await loginAs(t, admin.email);
    const refusedToAdmin = await ask(event.id, adminCookie);
    expect(refusedToAdmin.statusCode).toBe(403);
    expect(refusedToAdmin.json()).toMatchObject({
      code: 'PAYOUT_ORGANISER_ONLY',
      message: payoutsFr.errors.organiserOnly,
    });
    const panel = await t.app.inject({
      method: 'GET',
      url: `/api/console/events/${event.id}/payouts`,
      headers: { cookie: adminCookie },
    });
    expect(panel.json()).toMatchObject({ canRequest: false, refusal: payoutsFr.errors.organiserOnly });
    const organiser = await createUser(t, { isVerified: true });
    const { event: free } = await createEvent(t, organiser.id, {}, [{ priceCents: 0 }]);
    const freeCookie = await loginAs(t, organiser.email);
    await saveBank(freeCookie);
    const refused = await ask(free.id, freeCookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(payoutsFr.errors.freeEvent);
    expect((await ask(event.id, cookie)).statusCode).toBe(409);
  });

  it('refuses a cancelled event: its money goes back to the buyers', async () => {
    const { buyer, event, ticketId, cookie } = await organiserWithSales();
    await paidOrder(t, { eventId: event.id, ticketId, userId: buyer.id, unitPriceCents: 2000 });
    await saveBank(cookie);
    await t.database.db.update(events).set({ cancelledAt: new Date() }).where(eq(events.id, event.id));
    const refused = await ask(event.id, cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(payoutsFr.errors.cancelledEvent);
    expect((await panel(event.id, cookie)).json().canRequest).toBe(false);
  });

  it(`never pays the same money twice when requests race${raceMode}`, async () => {
    for (let round = 0; round < 3; round++) {
      const { buyer, event, ticketId, cookie } = await organiserWithSales();
      await paidOrder(t, { eventId: event.id, ticketId, userId: buyer.id, unitPriceCents: 5000, quantity: 3 });
      await saveBank(cookie);
      const statuses = await Promise.all(
        Array.from({ length: 8 }, () =>
          fetch(`${t.base}/api/console/events/${event.id}/payouts`, { method: 'POST', headers: { cookie } }).then(
            (response) => response.status,
          ),
        ),
      );
      expect(statuses.filter((status) => status === 201)).toHaveLength(1);
      expect(statuses.filter((status) => status === 409)).toHaveLength(7);
      const rows = await t.database.db.select().from(payouts).where(eq(payouts.eventId, event.id));
      expect(rows).toHaveLength(1);
      expect(rows[0]?.amountCents).toBe(15_000 - 3 * (90 + 30) - 72);
    }
  });
});

describe('cancelling an event', () => {
  it('cancels its payouts not yet sent, tells the organiser, and leaves no transfer to make', async () => {
    // Only an event still to come can be cancelled: its payout was an advance.
    const { organiser, buyer, event, ticketId, cookie } = await organiserWithSales(undefined, { ended: false });
    await paidOrder(t, { eventId: event.id, ticketId, userId: buyer.id, unitPriceCents: 3000, quantity: 3 });
    await saveBank(cookie);
    const requested = await ask(event.id, cookie);
    expect(requested.statusCode).toBe(201);

    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/console/events/${event.id}/cancellation`,
      headers: { cookie },
      payload: { message: 'La salle est fermée.' },
    });
    expect(cancel.statusCode).toBeLessThan(300);

    const [row] = await t.database.db.select().from(payouts).where(eq(payouts.id, requested.json().id));
    expect(row?.status).toBe('cancelled');
    expect((await panel(event.id, cookie)).json().payouts).toMatchObject([{ status: 'cancelled' }]);
    const mail = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, organiser.email));
    expect(mail.find((m) => m.subject.includes('virement annulé'))?.text).toContain(
      formatEuros(requested.json().amountCents),
    );

    const admin = await adminCookie(t);
    const batch = await t.app.inject({
      method: 'POST',
      url: '/api/admin/payout-batches',
      headers: { cookie: admin },
      payload: { payoutIds: [requested.json().id] },
    });
    expect(batch.statusCode).toBe(409);
    const queue = await t.app.inject({ url: '/api/admin/payouts?status=requested', headers: { cookie: admin } });
    expect(queue.json().map((p: { id: string }) => p.id)).not.toContain(requested.json().id);
  });
});
