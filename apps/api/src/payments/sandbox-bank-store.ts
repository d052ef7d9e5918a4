import { asc, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { sandboxBankDecisions, sandboxBankRefunds } from '../db/schema';

export type SandboxRefund = { transactionId: string; amountCents: number; reference: string };

/**
 * What the sandbox bank decided and refunded, kept in the database every server shares: behind a
 * load balancer, a second click or a refund asked again reaches another process than the first,
 * which must find the first answer there (a memory of its own captured a payment twice).
 */
export type SandboxBankStore = {
  /** Keeps `location` as the attempt's decision unless one is kept: the decision kept, and whether it is this one. */
  decide(attempt: string, location: string): Promise<{ location: string; isNew: boolean }>;
  /** Records the refund unless its question was answered before: true when recorded now. */
  refundOnce(question: string, refund: SandboxRefund): Promise<boolean>;
  /** The refunds made on a transaction (10 digits), oldest first. */
  refundsOf(transactionId: string): Promise<SandboxRefund[]>;
};

export function createSandboxBankStore(db: Database): SandboxBankStore {
  return {
    async decide(attempt, location) {
      // The unique key settles two clicks at once on two servers: the second waits, then reads the first.
      const [kept] = await db
        .insert(sandboxBankDecisions)
        .values({ attempt, location })
        .onConflictDoNothing({ target: sandboxBankDecisions.attempt })
        .returning({ location: sandboxBankDecisions.location });
      if (kept) return { location: kept.location, isNew: true };
      const [first] = await db
        .select({ location: sandboxBankDecisions.location })
        .from(sandboxBankDecisions)
        .where(eq(sandboxBankDecisions.attempt, attempt));
      if (!first) throw new Error('sandbox bank: a decision vanished');
      return { location: first.location, isNew: false };
    },
    async refundOnce(question, refund) {
      const made = await db
        .insert(sandboxBankRefunds)
        .values({ question, ...refund })
        .onConflictDoNothing({ target: sandboxBankRefunds.question })
        .returning({ question: sandboxBankRefunds.question });
      return made.length > 0;
    },
    refundsOf: (transactionId) =>
      db
        .select({
          transactionId: sandboxBankRefunds.transactionId,
          amountCents: sandboxBankRefunds.amountCents,
          reference: sandboxBankRefunds.reference,
        })
        .from(sandboxBankRefunds)
        .where(eq(sandboxBankRefunds.transactionId, transactionId))
        .orderBy(asc(sandboxBankRefunds.createdAt)),
  };
}
