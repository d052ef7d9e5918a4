import { describe, expect, it } from 'vitest';
import { cardPriceText } from './price';

const variant = { priceLabel: null, quantities: null };

describe('a catalogue card price', () => {
  it('gives the pack a cup price buys, as the product page does', () => {
    const cups = {
      priceCents: 500,
      priceLabel: null,
      variants: [
        { ...variant, label: 'Gobelets rouges', priceCents: 500, packSize: 50 },
        { ...variant, label: 'Gobelets réutilisables', priceCents: null, priceLabel: 'Prix sur devis', packSize: 1 },
      ],
    };
    expect(cardPriceText(cups)).toBe('5,00 € les 50');
  });

  it('shows a plain price with the euro sign, and a price that depends on the type as given', () => {
    expect(cardPriceText({ priceCents: 1550, priceLabel: null, variants: [] })).toBe('15,50 €');
    const powder = {
      priceCents: null,
      priceLabel: 'Prix selon le format',
      variants: [{ ...variant, label: 'Sachet de 1 kg', priceCents: 800, packSize: 1 }],
    };
    expect(cardPriceText(powder)).toBe('Prix selon le format');
  });
});
