import { billingFr, invoicesFr, type OrderInvoice } from '@guichet/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { embeddedFiles, xmlValues } from '../../../test/factur-x';
import { createEvent, createUser, loginAs } from '../../../test/helpers';
import { payAtSandboxBank, postOrder } from '../../../test/modules/checkout/support';
import { askRefund } from '../../../test/modules/refunds/support';
import { useTestApp } from '../../../test/use-test-app';
import { orders } from '../../db/schema';
import { sha256 } from '../../lib/tokens';

const t = useTestApp();

/** A company whose SIREN and VAT number pass their keys. */
const acme = {
  name: 'Comité social et économique Acme',
  address: '5 avenue Jean Jaurès\n69007 Lyon',
  siren: '552 100 554',
  vatNumber: 'FR 96 552100554',
};

async function paidEvent() {
  const organizer = await createUser(t, { isVerified: true });
  // Refundable until in 5 days: the buyer may insure places and ask for their refund.
  const dateMaxRefund = new Date(Date.now() + 5 * 86_400_000);
  const { event, tickets } = await createEvent(t, organizer.id, { isUserPaysFees: true, dateMaxRefund }, [
    { title: 'Fosse', priceCents: 2500, vatRate: '5.5' },
  ]);
  return { event, ticket: tickets[0] as { id: string } };
}

async function buyer() {
  const user = await createUser(t, { firstName: 'Zoé', lastName: 'Lefèvre' });
  return { user, cookie: await loginAs(t, user.email) };
}

/** An order of 2 places, with or without a company, paid and its documents issued: its id. */
async function paidOrder(cookie: string, companyInvoice?: object) {
  const { event, ticket } = await paidEvent();
  const created = await postOrder(t, cookie, {
    eventId: event.id,
    lines: [{ ticketId: ticket.id, quantity: 2, refundPlaces: 1 }],
    acceptTerms: true,
    ...(companyInvoice ? { companyInvoice } : {}),
  });
  expect(created.json()).toMatchObject({ status: 'awaiting_payment' });
  await payAtSandboxBank(t, created.json().id, { cookie });
  await t.app.jobs.runDue();
  return { orderId: created.json().id as string, eventId: event.id };
}

const list = async (orderId: string, cookie: string): Promise<OrderInvoice[]> =>
  (await t.app.inject({ method: 'GET', url: `/api/orders/${orderId}/invoices`, headers: { cookie } })).json();

const askCompany = (orderId: string, payload: object, headers: Record<string, string> = {}, query = '') =>
  t.app.inject({ method: 'PUT', url: `/api/orders/${orderId}/company-invoice${query}`, headers, payload });

async function facturX(url: string, cookie: string) {
  const response = await t.app.inject({ method: 'GET', url, headers: { cookie } });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('application/pdf');
  return (await embeddedFiles(new Uint8Array(response.rawPayload))).get('factur-x.xml') ?? '';
}

const buyerPart = (xml: string) =>
  xml.slice(xml.indexOf('<ram:BuyerTradeParty>'), xml.indexOf('</ram:BuyerTradeParty>'));
const seqOf = (number: string) => Number(number.split('-')[1]);

describe('invoices in a company’s name', () => {
  it('refuses an invalid SIREN or VAT number at checkout with one French message naming the field', async () => {
    const { cookie } = await buyer();
    const { event, ticket } = await paidEvent();
    const order = (companyInvoice: object) =>
      postOrder(t, cookie, {
        eventId: event.id,
        lines: [{ ticketId: ticket.id, quantity: 1 }],
        acceptTerms: true,
        companyInvoice,
      });
    const badSiren = await order({ ...acme, siren: '552100555' });
    expect(badSiren.statusCode).toBe(400);
    expect(badSiren.json()).toMatchObject({ message: billingFr.errors.sirenInvalid, field: 'companyInvoice.siren' });
    const badKey = await order({ ...acme, vatNumber: 'FR00552100554' });
    expect(badKey.json()).toMatchObject({ message: billingFr.errors.vatKeyInvalid, field: 'companyInvoice.vatNumber' });
    const otherSiren = await order({ ...acme, vatNumber: 'FR44732829320' });
    expect(otherSiren.json()).toMatchObject({ message: invoicesFr.company.errors.vatSirenMismatch });
    const noName = await order({ ...acme, name: ' ' });
    expect(noName.json()).toMatchObject({
      message: invoicesFr.company.errors.nameRequired,
      field: 'companyInvoice.name',
    });
    // A SIRET is read as its SIREN and kept; no VAT number is fine.
    const siret = await order({ ...acme, siren: '552 100 554 00005', vatNumber: '' });
    expect(siret.statusCode).toBe(201);
    const [stored] = await t.database.db.select().from(orders).where(eq(orders.id, siret.json().id));
    expect(stored?.companyInvoice).toEqual({
      name: acme.name,
      address: acme.address,
      siren: '552100554',
      siret: '55210055400005',
      vatNumber: null,
    });
  });

  // The file's first invoices pay for loading the PDF's fonts and the Factur-X profile: 8 s alone,
  // past 30 s when the whole suite's files run beside it on two cores.
  it('issues Factur-X invoices naming the company when it is given at checkout', async () => {
    const { cookie } = await buyer();
    const { orderId } = await paidOrder(cookie, acme);
    const listed = await list(orderId, cookie);
    expect(listed.map((invoice) => invoice.kind)).toEqual(['invoice', 'invoice']);
    for (const invoice of listed) {
      const xml = await facturX(invoice.url, cookie);
      expect(xml).toContain('urn:cen.eu:en16931:2017');
      expect(xmlValues(xml, 'ram:TypeCode')).toContain('380');
      expect(xmlValues(xml, 'ram:ID')).toContain(invoice.number);
      const party = buyerPart(xml);
      expect(xmlValues(party, 'ram:Name')).toEqual([acme.name]);
      expect(party).toContain('552100554');
      expect(party).toContain('FR96552100554');
      expect(xmlValues(xml, 'ram:GrandTotalAmount')).toEqual([(invoice.totalCents / 100).toFixed(2)]);
      expect(xmlValues(xml, 'ram:TaxTotalAmount')).toEqual([(invoice.vatCents / 100).toFixed(2)]);
    }
    const tickets = listed.find((invoice) => invoice.issuer === 'organizer');
    // 2 × 25 € at 5,5 %.
    expect(tickets).toMatchObject({ totalCents: 5000, vatCents: 261 });
    expect(xmlValues(await facturX(tickets?.url ?? '', cookie), 'ram:RateApplicablePercent')).toContain('5.5');
  }, 90_000);

  it('leaves a person’s invoices plain PDFs', async () => {
    const { cookie } = await buyer();
    const { orderId } = await paidOrder(cookie);
    const [invoice] = await list(orderId, cookie);
    const response = await t.app.inject({ method: 'GET', url: invoice?.url ?? '', headers: { cookie } });
    expect((await embeddedFiles(new Uint8Array(response.rawPayload))).size).toBe(0);
  });

  it('later, cancels each invoice by a credit note and issues it again in the company’s name, once', async () => {
    const { cookie } = await buyer();
    const { orderId } = await paidOrder(cookie);
    const before = await list(orderId, cookie);
    expect(before).toHaveLength(2);

    const asked = await askCompany(orderId, acme, { cookie });
    expect(asked.statusCode).toBe(200);
    const after: OrderInvoice[] = asked.json();
    expect(after).toHaveLength(6);
    for (const first of before) {
      const series = after.filter((doc) => doc.issuer === first.issuer);
      const credit = series.find((doc) => doc.kind === 'credit-note');
      const replacement = series.find((doc) => doc.kind === 'invoice' && doc.id !== first.id);
      // Same series, consecutive numbers, the same amounts given back and invoiced again.
      expect(seqOf(credit?.number ?? '')).toBe(seqOf(first.number) + 1);
      expect(seqOf(replacement?.number ?? '')).toBe(seqOf(first.number) + 2);
      expect(credit).toMatchObject({ totalCents: -first.totalCents, vatCents: -first.vatCents });
      expect(replacement).toMatchObject({ totalCents: first.totalCents, vatCents: first.vatCents });
      const xml = await facturX(replacement?.url ?? '', cookie);
      expect(xmlValues(buyerPart(xml), 'ram:Name')).toEqual([acme.name]);
      expect(xmlValues(xml, 'ram:GrandTotalAmount')).toEqual([(first.totalCents / 100).toFixed(2)]);
    }

    // The same company again changes nothing.
    const again = await askCompany(orderId, { ...acme, siren: '552100554' }, { cookie });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toHaveLength(6);
  });

  it('records the company of an order paid whose invoices are not issued yet, and they name it', async () => {
    const { cookie } = await buyer();
    const { event, ticket } = await paidEvent();
    const created = await postOrder(t, cookie, {
      eventId: event.id,
      lines: [{ ticketId: ticket.id, quantity: 1 }],
      acceptTerms: true,
    });
    const orderId = created.json().id as string;
    expect((await askCompany(orderId, acme, { cookie })).json()).toMatchObject({
      message: invoicesFr.company.errors.notPaid,
    });
    await payAtSandboxBank(t, orderId, { cookie });
    const asked = await askCompany(orderId, acme, { cookie });
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual([]);
    await t.app.jobs.runDue();
    const listed = await list(orderId, cookie);
    expect(listed.map((doc) => doc.kind)).toEqual(['invoice', 'invoice']);
    expect(buyerPart(await facturX(listed[0]?.url ?? '', cookie))).toContain(acme.name);
  });

  it('is refused in French for a refunded order, and answers 404 to anyone but its buyer or guest', async () => {
    const { cookie, user } = await buyer();
    const { orderId } = await paidOrder(cookie);
    const stranger = await loginAs(t, (await createUser(t)).email);
    expect((await askCompany(orderId, acme, { cookie: stranger })).statusCode).toBe(404);
    expect((await askCompany(orderId, acme)).statusCode).toBe(404);
    const invalid = await askCompany(orderId, { ...acme, siren: '123' }, { cookie });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({ message: invoicesFr.company.errors.sirenFormat, field: 'siren' });

    // A guest holding the order's token may ask.
    await t.database.db
      .update(orders)
      .set({ accessTokenHash: sha256('guest-token') })
      .where(eq(orders.id, orderId));
    expect((await askCompany(orderId, acme, {}, '?token=wrong')).statusCode).toBe(404);
    const guest = await askCompany(orderId, acme, {}, '?token=guest-token');
    expect(guest.statusCode).toBe(200);
    expect(guest.json()[0].url).toContain('?token=guest-token');

    await askRefund(t, cookie);
    const refused = await askCompany(orderId, { ...acme, name: 'Autre entreprise' }, { cookie });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: invoicesFr.company.errors.refunded });
    expect(user.id).toBeTruthy();
  });
});
