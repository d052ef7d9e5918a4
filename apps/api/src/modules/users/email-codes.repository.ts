import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { emailCodes } from '../../db/schema';

/** The codes e-mailed to an account's owner: registration, password reset, e-mail change. */
export type EmailCodePurpose = (typeof emailCodes.$inferSelect)['purpose'];

export async function replaceEmailCode(
  db: Database,
  values: { userId: string; purpose: EmailCodePurpose; codeHash: string; expiresAt: Date },
): Promise<void> {
  await db.delete(emailCodes).where(and(eq(emailCodes.userId, values.userId), eq(emailCodes.purpose, values.purpose)));
  await db.insert(emailCodes).values(values);
}

/** Locks the user's live code so that concurrent guesses are counted one by one. */
export async function lockLiveEmailCode(db: Database, userId: string, purpose: EmailCodePurpose) {
  const [row] = await db
    .select()
    .from(emailCodes)
    .where(and(eq(emailCodes.userId, userId), eq(emailCodes.purpose, purpose), isNull(emailCodes.usedAt)))
    .limit(1)
    .for('update');
  return row;
}

export async function countFailedAttempt(db: Database, codeId: string): Promise<void> {
  await db
    .update(emailCodes)
    .set({ attempts: sql`${emailCodes.attempts} + 1` })
    .where(eq(emailCodes.id, codeId));
}

export async function markEmailCodeUsed(db: Database, codeId: string, now: Date): Promise<void> {
  await db.update(emailCodes).set({ usedAt: now }).where(eq(emailCodes.id, codeId));
}
