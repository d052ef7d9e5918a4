import { randomUUID } from 'node:crypto';

/**
 * An order's payment reference (PBX_CMD, Stripe metadata): unique with the time; it names the order
 * and grants nothing. randomUUID draws from a pre-filled pool: a draw of its own per order was a
 * measured cost in an on-sale rush.
 */
export function newOrderReference(now: Date): string {
  return `G${now.getTime().toString(36).toUpperCase()}${randomUUID().slice(0, 8).toUpperCase()}`;
}
