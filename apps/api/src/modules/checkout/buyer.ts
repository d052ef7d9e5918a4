import { type BuyerInput, firstBuyerError, todayInParis } from '@guichet/shared';
import { badRequest } from '../../lib/errors';

/** The information step (1-attendee.md §5): the same ordered checks as the booking form. */
export function assertBuyer(buyer: BuyerInput, options: { needsStudies: boolean; now: Date }): void {
  const error = firstBuyerError(buyer, { needsStudies: options.needsStudies, today: todayInParis(options.now) });
  if (error) throw badRequest(error.message, `buyer.${error.field}`);
}
