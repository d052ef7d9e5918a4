import { z } from 'zod';
import { cents } from '../common/fields';
import { type Rate, STANDARD_COMMISSION } from './rules';

/** The commission that applies to the caller (2-organiser.md §2.9, §9): theirs, or the standard one. */
export const callerRate = z.object({
  rateBps: z.number().int(),
  fixedCents: cents,
  /** False for an organiser with a reduced rate set by an administrator. */
  isStandard: z.boolean(),
});
export type CallerRate = z.infer<typeof callerRate>;

export const rateOf = (caller: Pick<CallerRate, 'rateBps' | 'fixedCents'>): Rate => ({
  bps: caller.rateBps,
  fixedCents: caller.fixedCents,
});

/** An organiser's rate from their account's columns: null means the standard rate. */
export function organiserRate(account: {
  commissionRateBps: number | null;
  commissionFixedCents: number | null;
}): CallerRate {
  if (account.commissionRateBps === null || account.commissionFixedCents === null) {
    return { rateBps: STANDARD_COMMISSION.bps, fixedCents: STANDARD_COMMISSION.fixedCents, isStandard: true };
  }
  return { rateBps: account.commissionRateBps, fixedCents: account.commissionFixedCents, isStandard: false };
}
