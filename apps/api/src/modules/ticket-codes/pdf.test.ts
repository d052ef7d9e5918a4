import { extractText } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { type TicketPdfContent, ticketPdf } from './pdf';
import { ticketQrPng } from './qr';

async function contentOf(changes: Partial<TicketPdfContent> = {}): Promise<TicketPdfContent> {
  return {
    brandName: 'Guichet',
    organizerName: 'Łukasz Ştefan Wang',
    eventTitle: 'Gala 🎉 王 à Toulouse',
    dateBegin: new Date('2026-12-12T19:00:00Z'),
    dateEnd: new Date('2026-12-12T23:00:00Z'),
    address: '12 rue des Lois, 31000 Toulouse',
    ticketTitle: 'Plein tarif',
    quantity: 3,
    unitPriceCents: 1250,
    ticketNumbers: [12, 13, 14],
    isGift: false,
    holderName: 'Дмитрий Иванов',
    orderReference: 'GUI-ABCDEF',
    shortCode: 'ABCD-EFGH-JKLM',
    qrPng: await ticketQrPng('code'),
    ...changes,
  };
}

async function textOf(content: TicketPdfContent): Promise<string> {
  const { text } = await extractText(new Uint8Array(await ticketPdf(content)), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

describe('the PDF ticket', () => {
  it('prints the names as typed, in Latin Extended, Greek and Cyrillic', async () => {
    const text = await textOf(await contentOf({ ticketTitle: 'Είσοδος Γιώργος' }));
    expect(text).toContain('Łukasz Ştefan Wang');
    expect(text).toContain('Είσοδος Γιώργος');
    expect(text).toContain('Дмитрий Иванов');
    // Neither the emoji nor the Chinese letter fails the ticket: the letter is transliterated.
    expect(text).toContain('Gala Wang à Toulouse');
  });

  it('carries the fields the ticketing rules list: operator, show and date, category, price, numbers', async () => {
    const text = await textOf(await contentOf());
    for (const expected of [
      'Organisateur Łukasz Ştefan Wang',
      'Gala Wang à Toulouse',
      'samedi 12 décembre 2026 à 20:00',
      'Plein tarif',
      'Prix par place 12,50 €',
      'Numéros de billet 12, 13, 14',
      'ABCD-EFGH-JKLM',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('prints "Gratuit" for a free place, and no number before the places are numbered', async () => {
    const text = await textOf(await contentOf({ unitPriceCents: 0, quantity: 1, ticketNumbers: [] }));
    expect(text).toContain('Prix par place Gratuit');
    expect(text).not.toContain('Numéro');
    const one = await textOf(await contentOf({ quantity: 1, ticketNumbers: [7] }));
    expect(one).toContain('Numéro de billet 7');
  });
});
