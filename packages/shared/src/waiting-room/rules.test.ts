import { describe, expect, it } from 'vitest';
import { waitingRoomFr } from '../messages/fr-waiting-room';
import { admittedCount, firstRoomSettingsError, isRoomActive, secondsUntilAdmitted } from './rules';

const opening = new Date('2026-12-01T10:00:00Z');
const at = (ms: number) => new Date(opening.getTime() + ms);

describe('the waiting room rule', () => {
  it('lets nobody in before the opening, the first at the opening, then `rate` a minute', () => {
    expect(admittedCount(opening, 120, at(-1))).toBe(0);
    expect(admittedCount(opening, 120, at(0))).toBe(1);
    expect(admittedCount(opening, 120, at(499))).toBe(1);
    expect(admittedCount(opening, 120, at(500))).toBe(2);
    expect(admittedCount(opening, 120, at(60_000))).toBe(121);
  });

  it('tells each position its wait, zero once in', () => {
    expect(secondsUntilAdmitted(opening, 60, 0, at(-30_000))).toBe(30);
    expect(secondsUntilAdmitted(opening, 60, 10, at(0))).toBe(10);
    expect(secondsUntilAdmitted(opening, 60, 10, at(10_000))).toBe(0);
    // Consistent with the count: a position is in exactly when its wait is zero.
    for (const ms of [0, 999, 1000, 5_500, 9_999, 10_000]) {
      expect(secondsUntilAdmitted(opening, 60, 10, at(ms)) === 0).toBe(10 < admittedCount(opening, 60, at(ms)));
    }
  });

  it('applies while both settings are set and the event is not over', () => {
    const dateEnd = at(3_600_000);
    expect(isRoomActive({ onsaleAt: opening, admissionPerMinute: 60, dateEnd }, at(0))).toBe(true);
    expect(isRoomActive({ onsaleAt: opening, admissionPerMinute: null, dateEnd }, at(0))).toBe(false);
    expect(isRoomActive({ onsaleAt: null, admissionPerMinute: 60, dateEnd }, at(0))).toBe(false);
    expect(isRoomActive({ onsaleAt: opening, admissionPerMinute: 60, dateEnd }, at(3_600_000))).toBe(false);
  });

  it("checks the organiser's settings: both or neither, a date before the end, a whole rate in bounds", () => {
    const m = waitingRoomFr.settings;
    const end = at(3_600_000).toISOString();
    const check = (onsaleAt: string | null, admissionPerMinute: number | null) =>
      firstRoomSettingsError({ onsaleAt, admissionPerMinute }, end)?.message ?? null;
    expect(check(null, null)).toBeNull();
    expect(check(opening.toISOString(), 200)).toBeNull();
    expect(check(null, 200)).toBe(m.onsaleRequired);
    expect(check('pas une date', 200)).toBe(m.onsaleRequired);
    expect(check(end, 200)).toBe(m.onsaleAfterEnd);
    expect(check(opening.toISOString(), null)).toBe(m.rateInvalid);
    expect(check(opening.toISOString(), 0)).toBe(m.rateInvalid);
    expect(check(opening.toISOString(), 1.5)).toBe(m.rateInvalid);
    expect(check(opening.toISOString(), 60_001)).toBe(m.rateInvalid);
  });
});
