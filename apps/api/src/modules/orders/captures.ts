import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { paymentTransactions } from '../../db/schema';

type PaymentTransaction = typeof paymentTransactions.$inferSelect;
type NewCapture = Pick<
  typeof paymentTransactions.$inferInsert,
  'orderId' | 'provider' | 'transactionId' | 'amountCents' | 'kind' | 'refundStatus'
>;

/** Records a provider's capture once; a replayed notification of it changes nothing. */
export async function recordCapture(tx: Database, capture: NewCapture): Promise<void> {
  await tx.insert(paymentTransactions).values(capture).onConflictDoNothing();
}

/**
 * Claims a capture that is owed back (pending, or failed earlier): only one caller gets it, so
 * that concurrent replays of one notification refund it once.
 */
export async function claimRefund(
  db: Database,
  provider: PaymentTransaction['provider'],
  transactionId: string,
): Promise<PaymentTransaction | undefined> {
  const [row] = await db
    .update(paymentTransactions)
    .set({ refundStatus: 'refunding' })
    .where(
      and(
        eq(paymentTransactions.provider, provider),
        eq(paymentTransactions.transactionId, transactionId),
        inArray(paymentTransactions.refundStatus, ['pending', 'failed']),
      ),
    )
    .returning();
  return row;
}

export async function markRefunded(tx: Database, id: string): Promise<void> {
  await tx
    .update(paymentTransactions)
    .set({ refundStatus: 'refunded', refundError: null, refundedAt: sql`now()` })
    .where(eq(paymentTransactions.id, id));
}

export async function markRefundFailed(db: Database, id: string, error: string): Promise<void> {
  await db
    .update(paymentTransactions)
    .set({ refundStatus: 'failed', refundError: error.slice(0, 500) })
    .where(eq(paymentTransactions.id, id));
}
