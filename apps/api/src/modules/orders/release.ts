import { checkoutFr } from '@guichet/shared';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/errors';
import { giveBackPromoUse, releaseHeld } from './places';
import { findOrderLines, lockOrder, setOrderStatus } from './repository';

/**
 * The buyer gives a hold back before it expires (they left the payment step): its places are
 * free again at once (its promo use too) and the order is cancelled. Under a lock on the order row, like payment
 * results, so a payment arriving at the same moment is applied either before (the order is then
 * paid and cannot be given back) or after (a late payment for a cancelled order, which the
 * payment confirmation honours or refunds). Giving back an order that no longer holds anything
 * changes nothing.
 */
export async function releaseOrder(db: Database, orderId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order || order.status === 'cancelled' || order.status === 'expired' || order.status === 'failed') return;
    if (order.status !== 'awaiting_payment') {
      throw new AppError('ORDER_ALREADY_PAID', checkoutFr.orderAlreadyPaid, 409);
    }
    const lines = await findOrderLines(tx, order.id);
    // Lock order of every path: the promo code before the tickets.
    await giveBackPromoUse(tx, order.discountCodeId);
    await releaseHeld(tx, lines);
    await setOrderStatus(tx, order.id, 'cancelled');
  });
}
