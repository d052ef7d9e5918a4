import { describe, expect, it } from 'vitest';
import { monthOptions, parisMonth } from './months';

describe('the declarations’ months', () => {
  it('are Paris months: 23:30 UTC on 31 January is already February', () => {
    expect(parisMonth(new Date('2026-01-31T23:30:00Z'))).toBe('2026-02');
    expect(parisMonth(new Date('2026-01-31T22:30:00Z'))).toBe('2026-01');
  });

  it('run back from the later of today and the event’s end, across the new year', () => {
    const today = new Date('2026-02-10T12:00:00Z');
    expect(monthOptions(today, null, 4)).toEqual(['2026-02', '2026-01', '2025-12', '2025-11']);
    expect(monthOptions(today, new Date('2026-04-01T10:00:00Z'), 3)).toEqual(['2026-04', '2026-03', '2026-02']);
    expect(monthOptions(today, new Date('2025-06-01T10:00:00Z'), 2)).toEqual(['2026-02', '2026-01']);
  });
});
