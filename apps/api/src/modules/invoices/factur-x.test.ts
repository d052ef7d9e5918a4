import { describe, expect, it } from 'vitest';
import { embeddedFiles, xmlValues } from '../../../test/factur-x';
import { documentOf, line } from '../../../test/invoice-documents';
import type { InvoiceDocument, InvoiceLine } from './document';
import { EN16931_URN } from './factur-x';
import { renderInvoiceFile } from './invoice-file';

function companyInvoice(lines: InvoiceLine[], changes: Partial<InvoiceDocument> = {}): InvoiceDocument {
  return documentOf(lines, {
    number: 'F-000042',
    kind: 'invoice',
    issuer: 'organizer',
    issuedAt: '2026-11-26T10:00:00.000Z',
    seller: {
      name: 'Théâtre du Pont',
      addressLines: ['12 rue des Lois', '31000 Toulouse'],
      siret: '73282932000074',
      siren: '732829320',
      vatNumber: 'FR44732829320',
    },
    buyer: {
      name: 'Comité d’entreprise Acme',
      addressLines: ['5 avenue Jean Jaurès', 'Bâtiment B', '69007 Lyon'],
      siren: '552100554',
      siret: null,
      vatNumber: 'FR96552100554',
    },
    issuedOnBehalfBy: 'Guichet SAS',
    vatFranchise: false,
    facturX: true,
    corrects: null,
    orderReference: 'GUI-7QX2K9',
    eventTitle: 'Concert « Été »',
    eventDate: '2026-12-12T19:00:00.000Z',
    ...changes,
  });
}

const xmlOf = async (document: InvoiceDocument) => {
  const file = await renderInvoiceFile({ number: document.number, document }, { brandName: 'Guichet' });
  return { file, xml: (await embeddedFiles(file.content)).get('factur-x.xml') ?? '' };
};

describe('Factur-X invoices (EN 16931)', () => {
  it('carries the CII naming the company as buyer, with the rates and totals of the PDF', async () => {
    const document = companyInvoice([line('Plein tarif', 3, 2500, '5.5'), line('Parking', 1, 1200, '20')]);
    const { file, xml } = await xmlOf(document);
    expect(file.content.subarray(0, 5).toString()).toBe('%PDF-');
    expect(xml).toContain(EN16931_URN);
    expect(xmlValues(xml, 'ram:TypeCode')).toContain('380');
    expect(xmlValues(xml, 'ram:IssuerAssignedID')).toContain('GUI-7QX2K9');
    expect(xmlValues(xml, 'ram:Name')).toEqual(
      expect.arrayContaining(['Théâtre du Pont', 'Comité d’entreprise Acme', 'Plein tarif', 'Parking']),
    );
    const buyer = xml.slice(xml.indexOf('<ram:BuyerTradeParty>'), xml.indexOf('</ram:BuyerTradeParty>'));
    expect(buyer).toContain('552100554');
    expect(buyer).toContain('FR96552100554');
    expect(xmlValues(buyer, 'ram:PostcodeCode')).toEqual(['69007']);
    expect(xmlValues(xml, 'ram:RateApplicablePercent')).toEqual(expect.arrayContaining(['5.5', '20']));
    expect(xmlValues(xml, 'ram:GrandTotalAmount')).toEqual([(document.inclVatCents / 100).toFixed(2)]);
    expect(xmlValues(xml, 'ram:TaxBasisTotalAmount')).toEqual([(document.exclVatCents / 100).toFixed(2)]);
    expect(xmlValues(xml, 'ram:DuePayableAmount')).toEqual(['0.00']);
  });

  it('writes a credit note as type 381 with positive amounts, naming the invoice it corrects', async () => {
    const invoice = companyInvoice([line('Plein tarif', 2, 2500, '5.5')]);
    const negated = invoice.lines.map((l) => ({
      ...l,
      exclVatCents: -l.exclVatCents,
      vatCents: -l.vatCents,
      inclVatCents: -l.inclVatCents,
    }));
    const { xml } = await xmlOf(
      companyInvoice(negated, { kind: 'credit-note', number: 'F-000043', corrects: 'F-000042' }),
    );
    expect(xmlValues(xml, 'ram:TypeCode')).toContain('381');
    expect(xmlValues(xml, 'ram:Content')).toContain('Avoir portant sur la facture n° F-000042');
    expect(xmlValues(xml, 'ram:GrandTotalAmount')).toEqual(['50.00']);
  });

  it('writes the franchise as exempt with its mention', async () => {
    const { xml } = await xmlOf(companyInvoice([line('Entrée', 1, 1000, 'none')], { vatFranchise: true }));
    expect(xmlValues(xml, 'ram:CategoryCode')).toContain('E');
    expect(xmlValues(xml, 'ram:ExemptionReason')).toContain('TVA non applicable, art. 293 B du CGI');
  });

  it('leaves a person’s invoice a plain PDF, and costs little per company invoice', async () => {
    const lines = [line('Plein tarif', 1, 2500, '5.5')];
    const plain = await renderInvoiceFile(
      { number: 'F-1', document: companyInvoice(lines, { facturX: undefined }) },
      { brandName: 'Guichet' },
    );
    expect((await embeddedFiles(plain.content)).size).toBe(0);
    const started = performance.now();
    for (let i = 0; i < 5; i++) await xmlOf(companyInvoice(lines));
    console.log(`Factur-X invoice: ${((performance.now() - started) / 5).toFixed(0)} ms each`);
  });
});
