import { describe, expect, it } from 'vitest';
import {
  discountedUnitPriceCents,
  eurosToCents,
  mulDivHalfUp,
  orderTotals,
  organiserCommissionCents,
  organiserCommissionInclVatCents,
  organiserGainCents,
  priceForDesiredNet,
  REDUCED_COMMISSION,
  refundInsuranceCentsPerPlace,
  serviceFeeCents,
} from './rules';

describe('discountedUnitPriceCents', () => {
  it('takes the percentage off and rounds the price half up', () => {
    // 19.99 € − 15 % = 1999 × 85 / 100 = 1699.15 → 1699
    expect(discountedUnitPriceCents(1999, 15)).toBe(1699);
    // 9.99 € − 50 % = 999 × 50 / 100 = 499.5 → 500 (half up)
    expect(discountedUnitPriceCents(999, 50)).toBe(500);
    // 0.03 € − 50 % = 1.5 → 2
    expect(discountedUnitPriceCents(3, 50)).toBe(2);
    // 0.01 € − 50 % = 0.5 → 1
    expect(discountedUnitPriceCents(1, 50)).toBe(1);
  });

  it('keeps the price without a discount, reaches 0 at 100 % and never goes below', () => {
    expect(discountedUnitPriceCents(2500, null)).toBe(2500);
    expect(discountedUnitPriceCents(2500, 100)).toBe(0); // 2500 × 0 / 100
    expect(discountedUnitPriceCents(0, 30)).toBe(0); // a free ticket stays free
  });

  it('refuses nonsense', () => {
    expect(() => discountedUnitPriceCents(1000, 101)).toThrow(RangeError);
    expect(() => discountedUnitPriceCents(1000, 12.5)).toThrow(RangeError);
    expect(() => discountedUnitPriceCents(-1, 10)).toThrow(RangeError);
    expect(() => discountedUnitPriceCents(10.5, 10)).toThrow(RangeError);
  });
});

describe('refundInsuranceCentsPerPlace', () => {
  it('costs 1.20 € per place below 50 €', () => {
    expect(refundInsuranceCentsPerPlace(1)).toBe(120);
    expect(refundInsuranceCentsPerPlace(4999)).toBe(120); // 49.99 € < 50 €
  });

  it('costs 6 % from exactly 50 €, rounded half up', () => {
    // 50.00 € × 6 % = 5000 × 600 / 10000 = 300
    expect(refundInsuranceCentsPerPlace(5000)).toBe(300);
    // 50.25 € × 6 % = 301.5 → 302 (half up)
    expect(refundInsuranceCentsPerPlace(5025)).toBe(302);
    // 50.24 € × 6 % = 301.44 → 301
    expect(refundInsuranceCentsPerPlace(5024)).toBe(301);
  });

  it('costs nothing for a free place', () => {
    expect(refundInsuranceCentsPerPlace(0)).toBe(0);
  });
});

describe('serviceFeeCents', () => {
  it('charges Stripe 2.8 % + 0.40 € per ticket', () => {
    // 2 × 12.50 € = 2500: 2500 × 280 / 10000 = 70, + 2 × 40 = 150
    expect(serviceFeeCents({ provider: 'stripe', subtotalCents: 2500, ticketCount: 2 })).toBe(150);
    // 1.25 €: 125 × 2.8 % = 3.5 → 4 (half up), + 40 = 44
    expect(serviceFeeCents({ provider: 'stripe', subtotalCents: 125, ticketCount: 1 })).toBe(44);
  });

  it('charges the bank (and the sandbox) 1.8 % + 0.30 € per ticket', () => {
    // 25.25 €: 2525 × 180 / 10000 = 45.45 → 45, + 30 = 75
    expect(serviceFeeCents({ provider: 'etransactions', subtotalCents: 2525, ticketCount: 1 })).toBe(75);
    // 2.50 €: 250 × 1.8 % = 4.5 → 5 (half up), + 3 × 30 = 95
    expect(serviceFeeCents({ provider: 'sandbox', subtotalCents: 250, ticketCount: 3 })).toBe(95);
  });

  it('charges nothing when there is nothing to pay', () => {
    expect(serviceFeeCents({ provider: 'stripe', subtotalCents: 0, ticketCount: 2 })).toBe(0);
  });
});

describe('orderTotals', () => {
  it('adds discounted tickets, insurance and the fee on the tickets only', () => {
    const totals = orderTotals({
      lines: [
        { unitPriceCents: 2000, quantity: 2, refundPlaces: 1 },
        { unitPriceCents: 6000, quantity: 1, refundPlaces: 1 },
      ],
      discountPercent: 10,
      provider: 'stripe',
      attendeePaysFees: true,
    });
    // Line 1: 2000 − 10 % = 1800; × 2 = 3600; discount 2 × 200 = 400; insurance 1 × 120 (18 € < 50 €)
    // Line 2: 6000 − 10 % = 5400; × 1 = 5400; discount 600; insurance 1 × 5400 × 6 % = 324
    // Subtotal 3600 + 5400 = 9000; fee 9000 × 2.8 % = 252 + 3 tickets × 40 = 372
    // Total 9000 + 444 + 372 = 9816
    expect(totals).toMatchObject({
      subtotalCents: 9000,
      discountCents: 1000,
      insuranceCents: 444,
      serviceFeeCents: 372,
      totalCents: 9816,
    });
    expect(totals.lines[0]).toMatchObject({ discountedUnitPriceCents: 1800, subtotalCents: 3600, insuranceCents: 120 });
    expect(totals.lines[1]).toMatchObject({ discountedUnitPriceCents: 5400, subtotalCents: 5400, insuranceCents: 324 });
  });

  it.each([
    {
      // 3 × 10 € = 3000, no discount, no insurance, no fee
      name: 'charges no fee when the organiser keeps the fees',
      order: { unitPriceCents: 1000, quantity: 3, refundPlaces: 0, discountPercent: null, provider: 'etransactions' },
      attendeePaysFees: false,
      expected: { subtotalCents: 3000, discountCents: 0, serviceFeeCents: 0, totalCents: 3000 },
    },
    {
      // 2 × (1500 − 100 %) = 0; insurance of a free place 0; fee on 0 is 0
      name: 'makes a 100 % discount free, insurance and fee included',
      order: { unitPriceCents: 1500, quantity: 2, refundPlaces: 2, discountPercent: 100, provider: 'stripe' },
      attendeePaysFees: true,
      expected: { subtotalCents: 0, discountCents: 3000, insuranceCents: 0, totalCents: 0 },
    },
    {
      // 6250 − 20 % = 5000 (exactly 50 €) → 6 % = 300 for the one place
      // Sandbox (bank) fee: 5000 × 1.8 % = 90 + 30 = 120; total 5000 + 300 + 120 = 5420
      name: 'uses the 6 % insurance when the discount lands exactly on 50 €',
      order: { unitPriceCents: 6250, quantity: 1, refundPlaces: 1, discountPercent: 20, provider: 'sandbox' },
      attendeePaysFees: true,
      expected: { subtotalCents: 5000, insuranceCents: 300, serviceFeeCents: 120, totalCents: 5420 },
    },
  ] as const)('$name', ({ order, attendeePaysFees, expected }) => {
    const { discountPercent, provider, ...line } = order;
    expect(orderTotals({ lines: [line], discountPercent, provider, attendeePaysFees })).toMatchObject(expected);
  });

  it('refuses more refund places than tickets', () => {
    expect(() =>
      orderTotals({
        lines: [{ unitPriceCents: 1000, quantity: 1, refundPlaces: 2 }],
        discountPercent: null,
        provider: 'stripe',
        attendeePaysFees: false,
      }),
    ).toThrow(RangeError);
  });
});

describe('organiser commission and the rates simulator', () => {
  it('takes 1.8 % + 0.30 € per ticket by default', () => {
    // 10 €: 1000 × 1.8 % = 18, + 30 = 48 HT; + 20 % VAT (9.6 → 10) = 58 TTC; gain 1000 − 58 = 942
    expect(organiserCommissionCents(1000)).toBe(48);
    expect(organiserCommissionInclVatCents(1000)).toBe(58);
    expect(organiserGainCents(1000)).toBe(942);
    // 0.25 €: 25 × 1.8 % = 0.45 → 0, + 30 = 30 HT, 36 TTC; gain −11
    expect(organiserGainCents(25)).toBe(-11);
    // 13.89 €: 1389 × 1.8 % = 25.002 → 25, + 30 = 55
    expect(organiserCommissionCents(1389)).toBe(55);
  });

  it('applies the reduced rate 1.4 % + 0.25 €', () => {
    // 10 €: 1000 × 1.4 % = 14, + 25 = 39
    expect(organiserCommissionCents(1000, REDUCED_COMMISSION)).toBe(39);
  });

  it('takes nothing on a free ticket', () => {
    expect(organiserCommissionCents(0)).toBe(0);
    expect(priceForDesiredNet(0)).toBe(0);
  });

  it('prices a desired net as the spec words it, the commission with its VAT', () => {
    // 10 € wanted: 1000 × 1.8 % (18) + 30 = 48 HT, 58 TTC: 1058
    expect(priceForDesiredNet(1000)).toBe(1058);
    // 12.25 € wanted: 1225 × 1.8 % = 22.05 → 22; 22 + 30 = 52 HT, + 10.4 → 10 = 62 TTC: 1287
    expect(priceForDesiredNet(1225)).toBe(1287);
    // Reduced: 14 + 25 = 39 HT, + 7.8 → 8 = 47 TTC: 1047
    expect(priceForDesiredNet(1000, REDUCED_COMMISSION)).toBe(1047);
    // The gain of that price falls slightly short of the wish: 1058 − (19 + 30 + 10) = 999
    expect(organiserGainCents(priceForDesiredNet(1000))).toBe(999);
  });

  it('rounds .5 cents up', () => {
    // 25 × 18 / 1000 = 0.45 → 0; 250 × 18 / 1000 = 4.5 → 5
    expect(mulDivHalfUp(250, 180, 10_000)).toBe(5);
    expect(mulDivHalfUp(249, 180, 10_000)).toBe(4); // 4.482
  });
});

describe('eurosToCents', () => {
  it('rounds a price typed in euros to the cent, half up, whatever binary floats make of it', () => {
    expect(eurosToCents(12.345)).toBe(1235);
    expect(eurosToCents(1.999)).toBe(200);
    expect(eurosToCents(1.005)).toBe(101);
    expect(eurosToCents(12.344)).toBe(1234);
    expect(eurosToCents(12.5)).toBe(1250);
    expect(eurosToCents(0)).toBe(0);
    expect(eurosToCents(0.1 + 0.2)).toBe(30);
  });
});
