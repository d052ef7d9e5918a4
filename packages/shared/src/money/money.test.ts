import { describe, expect, it } from 'vitest';
import { organiserNetCents, payoutBalance, REDUCED_COMMISSION, STANDARD_COMMISSION } from '../pricing';
import { centsToDecimal, groupIban, isPayableIban, normalizeIban, percentToBps } from './rules';
import { firstBankAccountError } from './schemas';

const sold = (unitPriceCents: number, quantity = 1, extra = {}) => ({
  unitPriceCents,
  discountPercent: null,
  quantity,
  isHeldByPlatform: true,
  bearsCommission: true,
  ...extra,
});

describe('the payout balance', () => {
  it('takes the commission per ticket with the rate given, rounded half up once per ticket', () => {
    // 10,00 €: 18 + 30; 0,25 € × 1.8 % = 0,45 cent → 0 (half up of 0.45), + 30.
    expect(organiserNetCents([sold(1000, 2)], STANDARD_COMMISSION)).toBe(2 * (1000 - 48));
    expect(organiserNetCents([sold(25)], STANDARD_COMMISSION)).toBe(25 - 30);
    // 1.4 % of 12,50 € = 17.5 cents → 18, + 25.
    expect(organiserNetCents([sold(1250)], REDUCED_COMMISSION)).toBe(1250 - 43);
  });

  it('subtracts refunds and payouts and never answers below zero', () => {
    const balance = payoutBalance([sold(2000, 3), sold(2000, 1, { isHeldByPlatform: false })], STANDARD_COMMISSION, {
      refundsCents: 2000,
      payoutsCents: 1000,
    });
    expect(balance).toEqual({
      salesCents: 6000,
      commissionCents: 4 * 66,
      refundsCents: 2000,
      payoutsCents: 1000,
      availableCents: 6000 - 264 - 2000 - 1000,
    });
    expect(
      payoutBalance([sold(2000)], STANDARD_COMMISSION, { refundsCents: 0, payoutsCents: 5000 }).availableCents,
    ).toBe(0);
  });

  it('applies the promo percentage before the commission', () => {
    expect(
      payoutBalance([sold(2000, 1, { discountPercent: 25 })], STANDARD_COMMISSION, { refundsCents: 0, payoutsCents: 0 })
        .commissionCents,
    ).toBe(27 + 30);
  });
});

describe('money as text', () => {
  it('writes cents as a decimal string without a float', () => {
    expect(centsToDecimal(0)).toBe('0.00');
    expect(centsToDecimal(5)).toBe('0.05');
    expect(centsToDecimal(1933)).toBe('19.33');
    expect(centsToDecimal(9_007_199_254_740_991)).toBe('90071992547409.91');
    expect(() => centsToDecimal(1.5)).toThrow(RangeError);
  });

  it('reads a percentage typed with two decimals as basis points', () => {
    expect(percentToBps(1.4)).toBe(140);
    expect(percentToBps(1.15)).toBe(115);
  });
});

describe('bank details', () => {
  it('checks IBANs with their check digits and keeps SEPA ones', () => {
    expect(normalizeIban(' fr76 3000 6000 0112 3456 7890 189 ')).toBe('FR7630006000011234567890189');
    expect(isPayableIban('FR76 3000 6000 0112 3456 7890 189')).toBe(true);
    expect(isPayableIban('FR76 3000 6000 0112 3456 7890 188')).toBe(false);
    expect(groupIban('FR7630006000011234567890189')).toBe('FR76 3000 6000 0112 3456 7890 189');
    // A valid Brazilian IBAN is outside SEPA.
    expect(firstBankAccountError({ holderName: 'A', iban: 'BR1800360305000010009795493C1' })?.field).toBe('iban');
    expect(firstBankAccountError({ holderName: 'A', iban: 'FR7630006000011234567890189', bic: 'XX' })?.field).toBe(
      'bic',
    );
    expect(firstBankAccountError({ holderName: 'A', iban: 'FR7630006000011234567890189' })).toBeNull();
  });
});
