import { describe, expect, it } from 'vitest';
import { afterScan, listVerdict } from './rules';

// The check-in list's rule (issue 31), the same on the server and on an offline scanner.
describe('a place on a check-in list', () => {
  const fresh = { quantity: 1, entries: 0, inside: 0 };

  it('enters once without re-entry, even after leaving', () => {
    const once = { allowReentry: false };
    expect(listVerdict(once, fresh, 'in')).toBe('accepted');
    const inside = afterScan(fresh, 'in');
    expect(listVerdict(once, inside, 'in')).toBe('already_scanned');
    const left = afterScan(inside, 'out');
    expect(left).toEqual({ quantity: 1, entries: 1, inside: 0 });
    expect(listVerdict(once, left, 'in')).toBe('already_scanned');
  });

  it('comes back after leaving with re-entry, never twice inside', () => {
    const again = { allowReentry: true };
    const inside = afterScan(fresh, 'in');
    expect(listVerdict(again, inside, 'in')).toBe('already_scanned');
    expect(listVerdict(again, afterScan(inside, 'out'), 'in')).toBe('accepted');
  });

  it('refuses leaving to someone never in, and to someone already out', () => {
    expect(listVerdict({ allowReentry: true }, fresh, 'out')).toBe('not_checked_in');
    expect(listVerdict({ allowReentry: true }, { quantity: 1, entries: 1, inside: 0 }, 'out')).toBe('already_out');
  });
});
