import { ageOn, BUYER_NAME_MAX, type BuyerInput, fr, isEmailValid, todayInParis } from '@guichet/shared';
import { badRequest } from '../../lib/errors';

const m = fr.checkout;

/** The information step (1-attendee.md §5), in the spec's order. */
export function assertBuyer(buyer: BuyerInput, options: { needsStudies: boolean; now: Date }): void {
  if (!buyer.lastName.trim()) throw badRequest(m.lastNameRequired, 'buyer.lastName');
  if (buyer.lastName.trim().length > BUYER_NAME_MAX) throw badRequest(m.nameTooLong, 'buyer.lastName');
  if (!buyer.firstName.trim()) throw badRequest(m.firstNameRequired, 'buyer.firstName');
  if (buyer.firstName.trim().length > BUYER_NAME_MAX) throw badRequest(m.nameTooLong, 'buyer.firstName');
  if (!buyer.email.trim()) throw badRequest(m.emailRequired, 'buyer.email');
  if (!isEmailValid(buyer.email.trim())) throw badRequest(m.emailInvalid, 'buyer.email');
  const age = buyer.birthDate ? ageOn(buyer.birthDate, todayInParis(options.now)) : null;
  if (age === null) throw badRequest(m.ageRequired, 'buyer.birthDate');
  if (age < 16) throw badRequest(m.tooYoung, 'buyer.birthDate');
  if (age > 100) throw badRequest(m.tooOld, 'buyer.birthDate');
  if (options.needsStudies && !buyer.studies?.trim()) throw badRequest(m.studiesRequired, 'buyer.studies');
}
