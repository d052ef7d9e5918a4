import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { orderLines, orders } from '../../db/schema';
import { convertHeldToSold, releaseHeld, takePlaces } from './inventory';
import { issueParticipations } from './issue';

export type PaymentResult = {
  reference: string;
  status: 'paid' | 'refused' | 'cancelled';
  amountCents: number;
  transactionId: string;
};

export type ConfirmationOutcome =
  | 'paid'
  | 'already_paid'
  | 'released'
  | 'ignored'
  | 'unknown_order'
  | 'amount_mismatch'
  | 'refund_needed';

/**
 * Applies a provider's verdict to an order, exactly once whatever arrives and however often:
 * the order row is locked, and only a state that can still change is changed. A payment for a
 * hold that expired is honoured if its places are still free; otherwise the caller refunds it.
 */
export async function applyPaymentResult(
  deps: { db: Database; config: { brandName: string; publicUrl: string } },
  result: PaymentResult,
): Promise<ConfirmationOutcome> {
  return deps.db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.reference, result.reference)).for('update');
    if (!order) return 'unknown_order';
    const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, order.id));
    const places = lines.map((l) => ({ ticketId: l.ticketId, quantity: l.quantity }));

    if (result.status !== 'paid') {
      if (order.status !== 'awaiting_payment') return 'ignored';
      await releaseHeld(tx, places);
      await tx
        .update(orders)
        .set({ status: result.status === 'cancelled' ? 'cancelled' : 'failed' })
        .where(eq(orders.id, order.id));
      return 'released';
    }

    if (order.status === 'paid' || order.status === 'refund_requested' || order.status === 'refunded') {
      return 'already_paid';
    }
    if (result.amountCents !== order.totalCents) return 'amount_mismatch';
    if (order.status === 'awaiting_payment') {
      await convertHeldToSold(tx, places);
    } else {
      const event = await tx.query.events.findFirst({ where: (e, { eq: equals }) => equals(e.id, order.eventId) });
      // A savepoint: a limit that fails half-way leaves no place taken.
      const retaken = await tx
        .transaction(async (savepoint) => {
          const taken = await takePlaces(savepoint, {
            eventId: order.eventId,
            cap: event?.nbMaxParticipants ?? -1,
            lines: places,
            into: 'sold',
          });
          if (!taken) throw new Error('no places');
          return true;
        })
        .catch(() => false);
      if (!retaken) {
        await tx
          .update(orders)
          .set({ status: 'refund_requested', transactionId: result.transactionId })
          .where(eq(orders.id, order.id));
        return 'refund_needed';
      }
    }
    await tx
      .update(orders)
      .set({ status: 'paid', paidAt: sql`now()`, transactionId: result.transactionId })
      .where(eq(orders.id, order.id));
    await issueParticipations(
      tx,
      order,
      lines.map((l) => ({
        ticket: { id: l.ticketId },
        quantity: l.quantity,
        refundPlaces: l.refundPlaces,
        isGift: l.isGift,
      })),
      order.discountCodeId,
      deps.config,
    );
    return 'paid';
  });
}
