import { randomUUID } from 'node:crypto';
import type { TestApp } from '../../../test/helpers';
import { orderLines, orders } from '../../db/schema';

/** An order as a confirmed payment (or a door sale) leaves it, with one line. */
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
  const subtotal = values.unitPriceCents * quantity;
  // One transaction, as the checkout writes them: the ledger reads the lines when the order commits.
  return t.database.db.transaction(async (tx) => {
    const [order] = await tx
      .insert(orders)
      .values({
        reference: `T${randomUUID().slice(0, 12)}`,
        eventId: values.eventId,
        userId: values.userId,
        buyerEmail: 'acheteur@test.guichet.fr',
        buyerFirstName: 'Jeanne',
        buyerLastName: 'Test',
        buyerBirthDate: '1995-05-05',
        status: values.status ?? 'paid',
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
    if (!order) throw new Error('order not created');
    await tx
      .insert(orderLines)
      .values({ orderId: order.id, ticketId: values.ticketId, quantity, unitPriceCents: values.unitPriceCents });
    return order;
  });
}
