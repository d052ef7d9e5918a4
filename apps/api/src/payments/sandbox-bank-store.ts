import { asc, eq, sql } from 'drizzle-orm';
import { type Database, queryRows } from '../db/client';
import { sandboxBankRefunds } from '../db/schema';
import { createGroupCommit } from '../lib/group-commit';

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

type Decision = { attempt: string; location: string };

/**
 * Decisions taken together are kept by one statement: a decision per payment was the on-sale's
 * most frequent statement (bench/onsale). The unique key settles two clicks at once on two
 * servers (the second waits, then reads the first) or in one batch (the first of the batch wins).
 */
async function keepDecisions(db: Database, batch: Decision[]): Promise<{ location: string; isNew: boolean }[]> {
  // Text of any kind, as JSON: an array literal would need quoting.
  const kept = await queryRows<Decision>(
    db,
    sql`insert into sandbox_bank_decisions (attempt, location)
        select d->>'attempt', d->>'location' from jsonb_array_elements(${JSON.stringify(batch)}::jsonb) d
        on conflict (attempt) do nothing returning attempt, location`,
  );
  const keptNow = new Set(kept.map((d) => d.attempt));
  const missing = [...new Set(batch.map((d) => d.attempt).filter((attempt) => !keptNow.has(attempt)))];
  const earlier =
    missing.length === 0
      ? []
      : await queryRows<Decision>(
          db,
          sql`select attempt, location from sandbox_bank_decisions
              where attempt in (select jsonb_array_elements_text(${JSON.stringify(missing)}::jsonb))`,
        );
  const locations = new Map([...earlier, ...kept].map((d) => [d.attempt, d.location]));
  const answered = new Set<string>();
  return batch.map(({ attempt }) => {
    const location = locations.get(attempt);
    if (location === undefined) throw new Error('sandbox bank: a decision vanished');
    const isNew = keptNow.has(attempt) && !answered.has(attempt);
    answered.add(attempt);
    return { location, isNew };
  });
}

export function createSandboxBankStore(db: Database): SandboxBankStore {
  const decisions = createGroupCommit<Decision, { location: string; isNew: boolean }>({
    batch: (batch) => keepDecisions(db, batch),
    single: async (decision) => {
      const [answer] = await keepDecisions(db, [decision]);
      if (!answer) throw new Error('sandbox bank: no answer for a decision');
      return answer;
    },
  });
  return {
    decide: (attempt, location) => decisions.run('decisions', { attempt, location }),
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
