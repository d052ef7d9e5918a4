import { formatEuros, invoicesFr, type VatRate } from '@guichet/shared';
import { eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { adminCookie, createEvent, createUser, loginAs } from '../../../test/helpers';
import { buyAndPay } from '../../../test/modules/checkout/support';
import { useTestApp } from '../../../test/use-test-app';
import { events, invoices, mailOutbox, participations } from '../../db/schema';
import { issueOrderDocuments } from './issue';
import { issueMissingDocuments } from './owed-documents';
import { sellersFrom } from './sellers';

const t = useTestApp();

type Listed = {
  id: string;
  number: string;
  kind: string;
  issuer: string;
  totalCents: number;
  vatCents: number;
  url: string;
};

async function paidEvent(vatRate: VatRate = '5.5', fees = true) {
  const organizer = await createUser(t, { isVerified: true, firstName: 'Łukasz', lastName: 'Ştefan' });
  const { event, tickets } = await createEvent(t, organizer.id, { isUserPaysFees: fees }, [
    { title: 'Fosse', priceCents: 2500, vatRate },
  ]);
  return { organizer, event, ticket: tickets[0] as { id: string } };
}

async function buyer() {
  const user = await createUser(t, { firstName: 'Zoé', lastName: 'Lefèvre' });
  return { user, cookie: await loginAs(t, user.email) };
}

const list = (orderId: string, cookie?: string, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/orders/${orderId}/invoices${query}`, headers: cookie ? { cookie } : {} });

async function pdfText(url: string, cookie?: string) {
  const response = await t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('application/pdf');
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(response.rawPayload)), { mergePages: true });
  return text;
}

describe('the invoices of a paid order', () => {
  it('are issued after the payment: the organiser’s for the tickets, the platform’s for its fee, each with its PDF', async () => {
    const { event, ticket, organizer } = await paidEvent();
    const { cookie, user } = await buyer();
    const buyerEmail = user.email;
    const orderId = await buyAndPay(t, cookie, event.id, { ticketId: ticket.id, quantity: 2 });
    expect((await list(orderId, cookie)).json()).toEqual([]);

    await t.app.jobs.runDue();
    const listed: Listed[] = (await list(orderId, cookie)).json();
    const organiserInvoice = listed.find((invoice) => invoice.issuer === 'organizer');
    const platformInvoice = listed.find((invoice) => invoice.issuer === 'platform');
    // 2 × 25 € at 5,5 %: 47,39 € HT and 2,61 € of VAT.
    expect(organiserInvoice).toMatchObject({ kind: 'invoice', totalCents: 5000, vatCents: 261 });
    expect(organiserInvoice?.number).toMatch(/^F-\d{6}$/);
    expect(platformInvoice).toMatchObject({ kind: 'invoice' });
    expect(platformInvoice?.number).toMatch(/^GP-\d{6}$/);
    expect(platformInvoice?.totalCents).toBeGreaterThan(0);
    expect(platformInvoice?.vatCents).toBeGreaterThan(0);

    // The confirmation mail says what was paid, as invoiced, and carries both invoices.
    const [mail] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, buyerEmail));
    const paid = (organiserInvoice?.totalCents ?? 0) + (platformInvoice?.totalCents ?? 0);
    expect(mail?.text).toContain(invoicesFr.mail.line(2, 'Fosse', formatEuros(5000)));
    expect(mail?.text).toContain(invoicesFr.mail.total(formatEuros(paid)));
    expect(mail?.attachments?.filter((ref) => ref.kind === 'invoice')).toHaveLength(2);
    expect(mail?.sentAt).not.toBeNull();

    const text = await pdfText(organiserInvoice?.url ?? '', cookie);
    expect(text).toContain(organiserInvoice?.number);
    expect(text).toContain('Łukasz Ştefan');
    expect(text).toContain('Zoé Lefèvre');
    expect(text).toMatch(/50,00\s€/);

    // The organiser and an administrator read them too; nobody else.
    const owner = await loginAs(t, organizer.email);
    expect((await list(orderId, owner)).json()).toHaveLength(2);
    expect((await list(orderId, await adminCookie(t))).json()).toHaveLength(2);
    const stranger = await loginAs(t, (await createUser(t)).email);
    expect((await list(orderId, stranger)).statusCode).toBe(404);
    expect((await list(orderId)).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: organiserInvoice?.url ?? '', headers: { cookie: stranger } }))
        .statusCode,
    ).toBe(404);
  }, 120_000);

  it('gives the places numbers in one series per event, an order of 3 places 3 tickets of one number each', async () => {
    const { event, ticket, organizer } = await paidEvent('20', false);
    const first = await buyer();
    const second = await buyer();
    await buyAndPay(t, first.cookie, event.id, { ticketId: ticket.id, quantity: 3 });
    await buyAndPay(t, second.cookie, event.id, { ticketId: ticket.id, quantity: 2 });
    await t.app.jobs.runDue();
    const rows = await t.database.db
      .select({ first: participations.firstTicketNumber, quantity: participations.quantity })
      .from(participations)
      .where(eq(participations.eventId, event.id));
    expect(rows.every((row) => row.quantity === 1)).toBe(true);
    expect(rows.map((row) => row.first ?? Number.NaN).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5]);

    // The holder reads theirs on /myTickets, the organiser in the participants list.
    const mine = (
      await t.app.inject({ method: 'GET', url: '/api/me/participations', headers: { cookie: first.cookie } })
    ).json();
    const places = mine.filter((p: { eventId: string }) => p.eventId === event.id);
    expect(places.map((p: { ticketNumbers: number[] }) => p.ticketNumbers)).toEqual([[1], [2], [3]]);
    const owner = await loginAs(t, organizer.email);
    const listed = (
      await t.app.inject({
        method: 'GET',
        url: `/api/console/events/${event.id}/participants`,
        headers: { cookie: owner },
      })
    ).json();
    expect(listed.items.flatMap((row: { ticketNumbers: number[] }) => row.ticketNumbers).sort()).toEqual([
      1, 2, 3, 4, 5,
    ]);
  }, 120_000);

  it('keeps what was issued when the ticket’s rate changes afterwards, and is issued once however often it is asked', async () => {
    const { event, ticket } = await paidEvent('5.5', false);
    const { cookie } = await buyer();
    const orderId = await buyAndPay(t, cookie, event.id, { ticketId: ticket.id, quantity: 1 });
    const options = { sellers: sellersFrom(t.config) };
    await Promise.all([1, 2, 3].map(() => issueOrderDocuments(t.database.db, orderId, options)));
    await t.app.jobs.runDue();
    await t.database.db.update(events).set({ title: 'Renommé' }).where(eq(events.id, event.id));
    const listed: Listed[] = (await list(orderId, cookie)).json();
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ totalCents: 2500, vatCents: 130 });
    expect(await pdfText(listed[0]?.url ?? '', cookie)).not.toContain('Renommé');
  }, 120_000);

  it('numbers 40 orders paid at once on one organiser’s series without a gap or a repeat', async () => {
    const { event, ticket, organizer } = await paidEvent('5.5', false);
    const orders: string[] = [];
    for (let i = 0; i < 40; i++) {
      const { cookie } = await buyer();
      orders.push(await buyAndPay(t, cookie, event.id, { ticketId: ticket.id, quantity: 1 }));
    }
    const options = { sellers: sellersFrom(t.config) };
    await Promise.all(orders.map((orderId) => issueOrderDocuments(t.database.db, orderId, options)));
    const issued = await t.database.db
      .select({ seq: invoices.seq })
      .from(invoices)
      .where(eq(invoices.organizerId, organizer.id));
    expect(issued.map((row) => row.seq).sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
  }, 120_000);

  it('are issued by the periodic pass when no mail carried them, once', async () => {
    const { event, ticket } = await paidEvent('10', false);
    const { cookie } = await buyer();
    const orderId = await buyAndPay(t, cookie, event.id, { ticketId: ticket.id, quantity: 1 });
    const options = { sellers: sellersFrom(t.config) };
    expect(await issueMissingDocuments(t.database.db, options)).toBeGreaterThan(0);
    expect((await list(orderId, cookie)).json()).toMatchObject([
      { issuer: 'organizer', totalCents: 2500, vatCents: 227 },
    ]);
    expect(await issueMissingDocuments(t.database.db, options)).toBe(0);
  }, 120_000);
});
