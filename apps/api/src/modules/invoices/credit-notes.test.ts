import { invoicesFr, refundsFr, splitVat } from '@guichet/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { createEvent, createUser, loginAs } from '../../../test/helpers';
import { buyAndPay, payAtSandboxBank, postOrder } from '../../../test/modules/checkout/support';
import { cancelEvent } from '../../../test/modules/ledger/support';
import { askRefunds } from '../../../test/modules/refunds/support';
import { useTestApp } from '../../../test/use-test-app';
import { invoices, mailOutbox, orders, participations, refunds } from '../../db/schema';
import { issueRefundCreditNotes } from './credit-notes';
import type { InvoiceDocument } from './document';
import { PLATFORM_INVOICE_SERIES } from './numbering';
import { issueMissingDocuments } from './owed-documents';
import { sellersFrom } from './sellers';

const DAY = 86_400_000;
// A database of its own: the cancellation runs the job queue, which must hold only this file's jobs,
// and the platform's series is then this file's alone, to be read whole for gaps.
const t = useTestApp({ isolated: true });
const options = () => ({ sellers: sellersFrom(t.config) });

async function paidEvent() {
  const organizer = await createUser(t, { isVerified: true });
  const { event, tickets } = await createEvent(
    t,
    organizer.id,
    { isUserPaysFees: true, dateMaxRefund: new Date(Date.now() + 5 * DAY) },
    [{ title: 'Fosse', priceCents: 2500, vatRate: '5.5' }],
  );
  return { organizer, organizerCookie: await loginAs(t, organizer.email), event, ticket: tickets[0] as { id: string } };
}

async function buyer() {
  const user = await createUser(t, { firstName: 'Zoé', lastName: 'Lefèvre' });
  return { user, cookie: await loginAs(t, user.email) };
}

/** The buyer asks for each of their insured places back (each its own ticket) and the organiser accepts. */
async function refundRequested(eventId: string, cookie: string, organizerCookie: string) {
  for (const place of await askRefunds(t, cookie)) {
    const accepted = await t.app.inject({
      method: 'POST',
      url: `/api/console/events/${eventId}/refunds/${place.id}/accept`,
      headers: { cookie: organizerCookie },
    });
    expect(accepted.json()).toEqual({ status: 'refunded' });
  }
}

type Row = Omit<typeof invoices.$inferSelect, 'document'> & { document: InvoiceDocument };
const documentsOf = async (orderId: string) =>
  (await t.database.db.select().from(invoices).where(eq(invoices.orderId, orderId))) as unknown as Row[];
const one = (rows: Row[], kind: Row['kind'], issuer: Row['issuer']) => {
  const found = rows.filter((row) => row.kind === kind && row.issuer === issuer);
  expect(found).toHaveLength(1);
  return found[0] as Row;
};
const mailsTo = (to: string) => t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
const sum = (rows: Row[], pick: (row: Row) => number) => rows.reduce((total, row) => total + pick(row), 0);

async function pdfText(url: string, cookie: string) {
  const response = await t.app.inject({ method: 'GET', url, headers: { cookie } });
  expect(response.headers['content-type']).toBe('application/pdf');
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(response.rawPayload)), { mergePages: true });
  return text;
}

/** Every number of a series, from 1, without a gap or a repeat. */
async function expectGapless(series: string) {
  const rows = await t.database.db.select({ seq: invoices.seq }).from(invoices).where(eq(invoices.series, series));
  const seqs = rows.map((row) => row.seq).sort((a, b) => a - b);
  expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => i + 1));
}

describe('the credit note of a refund', () => {
  it('gives back the places of an accepted request at the invoice’s price and rate, citing it, next in its series', async () => {
    const { event, ticket, organizerCookie } = await paidEvent();
    const { cookie, user } = await buyer();
    // One place of three insured: its request refunds that place, at the invoice's price.
    const orderId = await buyAndPay(t, cookie, event.id, { ticketId: ticket.id, quantity: 3, refundPlaces: 1 });
    await t.app.jobs.runDue();
    await refundRequested(event.id, cookie, organizerCookie);
    await t.app.jobs.runDue();

    const rows = await documentsOf(orderId);
    const invoice = one(rows, 'invoice', 'organizer');
    const credit = one(rows, 'credit-note', 'organizer');
    // The fee and the refund option are the guarantee's price: kept, so no platform credit note.
    expect(rows.filter((row) => row.kind === 'credit-note')).toHaveLength(1);
    const vat = splitVat(2500, '5.5');
    expect(credit).toMatchObject({
      series: invoice.series,
      seq: invoice.seq + 1,
      correctsId: invoice.id,
      totalCents: -2500,
      vatCents: -vat.vatCents,
    });
    expect(credit.number).toMatch(/^F-000002$/);
    expect(credit.document).toMatchObject({
      kind: 'credit-note',
      corrects: invoice.number,
      seller: invoice.document.seller,
      lines: [{ label: 'Fosse', quantity: 1, unitInclVatCents: 2500, vatRate: '5.5', inclVatCents: -2500 }],
      vatByRate: [{ vatRate: '5.5', exclVatCents: -vat.exclVatCents, vatCents: -vat.vatCents }],
      exclVatCents: -vat.exclVatCents,
      inclVatCents: -2500,
    });
    const [refund] = await t.database.db.select().from(refunds).where(eq(refunds.orderId, orderId));
    expect(-credit.totalCents).toBe(refund?.amountCents);

    // The refund's mail carries it, and says so.
    const subject = refundsFr.mail.accepted.subject(t.config.brandName, event.title);
    const mail = (await mailsTo(user.email)).find((sent) => sent.subject === subject);
    expect(mail?.sentAt).not.toBeNull();
    expect(mail?.attachments).toEqual([{ kind: 'invoice', invoiceId: credit.id }]);
    expect(mail?.text).toContain(invoicesFr.creditNotes.attached(1));

    // The buyer finds it among the order's documents, as a PDF that says what it corrects.
    const listed = (
      await t.app.inject({ method: 'GET', url: `/api/orders/${orderId}/invoices`, headers: { cookie } })
    ).json();
    const note = listed.find((document: { kind: string }) => document.kind === 'credit-note');
    expect(note).toMatchObject({ number: credit.number, issuer: 'organizer', totalCents: -2500 });
    const text = await pdfText(note.url, cookie);
    expect(text).toContain(invoicesFr.pdf.creditNote);
    expect(text).toContain(invoicesFr.pdf.corrects(invoice.number));
    expect(text).toMatch(/-25,00\s€/);
  });

  it('is issued once however often it is asked, at once or again by the periodic issuing', async () => {
    const { event, ticket, organizerCookie } = await paidEvent();
    const { cookie } = await buyer();
    const orderId = await buyAndPay(t, cookie, event.id, { ticketId: ticket.id, quantity: 2, refundPlaces: 1 });
    // Refunded before its invoice was issued: the invoice comes first, then the credit note.
    await refundRequested(event.id, cookie, organizerCookie);
    const [refund] = await t.database.db.select().from(refunds).where(eq(refunds.orderId, orderId));
    await Promise.all([1, 2, 3].map(() => issueRefundCreditNotes(t.database.db, refund?.id ?? '', options())));
    await t.app.jobs.runDue();
    await issueMissingDocuments(t.database.db, options());

    const rows = await documentsOf(orderId);
    const invoice = one(rows, 'invoice', 'organizer');
    const credit = one(rows, 'credit-note', 'organizer');
    expect(rows).toHaveLength(3);
    expect(credit).toMatchObject({ seq: invoice.seq + 1, totalCents: -2500, correctsId: invoice.id });
  });

  it('leaves a place refunded whole before it was numbered without a number, and the series without a gap', async () => {
    const { event, ticket, organizerCookie } = await paidEvent();
    const first = await buyer();
    const firstOrder = await buyAndPay(t, first.cookie, event.id, {
      ticketId: ticket.id,
      quantity: 1,
      refundPlaces: 1,
    });
    await refundRequested(event.id, first.cookie, organizerCookie);
    const second = await buyer();
    await buyAndPay(t, second.cookie, event.id, { ticketId: ticket.id, quantity: 2 });
    await t.app.jobs.runDue();
    await issueMissingDocuments(t.database.db, options());

    const numbered = await t.database.db
      .select({ first: participations.firstTicketNumber, quantity: participations.quantity })
      .from(participations)
      .where(eq(participations.eventId, event.id));
    expect(numbered.sort((a, b) => (a.first ?? 0) - (b.first ?? 0))).toEqual([
      { first: null, quantity: 0 },
      { first: 1, quantity: 1 },
      { first: 2, quantity: 1 },
    ]);
    const rows = await documentsOf(firstOrder);
    expect(one(rows, 'credit-note', 'organizer').totalCents).toBe(-one(rows, 'invoice', 'organizer').totalCents);
  });
});

describe('the credit notes of a cancelled event', () => {
  it('give back what every order paid, fees and option included, less what requests gave back already', async () => {
    const { event, ticket, organizer, organizerCookie } = await paidEvent();
    const partly = await buyer();
    const partlyOrder = await buyAndPay(t, partly.cookie, event.id, {
      ticketId: ticket.id,
      quantity: 3,
      refundPlaces: 1,
    });
    const whole: string[] = [];
    const wholeBuyers: string[] = [];
    for (let i = 0; i < 2; i++) {
      const { cookie, user } = await buyer();
      wholeBuyers.push(user.email);
      whole.push(await buyAndPay(t, cookie, event.id, { ticketId: ticket.id, quantity: i + 1 }));
    }
    await t.app.jobs.runDue();
    await refundRequested(event.id, partly.cookie, organizerCookie);
    // A buyer still at the bank's page when the event is cancelled: their payment goes back at once.
    const { cookie: lateCookie } = await buyer();
    const held = await postOrder(t, lateCookie, {
      eventId: event.id,
      lines: [{ ticketId: ticket.id, quantity: 1 }],
      acceptTerms: true,
    });
    expect((await cancelEvent(t, event.id, organizerCookie)).statusCode).toBe(202);
    await t.app.jobs.runDue();
    // The refund mails the cancellation queued.
    await t.app.jobs.runDue();
    // The cancellation's job issues them once its refunds are made, the periodic issuing aside.
    for (const [index, orderId] of whole.entries()) {
      const credits = (await documentsOf(orderId)).filter((row) => row.kind === 'credit-note');
      expect(credits).toHaveLength(2);
      // The cancellation's mail carries both.
      const subject = refundsFr.mail.cancelled.subject(t.config.brandName, event.title);
      const mail = (await mailsTo(wholeBuyers[index] ?? '')).find((sent) => sent.subject === subject);
      expect(mail?.sentAt).not.toBeNull();
      expect(mail?.attachments?.map((ref) => ('invoiceId' in ref ? ref.invoiceId : '')).sort()).toEqual(
        credits.map((row) => row.id).sort(),
      );
      expect(mail?.text).toContain(invoicesFr.creditNotes.attached(2));
    }
    await payAtSandboxBank(t, held.json().id, { cookie: lateCookie });
    await issueMissingDocuments(t.database.db, options());

    const allOrders = [partlyOrder, ...whole, held.json().id as string];
    const paid = await t.database.db.select().from(orders).where(inArray(orders.id, allOrders));
    for (const order of paid) {
      expect(order.status).toBe('refunded');
      const rows = await documentsOf(order.id);
      const issued = rows.filter((row) => row.kind === 'invoice');
      const credits = rows.filter((row) => row.kind === 'credit-note');
      // Each invoice has its credit notes, in its series, citing it; together they give back all.
      expect(sum(issued, (row) => row.totalCents)).toBe(order.totalCents);
      expect(sum(credits, (row) => row.totalCents)).toBe(-order.totalCents);
      for (const credit of credits) {
        const corrected = issued.find((row) => row.id === credit.correctsId);
        expect(corrected?.series).toBe(credit.series);
        expect(credit.document.corrects).toBe(corrected?.number);
      }
      const platform = one(rows, 'invoice', 'platform');
      const platformCredit = one(rows, 'credit-note', 'platform');
      expect(platformCredit).toMatchObject({ totalCents: -platform.totalCents, vatCents: -platform.vatCents });
    }

    // The partly refunded order: the request's credit note for its insured place, the
    // cancellation's for the 2 others; both at the invoice's rate.
    const partlyCredits = (await documentsOf(partlyOrder))
      .filter((row) => row.kind === 'credit-note' && row.issuer === 'organizer')
      .map((row) => row.document.lines)
      .sort((a, b) => (a[0]?.quantity ?? 0) - (b[0]?.quantity ?? 0));
    expect(partlyCredits).toEqual([
      [expect.objectContaining({ quantity: 1, inclVatCents: -2500, vatRate: '5.5' })],
      [expect.objectContaining({ quantity: 2, inclVatCents: -5000, vatRate: '5.5' })],
    ]);

    // Invoices and credit notes share each series, without a gap.
    await expectGapless(`invoices:organizer:${organizer.id}`);
    await expectGapless(PLATFORM_INVOICE_SERIES);
    const organizerSeries = await t.database.db
      .select({ kind: invoices.kind })
      .from(invoices)
      .where(and(eq(invoices.organizerId, organizer.id), eq(invoices.kind, 'credit-note')));
    // 1 request + 3 cancelled orders + the late payment given back.
    expect(organizerSeries).toHaveLength(5);
  }, 60_000);
});
