import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { emailCodes, sessions, users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;

export function findUserByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  return db.query.users.findFirst({ where: eq(users.email, email) });
}

/** Whether an account of this e-mail was deleted (its normalised e-mail's SHA-256 is all that is kept). */
export async function wasDeleted(db: Database, emailHash: string): Promise<boolean> {
  const row = await db.query.users.findFirst({ columns: { id: true }, where: eq(users.deletedEmailHash, emailHash) });
  return Boolean(row);
}

export async function insertUser(db: Database, values: typeof users.$inferInsert): Promise<UserRow | null> {
  const [row] = await db.insert(users).values(values).onConflictDoNothing({ target: users.email }).returning();
  return row ?? null;
}

export async function insertSession(db: Database, values: typeof sessions.$inferInsert): Promise<void> {
  await db.insert(sessions).values(values);
}

/** The live session's user, in one round trip. */
export async function findSessionUser(db: Database, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ user: users, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, now), isNull(users.deletedAt)))
    .limit(1);
  return row;
}

export async function extendSession(db: Database, tokenHash: string, expiresAt: Date): Promise<void> {
  await db.update(sessions).set({ expiresAt }).where(eq(sessions.tokenHash, tokenHash));
}

export async function deleteSession(db: Database, tokenHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

export async function deleteUserSessions(db: Database, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

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

export async function updateUser(db: Database, userId: string, values: Partial<typeof users.$inferInsert>) {
  await db.update(users).set(values).where(eq(users.id, userId));
}
