import { describe, expect, it } from 'vitest';
import { dateWindow, isCalendarDay, parisDay, parisMidnight, parisTime } from './listing';

describe('date filters of the list, in Paris days', () => {
  it('finds when a Paris day starts, winter and summer time alike', () => {
    expect(parisMidnight('2027-01-15').toISOString()).toBe('2027-01-14T23:00:00.000Z');
    expect(parisMidnight('2027-07-15').toISOString()).toBe('2027-07-14T22:00:00.000Z');
    // The night of the change to summer time: the day still starts at midnight, UTC+1.
    expect(parisMidnight('2027-03-28').toISOString()).toBe('2027-03-27T23:00:00.000Z');
    expect(parisDay(new Date('2027-07-14T22:30:00Z'))).toBe('2027-07-15');
  });

  it('reads a Paris wall time at its own offset, on the days of the changes too', () => {
    expect(parisTime('2027-03-28', 20 * 60).toISOString()).toBe('2027-03-28T18:00:00.000Z');
    expect(parisTime('2027-10-31', 20 * 60).toISOString()).toBe('2027-10-31T19:00:00.000Z');
    // Past midnight: the next day's time, at its offset.
    expect(parisTime('2027-03-27', 24 * 60 + 60).toISOString()).toBe('2027-03-28T00:00:00.000Z');
    // 02:30 does not exist on the spring night: read at the offset before the change.
    expect(parisTime('2027-03-28', 150).toISOString()).toBe('2027-03-28T01:30:00.000Z');
  });

  it('reads today, this weekend and a range', () => {
    const wednesday = new Date('2027-07-14T10:00:00Z');
    expect(dateWindow({ when: 'today' }, wednesday)).toEqual({
      start: new Date('2027-07-13T22:00:00Z'),
      end: new Date('2027-07-14T22:00:00Z'),
    });
    const weekend = { start: new Date('2027-07-16T22:00:00Z'), end: new Date('2027-07-18T22:00:00Z') };
    expect(dateWindow({ when: 'weekend' }, wednesday)).toEqual(weekend);
    // On Sunday, this weekend is the one under way.
    expect(dateWindow({ when: 'weekend' }, new Date('2027-07-18T15:00:00Z'))).toEqual(weekend);
    expect(dateWindow({ from: '2027-08-01', to: '2027-08-03' }, wednesday)).toEqual({
      start: new Date('2027-07-31T22:00:00Z'),
      end: new Date('2027-08-03T22:00:00Z'),
    });
    expect(dateWindow({}, wednesday)).toBeNull();
  });

  it('knows a calendar day from a string that only looks like one', () => {
    expect(isCalendarDay('2028-02-29')).toBe(true);
    expect(isCalendarDay('2027-02-29')).toBe(false);
    expect(isCalendarDay('2027-13-01')).toBe(false);
  });
});
