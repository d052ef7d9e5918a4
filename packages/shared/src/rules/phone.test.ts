import { describe, expect, it } from 'vitest';
import { QUOTE_LIMITS } from '../shop/quote';
import { clampPhone, isMobilePhone, phoneDigits } from './phone';

describe('phone numbers', () => {
  it('keeps a number typed in pairs whole: the limit counts digits, not spaces', () => {
    expect(clampPhone('06 12 34 56 78', QUOTE_LIMITS.phone)).toBe('06 12 34 56 78');
    expect(clampPhone('06.12.34.56.78', QUOTE_LIMITS.phone)).toBe('06.12.34.56.78');
    expect(clampPhone('0612345678', QUOTE_LIMITS.phone)).toBe('0612345678');
  });

  it('cuts what comes after the tenth digit', () => {
    expect(clampPhone('06 12 34 56 78 99', QUOTE_LIMITS.phone)).toBe('06 12 34 56 78 ');
    expect(clampPhone('061234567899', QUOTE_LIMITS.phone)).toBe('0612345678');
  });

  it('reads the digits the server checks and stores', () => {
    expect(phoneDigits(' 06 12.34 56 78')).toBe('0612345678');
    expect(isMobilePhone('06 12 34 56 78')).toBe(true);
    expect(isMobilePhone('01 40 00 00 00')).toBe(false);
  });
});
