import { formatEuros } from '@guichet/shared';
import { PDFDocument } from 'pdf-lib';
import { extractText } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { documentOf, line } from '../../../test/invoice-documents';
import type { InvoiceDocument, InvoiceLine } from './document';
import { renderInvoicePdf } from './invoice-pdf';

function invoiceOf(lines: InvoiceLine[], changes: Partial<InvoiceDocument> = {}): InvoiceDocument {
  return documentOf(lines, {
    number: 'ORG1-2026-000042',
    kind: 'invoice',
    issuer: 'organizer',
    issuedAt: '2026-11-26T10:00:00.000Z',
    seller: {
      name: 'Association Łukasz Ştefan Wang',
      addressLines: ['12 rue des Lois', '31000 Toulouse'],
      siret: '73282932000074',
      vatNumber: 'FR44732829320',
    },
    buyer: { name: 'Γιώργος Παπαδόπουλος', addressLines: ['5 avenue Jean Jaurès', '69007 Lyon'] },
    issuedOnBehalfBy: 'Guichet SAS',
    vatFranchise: false,
    corrects: null,
    orderReference: 'GUI-7QX2K9',
    eventTitle: 'Концерт « Été »',
    eventDate: '2026-12-12T19:00:00.000Z',
    ...changes,
  });
}

/** The text of each page, its spaces (no-break ones included) made plain. */
async function pagesOf(pdf: Buffer): Promise<string[]> {
  const { text } = await extractText(new Uint8Array(pdf), { mergePages: false });
  return text.map((page) => page.replace(/\s+/g, ' '));
}

const plain = (value: string) => value.replace(/\s+/g, ' ');

describe('the invoice PDF', () => {
  it('prints the parties, the mentions and every figure of the invoice', async () => {
    const document = invoiceOf([
      line('Plein tarif', 2, 2500, '5.5'),
      line('Tarif réduit', 1, 1250, '5.5'),
      line('Option de remboursement', 3, 150, '20'),
      line('Grand mécène', 1, 1_234_567, '20'),
    ]);
    const [text = ''] = await pagesOf(await renderInvoicePdf(document, { brandName: 'Guichet' }));
    for (const expected of [
      'Facture',
      'N° ORG1-2026-000042',
      'Date : 26 novembre 2026',
      'Association Łukasz Ştefan Wang',
      '12 rue des Lois 31000 Toulouse',
      'SIRET : 73282932000074',
      'N° TVA intracommunautaire : FR44732829320',
      'Γιώργος Παπαδόπουλος',
      'Facture émise par Guichet SAS au nom et pour le compte de Association Łukasz Ştefan Wang',
      'Commande : GUI-7QX2K9',
      'Концерт « Été » — samedi 12 décembre 2026 à 20:00',
      'Option de remboursement',
    ]) {
      expect(text).toContain(expected);
    }
    const figures = [
      ...document.lines.flatMap((l) => [l.unitInclVatCents, l.exclVatCents, l.vatCents, l.inclVatCents]),
      ...document.vatByRate.flatMap((rate) => [rate.exclVatCents, rate.vatCents]),
      document.exclVatCents,
      document.vatCents,
      document.inclVatCents,
    ];
    for (const cents of figures) expect(text).toContain(plain(formatEuros(cents)));
    expect(text).toContain('5,5 %');
    expect(text).toContain('20 %');
    expect(text).not.toContain('art. 293 B');
  });

  it('prints a credit note with the invoice it corrects', async () => {
    const document = invoiceOf([line('Plein tarif', 1, -2500, '5.5')], {
      kind: 'credit-note',
      number: 'ORG1-2026-000043',
      corrects: 'ORG1-2026-000042',
      issuedOnBehalfBy: null,
    });
    const [text = ''] = await pagesOf(await renderInvoicePdf(document, { brandName: 'Guichet' }));
    expect(text).toContain('Avoir');
    expect(text).toContain('Avoir portant sur la facture n° ORG1-2026-000042');
    expect(text).not.toContain('au nom et pour le compte');
    expect(text).toContain(plain(formatEuros(-2500)));
  });

  it('prints the franchise mention and an RNA number', async () => {
    const document = invoiceOf([line('Entrée', 2, 800, 'none')], {
      vatFranchise: true,
      seller: { name: 'Club de théâtre', addressLines: ['1 place du Marché', '75001 Paris'], rna: 'W751234567' },
    });
    const [text = ''] = await pagesOf(await renderInvoicePdf(document, { brandName: 'Guichet' }));
    expect(text).toContain('TVA non applicable, art. 293 B du CGI');
    expect(text).toContain('RNA : W751234567');
    expect(text).toContain('16,00 €');
  });

  it('spans pages when its lines overflow, losing none, with the same file each time', async () => {
    const lines = Array.from({ length: 60 }, (_, i) =>
      line(
        `Article ${String(i + 1).padStart(2, '0')} ${i % 3 === 0 ? 'avec une désignation assez longue pour tenir sur deux lignes' : ''}`,
        (i % 4) + 1,
        1000 + i * 37,
        i % 5 ? '5.5' : '20',
      ),
    );
    const document = invoiceOf(lines);
    const pdf = await renderInvoicePdf(document, { brandName: 'Guichet' });
    const pages = await pagesOf(pdf);
    expect(pages.length).toBeGreaterThan(1);
    expect((await PDFDocument.load(pdf)).getPageCount()).toBe(pages.length);
    const all = pages.join(' ');
    for (let i = 1; i <= 60; i++) {
      expect(all.match(new RegExp(`Article ${String(i).padStart(2, '0')}\\b`, 'g'))).toHaveLength(1);
    }
    for (const l of lines) expect(all).toContain(plain(formatEuros(l.inclVatCents)));
    pages.forEach((page, index) => {
      expect(page).toContain(`Page ${index + 1} / ${pages.length}`);
      // The table's head again on every page that holds lines.
      if (/Article \d\d/.test(page)) expect(page).toContain('Désignation');
    });
    expect(pages.at(-1)).toContain(`Total TTC ${plain(formatEuros(document.inclVatCents))}`);
    expect((await renderInvoicePdf(document, { brandName: 'Guichet' })).equals(pdf)).toBe(true);
  });
});
