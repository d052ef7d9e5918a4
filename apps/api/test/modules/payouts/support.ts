import { randomUUID } from 'node:crypto';
import { discountedUnitPriceCents } from '@guichet/shared';
import { eq } from 'drizzle-orm';
import { orderLines, orders } from '../../../src/db/schema';
import type { TestApp } from '../../helpers';

const DAY = 86_400_000;

/** An event's dates a day behind (createEvent's values): its payouts may be asked (docs/decisions.md, "Payout rules"). */
export const endedDates = () => ({
  dateBegin: new Date(Date.now() - DAY - 4 * 3_600_000),
  dateEnd: new Date(Date.now() - DAY),
});

/**
 * An order as a confirmed payment (or a door sale) leaves it, with one line, written in one
 * transaction as the checkout writes it: the ledger posts an order's money at its commit, lines
 * included. An order said refunded or being refunded was paid first, as in life.
 */
export async function paidOrder(
  t: TestApp,
  values: {
    eventId: string;
    ticketId: string;
    userId: string;
    unitPriceCents: number;
    quantity?: number;
    discountPercent?: number | null;
    provider?: 'sandbox' | 'stripe' | 'etransactions' | 'onsite';
    onsitePayment?: 'cash' | 'card';
    feeCents?: number;
    status?: 'paid' | 'refund_requested' | 'refunded';
  },
) {
  const quantity = values.quantity ?? 1;
  const subtotal = discountedUnitPriceCents(values.unitPriceCents, values.discountPercent ?? null) * quantity;
  const order = await t.database.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(orders)
      .values({
        reference: `T${randomUUID().slice(0, 12)}`,
        eventId: values.eventId,
        userId: values.userId,
        buyerEmail: 'acheteur@test.guichet.fr',
        buyerFirstName: 'Jeanne',
        buyerLastName: 'Test',
        buyerBirthDate: '1995-05-05',
        status: 'paid',
        provider: values.provider ?? 'sandbox',
        onsitePayment: values.onsitePayment,
        discountPercent: values.discountPercent ?? null,
        subtotalCents: subtotal,
        feeCents: values.feeCents ?? 0,
        totalCents: subtotal + (values.feeCents ?? 0),
        ticketCount: quantity,
        expiresAt: new Date(),
        paidAt: new Date(),
      })
      .returning();
    if (!row) throw new Error('order not created');
    await tx
      .insert(orderLines)
      .values({ orderId: row.id, ticketId: values.ticketId, quantity, unitPriceCents: values.unitPriceCents });
    return row;
  });
  if (!values.status || values.status === 'paid') return order;
  const [changed] = await t.database.db
    .update(orders)
    .set({ status: values.status })
    .where(eq(orders.id, order.id))
    .returning();
  if (!changed) throw new Error('order not updated');
  return changed;
}
