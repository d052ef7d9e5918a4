import { paymentFr } from '@guichet/shared';

/** A notification whose signature (or signed content) does not hold: answer 400 and change nothing. */
export class PaymentSignatureError extends Error {
  override name = 'PaymentSignatureError';
}

/** None of the bank's servers says OK on its status page (1-attendee.md §4). */
export class NoBankServerError extends Error {
  override name = 'NoBankServerError';
  constructor(message: string = paymentFr.noBankServer) {
    super(message);
  }
}
