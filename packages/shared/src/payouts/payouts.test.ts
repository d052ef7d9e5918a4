import { describe, expect, it } from 'vitest';
import { checkLedgerAdjustment, parseAdvancePercent } from '../admin/schemas';
import {
  centsToDecimal,
  formatSignedEuros,
  groupIban,
  isPayableIban,
  normalizeIban,
  parseSignedEuros,
  percentToBps,
} from './rules';
import { firstBankAccountError } from './schemas';

describe('money as text', () => {
  it('writes cents as a decimal string without a float', () => {
    expect(centsToDecimal(0)).toBe('0.00');
    expect(centsToDecimal(5)).toBe('0.05');
    expect(centsToDecimal(1933)).toBe('19.33');
    expect(centsToDecimal(9_007_199_254_740_991)).toBe('90071992547409.91');
    expect(() => centsToDecimal(1.5)).toThrow(RangeError);
  });

  it('reads a signed amount typed in euros as cents, without a float', () => {
    expect(parseSignedEuros('45,50')).toBe(4550);
    expect(parseSignedEuros('-45.5')).toBe(-4550);
    expect(parseSignedEuros(' \u2212 1 200,05 ')).toBe(-120005);
    expect(parseSignedEuros('+12')).toBe(1200);
    // 0.29 × 100 is 28.999… as a float.
    expect(parseSignedEuros('0,29')).toBe(29);
    for (const wrong of ['', '-', '12,345', '1e3', 'abc', '12,', ',5', '--3'])
      expect(parseSignedEuros(wrong)).toBeNull();
  });

  it('writes a balance below 0 with a minus sign', () => {
    expect(formatSignedEuros(-4550)).toBe(`\u2212${'45,50'} €`);
    expect(formatSignedEuros(0)).toBe('0,00 €');
  });

  it('checks the back office’s adjustment: a signed amount other than 0, then a reason', () => {
    expect(checkLedgerAdjustment({ amount: '0', reason: 'x' })).toMatchObject({ field: 'amount' });
    expect(checkLedgerAdjustment({ amount: '12,3a', reason: 'x' })).toMatchObject({ field: 'amount' });
    expect(checkLedgerAdjustment({ amount: '-45,50', reason: '  ' })).toMatchObject({ field: 'reason' });
    expect(checkLedgerAdjustment({ amount: '-45,50', reason: ' Frais ' })).toEqual({
      adjustment: { amountCents: -4550, reason: 'Frais' },
    });
  });

  it('reads the advance allowance as a whole percentage from 0 to 100', () => {
    expect(parseAdvancePercent('30')).toBe(30);
    expect(parseAdvancePercent(0)).toBe(0);
    for (const wrong of ['', '101', '-1', '12,5', 'x', 12.5]) expect(parseAdvancePercent(wrong)).toBeNull();
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
