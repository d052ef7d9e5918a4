import type { StartPayment } from './provider';

const REFERENCE = /^[A-Za-z0-9-]{1,250}$/;

/** Programming errors, caught before anything reaches a provider. */
export function assertStartPayment(payment: StartPayment): void {
  if (!REFERENCE.test(payment.reference)) throw new TypeError('reference must be 1–250 of [A-Za-z0-9-]');
  if (!Number.isSafeInteger(payment.amountCents) || payment.amountCents <= 0) {
    throw new TypeError('amountCents must be a positive whole number');
  }
  if (!Number.isInteger(payment.ticketCount) || payment.ticketCount < 1 || payment.ticketCount > 99) {
    throw new TypeError('ticketCount must be 1..99');
  }
  for (const url of Object.values(payment.returnUrls)) {
    if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol)) {
      throw new TypeError(`return URL must be absolute http(s): ${url}`);
    }
  }
}
