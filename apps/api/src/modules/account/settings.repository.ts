import { and, eq, isNull, ne, not } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { emailCodes, sessions, users } from '../../db/schema';

/** True when an account other than `userId` (deleted ones included) holds the address. */
export async function isEmailUsedByAnother(db: Database, email: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), ne(users.id, userId)))
    .limit(1);
  return Boolean(row);
}

/** Ends the user's other sessions, keeping the one that made the change. */
export async function deleteOtherSessions(db: Database, userId: string, keepTokenHash: string | null): Promise<void> {
  await db
    .delete(sessions)
    .where(
      keepTokenHash
        ? and(eq(sessions.userId, userId), ne(sessions.tokenHash, keepTokenHash))
        : eq(sessions.userId, userId),
    );
}

/**
 * Records a verification request only if none is pending and the account is not verified:
 * one statement, so two simultaneous requests cannot both succeed.
 */
export async function markVerificationRequested(db: Database, userId: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ verificationRequestedAt: now })
    .where(and(eq(users.id, userId), isNull(users.verificationRequestedAt), not(users.isVerified)))
    .returning({ id: users.id });
  return rows.length > 0;
}

export async function deleteEmailChangeCodes(db: Database, userId: string): Promise<void> {
  await db.delete(emailCodes).where(and(eq(emailCodes.userId, userId), eq(emailCodes.purpose, 'email_change')));
}
