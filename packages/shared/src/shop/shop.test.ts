import { describe, expect, it } from 'vitest';
import { showcaseFr } from '../messages/fr-showcase';
import { matchesSearch, parseProductSlug, priceOf, stepQuantity } from './catalogue';
import { CUP_QUANTITIES } from './cup-quantities';
import { quoteErrors, quoteRequest, quoteTotals } from './quote';

describe('catalogue rules', () => {
  it('searches titles without accents or case', () => {
    expect(matchesSearch('Location d’éthylotest électronique', 'ETHYLO')).toBe(true);
    expect(matchesSearch('Poudre colorée', 'coloree')).toBe(true);
    expect(matchesSearch('Flyers', 'gobelet')).toBe(false);
  });

  it('steps quantities along a fixed list, never below 0', () => {
    expect(stepQuantity(null, 0, -1)).toBe(0);
    expect(stepQuantity(null, 2, 1)).toBe(3);
    expect(stepQuantity([...CUP_QUANTITIES.red], 0, 1)).toBe(50);
    expect(stepQuantity([...CUP_QUANTITIES.red], 50, -1)).toBe(0);
    expect(stepQuantity([...CUP_QUANTITIES.red], 5000, 1)).toBe(5000);
    expect(CUP_QUANTITIES.red.at(-1)).toBe(5000);
    expect(CUP_QUANTITIES.reusable.at(-1)).toBe(5000);
  });

  it('reads both spellings of the detail route', () => {
    expect(parseProductSlug('location-4f1c')).toEqual({ offer: 'location', id: '4f1c' });
    expect(parseProductSlug('4f1c-aa')).toEqual({ offer: null, id: '4f1c-aa' });
  });

  it("prices a type by its own price, else by the product's", () => {
    const product = {
      priceCents: null,
      priceLabel: 'Selon le format',
      variants: [{ label: 'A', priceCents: 780, priceLabel: null, packSize: 1, quantities: null }],
    };
    expect(priceOf(product, 'A')).toEqual({ priceCents: 780, priceLabel: null, packSize: 1 });
    expect(priceOf(product, null)).toEqual({ priceCents: null, priceLabel: 'Selon le format', packSize: 1 });
  });
});

describe('quote rules', () => {
  it('lists every failing check in the spec order', () => {
    const errors = quoteErrors(quoteRequest.parse({}), 'Guichet', new Date());
    const m = showcaseFr.quote;
    expect(errors.map((e) => e.message)).toEqual([
      m.partnerRequired('Guichet'),
      m.structureRequired,
      m.emailRequired,
      m.startRequired,
      m.endRequired,
      m.billingCityRequired,
      m.billingPostcodeRequired,
      m.billingAddressRequired,
      m.phoneRequired,
      m.deliveryCityRequired,
      m.deliveryPostcodeRequired,
      m.deliveryAddressRequired,
      m.termsRequired,
      m.cartEmpty,
    ]);
  });

  it('gives partners half off rentals, and leaves prices on quote out of the totals', () => {
    const lines = [
      { offer: 'location' as const, unitCents: 1550, priceLabel: null, packSize: 1, quantity: 3 },
      { offer: 'achat' as const, unitCents: 500, priceLabel: null, packSize: 50, quantity: 150 },
      { offer: 'service' as const, unitCents: null, priceLabel: 'Sur devis', packSize: 1, quantity: 1 },
    ];
    expect(quoteTotals(lines, true)).toMatchObject({
      subtotalCents: 6150,
      discountCents: 2325,
      totalCents: 3825,
      hasPriceOnQuote: true,
    });
    expect(quoteTotals(lines, false).discountCents).toBe(0);
  });
});
