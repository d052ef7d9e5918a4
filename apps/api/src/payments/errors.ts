import { paymentFr } from '@guichet/shared';

/** A notification whose signature (or signed content) does not hold: answer 400 and change nothing. */
export class PaymentSignatureError extends Error {
  override name = 'PaymentSignatureError';
}

/**
 * A correctly signed notification whose content is not what the provider documents (a missing
 * object, an amount that is not a number): answer 400, log it, and change nothing.
 */
export class MalformedNotificationError extends Error {
  override name = 'MalformedNotificationError';
  constructor(
    message: string,
    /** The provider's id of the notification, when it has one: what to look for on its side. */
    readonly notificationId?: string,
  ) {
    super(message);
  }
}

/** None of the bank's servers says OK on its status page (1-attendee.md §4). */
export class NoBankServerError extends Error {
  override name = 'NoBankServerError';
  constructor(message: string = paymentFr.noBankServer) {
    super(message);
  }
}
