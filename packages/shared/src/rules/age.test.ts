import { describe, expect, it } from 'vitest';
import { ageOn, isAgeAllowed, parseIsoDate, todayInParis } from './age';

describe('ages', () => {
  it('counts whole years, the birthday included', () => {
    expect(ageOn('2010-11-22', '2026-11-22')).toBe(16);
    expect(ageOn('2010-11-23', '2026-11-22')).toBe(15);
    expect(ageOn('2000-02-29', '2026-02-28')).toBe(25);
  });

  it('allows 16 to 100 years', () => {
    expect(isAgeAllowed('2010-11-22', '2026-11-22')).toBe(true);
    expect(isAgeAllowed('2010-11-23', '2026-11-22')).toBe(false);
    expect(isAgeAllowed('1926-11-23', '2026-11-22')).toBe(true); // 99
    expect(isAgeAllowed('1925-11-23', '2026-11-22')).toBe(true); // 100
    expect(isAgeAllowed('1925-11-22', '2026-11-22')).toBe(false); // 101
  });

  it('rejects dates that do not exist', () => {
    expect(parseIsoDate('2023-02-29')).toBeNull();
    expect(parseIsoDate('2024-02-29')).not.toBeNull();
    expect(parseIsoDate('22/11/2026')).toBeNull();
    expect(ageOn('nope', '2026-11-22')).toBeNull();
  });

  it('takes the date in Paris, not UTC', () => {
    // 23:30 UTC on 31 December is already 1 January in Paris.
    expect(todayInParis(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
  });

  it('changes day at the last millisecond before Paris midnight, one call after the other', () => {
    expect(todayInParis(new Date('2026-12-31T22:59:59.999Z'))).toBe('2026-12-31');
    expect(todayInParis(new Date('2026-12-31T23:00:00.000Z'))).toBe('2027-01-01');
    expect(todayInParis(new Date('2026-07-14T21:59:59.999Z'))).toBe('2026-07-14');
    expect(todayInParis(new Date('2026-07-14T22:00:00.000Z'))).toBe('2026-07-15');
  });
});
