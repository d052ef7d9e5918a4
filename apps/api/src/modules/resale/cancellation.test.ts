import { dateChangesFr } from '@guichet/shared';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, DAY, loginAs } from '../../../test/helpers';
import { buyAndPay, raceEvent } from '../../../test/modules/checkout/support';
import { useTestApp } from '../../../test/use-test-app';
import { invoices, ledgerEntries, mailOutbox, orders, participations, refunds, resaleListings } from '../../db/schema';
import { createSandboxBankStore, paymentConfigFromEnv } from '../../payments';

// A resale's fee once the event, or the resold place's date, is cancelled (docs/decisions.md,
// "Resale"): the seller, who paid for a place that will not take place, gets everything back.
const payments = paymentConfigFromEnv({ PUBLIC_URL: 'http://localhost:3000' }, 'test');
// A database of its own: the tests run the job queue, which must hold only this file's jobs.
const t = useTestApp({ payments, isolated: true });
const HOUR = 3_600_000;
const FEE = 150;
let organizer: Awaited<ReturnType<typeof createUser>>;
let organizerCookie: string;
beforeAll(async () => {
  organizer = await createUser(t, { isVerified: true });
  organizerCookie = await loginAs(t, organizer.email);
});

const inject = (method: 'GET' | 'POST' | 'PUT', url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload && { payload }) });

async function runJobs() {
  for (let i = 0; i < 6; i += 1) await t.app.jobs.runDue();
}

/**
 * A place of an event allowing resale for a 1,50 € fee, bought, listed and sold to another buyer
 * (the sale's job run); with `twoDates`, the event got a second date first (the place is the
 * first date's, the buyer's too).
 */
async function resoldPlace(twoDates: boolean) {
  const { event, a } = await raceEvent(t, organizer.id, { a: 10, b: 1, c1: 1, c2: 1 });
  const saved = await inject('PUT', `/api/console/events/${event.id}/resale-settings`, organizerCookie, {
    resaleAllowed: true,
    resaleDeadline: null,
    resaleFeeCents: FEE,
  });
  expect(saved.statusCode).toBe(200);
  const seller = await createUser(t);
  const sellerCookie = await loginAs(t, seller.email);
  const sellerOrderId = await buyAndPay(t, sellerCookie, event.id, { ticketId: a.id, quantity: 1 });
  if (twoDates) {
    const begin = event.dateBegin.getTime() + DAY;
    const added = await inject('POST', `/api/console/events/${event.id}/dates`, organizerCookie, {
      dateBegin: new Date(begin).toISOString(),
      dateEnd: new Date(begin + 2 * HOUR).toISOString(),
    });
    expect(added.statusCode, added.body).toBe(201);
  }
  const [place] = await t.database.db.select().from(participations).where(eq(participations.orderId, sellerOrderId));
  if (!place) throw new Error('no place bought');
  expect((await inject('POST', `/api/me/participations/${place.id}/resale`, sellerCookie, {})).statusCode).toBe(201);
  const buyer = await createUser(t);
  const buyerOrderId = await buyAndPay(t, await loginAs(t, buyer.email), event.id, {
    ticketId: a.id,
    quantity: 1,
    ...(twoDates && { dateId: event.id }),
  });
  await runJobs();
  const [listing] = await t.database.db
    .select()
    .from(resaleListings)
    .where(eq(resaleListings.participationId, place.id));
  expect(listing).toMatchObject({ status: 'sold', feeCents: FEE });
  return { event, a, place, seller, sellerOrderId, buyerOrderId };
}

/** An order: what it paid, its refunds (cause, amount, status), the bank's refunds, the ledger's. */
async function moneyOf(orderId: string) {
  const [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
  if (!order?.transactionId) throw new Error('order not paid');
  const rows = await t.database.db.select().from(refunds).where(eq(refunds.orderId, orderId));
  const bank = await createSandboxBankStore(t.database.db).refundsOf(order.transactionId.padStart(10, '0'));
  let ledger = 0;
  for (const row of rows) {
    const entries = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.refundId, row.id), eq(ledgerEntries.account, 'organizer')));
    ledger += entries.reduce((sum, entry) => sum + entry.amountCents, 0);
  }
  const documents = await t.database.db
    .select()
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), eq(invoices.issuer, 'organizer')));
  return {
    totalCents: order.totalCents,
    refunds: rows.map((row) => [row.cause, row.amountCents, row.status]).sort(),
    bankCents: bank.reduce((sum, refund) => sum + refund.amountCents, 0),
    organizerLedgerCents: ledger,
    /** The organiser's documents of the order, and what its invoice and credit notes leave invoiced. */
    documents: documents.map((document) => document.kind).sort(),
    invoicedCents: documents.reduce((sum, document) => sum + document.totalCents, 0),
  };
}

describe('a resale’s fee when the event is cancelled', () => {
  it('gives the seller everything back, the fee included, through the bank and the ledger', async () => {
    const { event, a, sellerOrderId, buyerOrderId } = await resoldPlace(false);
    const cancelled = await inject('POST', `/api/console/events/${event.id}/cancellation`, organizerCookie, {
      message: 'La salle est fermée.',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(202);
    await runJobs();

    const seller = await moneyOf(sellerOrderId);
    // The resale gave back the price less the fee; the cancellation the rest of the order, fee included.
    expect(seller.refunds).toEqual([
      ['cancellation', seller.totalCents - (a.priceCents - FEE), 'refunded'],
      ['resale', a.priceCents - FEE, 'refunded'],
    ]);
    expect(seller.bankCents).toBe(seller.totalCents);
    expect(seller.organizerLedgerCents).toBe(-a.priceCents);
    // The fee refunded is credited too: nothing stays invoiced to the seller.
    expect(seller.documents).toEqual(['credit-note', 'credit-note', 'invoice']);
    expect(seller.invoicedCents).toBe(0);
    const buyer = await moneyOf(buyerOrderId);
    expect(buyer.refunds).toEqual([['cancellation', buyer.totalCents, 'refunded']]);
    expect(buyer.bankCents).toBe(buyer.totalCents);
  });
});

describe('a resale’s fee when the resold place’s date is cancelled', () => {
  it('gives the seller the fee back through the bank and the ledger, and the buyer their place’s price', async () => {
    const { event, a, seller: sellerUser, sellerOrderId, buyerOrderId } = await resoldPlace(true);
    const cancelled = await inject(
      'POST',
      `/api/console/events/${event.id}/dates/${event.id}/cancel`,
      organizerCookie,
      {
        message: 'Orage annoncé.',
      },
    );
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await runJobs();

    const seller = await moneyOf(sellerOrderId);
    expect(seller.refunds).toEqual([
      ['date_cancelled', FEE, 'refunded'],
      ['resale', a.priceCents - FEE, 'refunded'],
    ]);
    expect(seller.bankCents).toBe(a.priceCents);
    expect(seller.organizerLedgerCents).toBe(-a.priceCents);
    expect(seller.documents).toEqual(['credit-note', 'credit-note', 'invoice']);
    expect(seller.invoicedCents).toBe(0);
    // The seller is told with the date's cancellation mail, the fee as what comes back.
    const mails = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, sellerUser.email));
    const told = mails.find(
      (mail) => mail.subject === dateChangesFr.mail.cancelled.subject(t.config.brandName, event.title),
    );
    expect(told?.text).toContain('1,50');
    const buyer = await moneyOf(buyerOrderId);
    expect(buyer.refunds).toEqual([['date_cancelled', a.priceCents, 'refunded']]);

    // The event cancelled later gives each order the rest, the fee not a second time.
    const later = await inject('POST', `/api/console/events/${event.id}/cancellation`, organizerCookie, {
      message: 'La salle est fermée.',
    });
    expect(later.statusCode, later.body).toBe(202);
    await runJobs();
    const sellerAfter = await moneyOf(sellerOrderId);
    expect(sellerAfter.bankCents).toBe(sellerAfter.totalCents);
    expect(sellerAfter.invoicedCents).toBe(0);
  });
});
