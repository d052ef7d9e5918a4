import { describe, expect, it } from 'vitest';
import { centsToDecimal, groupIban, isPayableIban, normalizeIban, percentToBps } from './rules';
import { firstBankAccountError } from './schemas';

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
