import { formatEuros, invoicesFr } from '@guichet/shared';
import { eq, sql } from 'drizzle-orm';
import { extractText } from 'unpdf';
import { describe, expect, it } from 'vitest';
import {
  adminCookie,
  createEvent,
  createUser,
  giveBillingIdentity,
  loginAs,
  raceMode,
  uniqueEmail,
} from '../../../test/helpers';
import { endedDates, paidOrder } from '../../../test/modules/payouts/support';
import { useListeningTestApp } from '../../../test/use-test-app';
import { queryRows } from '../../db/client';
import { invoices, ledgerEntries } from '../../db/schema';
import { PLATFORM_INVOICE_SERIES } from '../invoices/numbering';
import { findLedgerDifferences } from '../ledger/invariants';

// A database of its own: the platform's series is numbered by these tests alone, so a gap shows.
const t = useListeningTestApp({ isolated: true });

const IBAN = 'FR7630006000011234567890189';

/** A verified organiser with their billing identity and bank details, and an ended event selling at 20,00 €. */
async function organiserWithEndedEvent() {
  const organiser = await createUser(t, { isVerified: true, email: uniqueEmail('commission') });
  await giveBillingIdentity(t, organiser.id);
  const cookie = await loginAs(t, organiser.email);
  const saved = await t.app.inject({
    method: 'PUT',
    url: '/api/me/bank-account',
    headers: { cookie },
    payload: { holderName: 'Compagnie Test', iban: IBAN },
  });
  expect(saved.statusCode).toBe(200);
  const { event, tickets } = await createEvent(t, organiser.id, { ...endedDates(), title: 'Nuit « Été »' }, [
    { priceCents: 2000 },
  ]);
  const buyer = await createUser(t);
  const sell = (quantity: number) =>
    paidOrder(t, {
      eventId: event.id,
      ticketId: tickets[0]?.id ?? '',
      userId: buyer.id,
      unitPriceCents: 2000,
      quantity,
    });
  return { organiser, cookie, event, sell };
}

const ask = (eventId: string, cookie: string) =>
  t.app.inject({ method: 'POST', url: `/api/console/events/${eventId}/payouts`, headers: { cookie } });
const download = (url: string, cookie?: string) => t.app.inject({ url, headers: cookie ? { cookie } : {} });

/**
 * What the ledger check finds wrong with the streams, the payouts and the commission's VAT (these
 * sales are written as a payment leaves them, without the provider's captures the online check reads).
 */
const ledgerDifferences = async () =>
  (await findLedgerDifferences(t.database.db)).filter((difference) => difference.check !== 'online');

async function textOf(pdf: Buffer): Promise<string> {
  const { text } = await extractText(new Uint8Array(pdf), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

describe('the commission invoice of a payout', () => {
  it('deducts the commission TTC and issues its invoice, to the organiser, in the platform’s series', async () => {
    const { organiser, cookie, event, sell } = await organiserWithEndedEvent();
    // 2 × 20,00 €: 2 × (36 + 30) = 1,32 € HT, 0,26 € of VAT (26,4 → 26), 1,58 € TTC.
    await sell(2);
    const asked = await ask(event.id, cookie);
    expect(asked.statusCode).toBe(201);
    const payout = asked.json();
    expect(payout).toEqual({
      id: expect.any(String),
      amountCents: 4000 - 158,
      status: 'requested',
      commissionInclVatCents: 158,
      commissionInvoiceUrl: `/api/payouts/${payout.id}/commission-invoice.pdf`,
    });

    const [invoice] = await t.database.db.select().from(invoices).where(eq(invoices.payoutId, payout.id));
    expect(invoice).toMatchObject({
      series: PLATFORM_INVOICE_SERIES,
      kind: 'invoice',
      issuer: 'platform',
      orderId: null,
      organizerId: organiser.id,
      sourceKey: `payout:${payout.id}:commission`,
      totalCents: 158,
      vatCents: 26,
    });
    expect(invoice?.document).toMatchObject({
      buyer: { name: 'Compagnie Test SAS', siret: '54205118000066', vatNumber: 'FR59542051180' },
      seller: { name: t.config.platform.legalName },
      issuedOnBehalfBy: null,
      payoutReference: payout.id.replaceAll('-', ''),
      lines: [{ quantity: 1, vatRate: '20', exclVatCents: 132, vatCents: 26, inclVatCents: 158 }],
      vatByRate: [{ vatRate: '20', exclVatCents: 132, vatCents: 26 }],
      exclVatCents: 132,
      vatCents: 26,
      inclVatCents: 158,
    });

    // The ledger: the commission HT at the sale, its VAT with the payout, to the platform.
    const vat = await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.kind, 'commission_vat'));
    expect(
      vat.filter((entry) => entry.eventId === event.id).map((entry) => [entry.account, entry.amountCents]),
    ).toEqual([
      ['organizer', -26],
      ['platform', 26],
    ]);
    const panel = await t.app.inject({ url: `/api/console/events/${event.id}/payouts`, headers: { cookie } });
    expect(panel.json().balance).toMatchObject({
      commissionCents: 132,
      commissionVatCents: 26,
      commissionVatDueCents: 0,
      payoutsCents: 4000 - 158,
      availableCents: 0,
    });
    expect(panel.json().payouts).toMatchObject([
      { id: payout.id, commissionInclVatCents: 158, commissionInvoiceUrl: payout.commissionInvoiceUrl },
    ]);
    expect(await ledgerDifferences()).toEqual([]);

    // A later sale: the next payout invoices its commission only.
    await sell(1);
    const next = await ask(event.id, cookie);
    expect(next.json()).toMatchObject({ amountCents: 2000 - 66 - 13, commissionInclVatCents: 79 });
    const [nextInvoice] = await t.database.db.select().from(invoices).where(eq(invoices.payoutId, next.json().id));
    expect(nextInvoice).toMatchObject({ totalCents: 79, vatCents: 13 });
    expect(await ledgerDifferences()).toEqual([]);
  });

  it('prints its figures, the parties and the payout it belongs to', async () => {
    const { cookie, event, sell } = await organiserWithEndedEvent();
    await sell(2);
    const payout = (await ask(event.id, cookie)).json();
    const pdf = await download(payout.commissionInvoiceUrl, cookie);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['cache-control']).toBe('private, no-store');
    const [invoice] = await t.database.db.select().from(invoices).where(eq(invoices.payoutId, payout.id));
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="${invoice?.number}.pdf"`);
    const text = await textOf(pdf.rawPayload);
    const plain = (value: string) => value.replace(/\s+/g, ' ');
    for (const expected of [
      invoice?.number ?? 'none',
      t.config.platform.legalName,
      'Compagnie Test SAS',
      'SIRET : 54205118000066',
      'N° TVA intracommunautaire : FR59542051180',
      invoicesFr.commission.invoiceLine('Nuit « Été »'),
      `${invoicesFr.commission.payoutReference} : ${payout.id.replaceAll('-', '')}`,
      `${invoicesFr.pdf.totalExclVat} ${plain(formatEuros(132))}`,
      `${invoicesFr.pdf.totalVat} ${plain(formatEuros(26))}`,
      `${invoicesFr.pdf.totalInclVat} ${plain(formatEuros(158))}`,
      '20 %',
    ]) {
      expect(text).toContain(plain(expected));
    }
    expect(text).not.toContain(invoicesFr.pdf.orderReference);
  });

  it('is read by the payout’s organiser and the administrators only', async () => {
    const { cookie, event, sell } = await organiserWithEndedEvent();
    await sell(1);
    const url = (await ask(event.id, cookie)).json().commissionInvoiceUrl as string;
    expect((await download(url)).statusCode).toBe(401);
    const other = await createUser(t, { isVerified: true });
    const refused = await download(url, await loginAs(t, other.email));
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe(invoicesFr.commission.notFound);
    expect((await download(url, await adminCookie(t))).statusCode).toBe(200);
    expect((await download(url, cookie)).statusCode).toBe(200);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      expect((await download(`/api/payouts/${id}/commission-invoice.pdf`, cookie)).statusCode).toBe(404);
    }
  });

  it('is not issued for a payout without commission (the buyer paid the service fee)', async () => {
    const organiser = await createUser(t, { isVerified: true });
    const cookie = await loginAs(t, organiser.email);
    await t.app.inject({
      method: 'PUT',
      url: '/api/me/bank-account',
      headers: { cookie },
      payload: { holderName: 'Jeanne Test', iban: IBAN },
    });
    const { event, tickets } = await createEvent(t, organiser.id, endedDates(), [{ priceCents: 2000 }]);
    const buyer = await createUser(t);
    await paidOrder(t, {
      eventId: event.id,
      ticketId: tickets[0]?.id ?? '',
      userId: buyer.id,
      unitPriceCents: 2000,
      feeCents: 66,
    });
    const asked = await ask(event.id, cookie);
    expect(asked.json()).toMatchObject({ amountCents: 2000, commissionInclVatCents: 0, commissionInvoiceUrl: null });
    expect(await t.database.db.select().from(invoices).where(eq(invoices.payoutId, asked.json().id))).toEqual([]);
  });

  it(`numbers the invoices without a gap when payouts are asked at once${raceMode}`, async () => {
    const owners = await Promise.all(Array.from({ length: 4 }, () => organiserWithEndedEvent()));
    for (const owner of owners) await owner.sell(1);
    const statuses = await Promise.all(
      owners.map(({ event, cookie }) =>
        fetch(`${t.base}/api/console/events/${event.id}/payouts`, { method: 'POST', headers: { cookie } }).then(
          (response) => response.status,
        ),
      ),
    );
    expect(statuses).toEqual([201, 201, 201, 201]);
    const numbered = await queryRows<{ seq: number; last: number }>(
      t.database.db,
      sql`select i.seq, s.last_number as last from invoices i join number_series s on s.key = i.series
           where i.series = ${PLATFORM_INVOICE_SERIES} order by i.seq`,
    );
    const seqs = numbered.map((row) => row.seq);
    expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, index) => index + 1));
    expect(numbered.at(-1)?.last).toBe(seqs.length);
    const ofTheseFour = await t.database.db
      .select({ payoutId: invoices.payoutId })
      .from(invoices)
      .where(sql`${invoices.payoutId} is not null and ${invoices.organizerId} in ${owners.map((o) => o.organiser.id)}`);
    expect(ofTheseFour).toHaveLength(4);
    expect(await ledgerDifferences()).toEqual([]);
  });
});
