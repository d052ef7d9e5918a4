import { describe, expect, it } from 'vitest';
import { addVat, cnmTaxCents, defaultVatRate, splitVat, VAT_RATES, vatByRate } from './vat';

describe('VAT inside a price TTC', () => {
  it.each([
    [1000, '5.5', 948, 52],
    [1000, '20', 833, 167],
    [1000, '10', 909, 91],
    [1000, '2.1', 979, 21],
    [1000, 'none', 1000, 0],
    [1, '20', 1, 0],
    [0, '20', 0, 0],
    [-1000, '5.5', -948, -52],
  ] as const)('%i cents at %s %%: %i HT and %i VAT', (incl, rate, excl, vat) => {
    expect(splitVat(incl, rate)).toEqual({ exclVatCents: excl, vatCents: vat, inclVatCents: incl });
  });

  it('HT plus VAT is always the price paid, for every rate and every cent up to 1,000 €', () => {
    const wrong: string[] = [];
    for (const rate of VAT_RATES) {
      for (let cents = 0; cents <= 100_000; cents += 1) {
        const { exclVatCents, vatCents } = splitVat(cents, rate);
        if (exclVatCents + vatCents !== cents || vatCents < 0) wrong.push(`${cents} at ${rate}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('sums the lines per rate, in the order of the rates', () => {
    const lines = [
      { vatRate: '20' as const, ...splitVat(1000, '20') },
      { vatRate: '5.5' as const, ...splitVat(2000, '5.5') },
      { vatRate: '20' as const, ...splitVat(500, '20') },
    ];
    expect(vatByRate(lines)).toEqual([
      { vatRate: '5.5', exclVatCents: 1896, vatCents: 104 },
      { vatRate: '20', exclVatCents: 1250, vatCents: 250 },
    ]);
  });

  it('starts a concert at 5,5 %, a fair at 10 %, anything else at 20 %', () => {
    expect(defaultVatRate('Concert')).toBe('5.5');
    expect(defaultVatRate('Salon')).toBe('10');
    expect(defaultVatRate('Soirée')).toBe('20');
    expect(defaultVatRate(null)).toBe('20');
  });

  it('takes 3,5 % of the revenue excluding VAT for the CNM, rounded half up', () => {
    expect(cnmTaxCents(10_000)).toBe(350);
    expect(cnmTaxCents(15)).toBe(1);
    expect(cnmTaxCents(14)).toBe(0);
  });
});

describe('VAT on top of an amount HT (the commission)', () => {
  it('adds 20 % rounded half up, and HT + VAT is the TTC amount', () => {
    expect(addVat(48, '20')).toEqual({ exclVatCents: 48, vatCents: 10, inclVatCents: 58 }); // 9.6 → 10
    expect(addVat(52, '20')).toEqual({ exclVatCents: 52, vatCents: 10, inclVatCents: 62 }); // 10.4 → 10
    expect(addVat(2, '20').vatCents).toBe(0); // 0.4 → 0
    expect(addVat(5, '20').vatCents).toBe(1); // 1.0
    expect(addVat(0, '20')).toEqual({ exclVatCents: 0, vatCents: 0, inclVatCents: 0 });
    expect(addVat(1_000_000, 'none').vatCents).toBe(0);
  });

  it('refuses what is not a whole number of cents ≥ 0', () => {
    expect(() => addVat(-1, '20')).toThrow(RangeError);
    expect(() => addVat(1.5, '20')).toThrow(RangeError);
  });
});
