import { and, eq, gt, like, ne } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { sessions } from '../../db/schema';

/** The account's sessions still open, newest first. */
export function findLiveSessions(db: Database, userId: string, now: Date) {
  return db
    .select({
      tokenHash: sessions.tokenHash,
      userAgent: sessions.userAgent,
      createdAt: sessions.createdAt,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
    .orderBy(sessions.createdAt);
}

/** Ends the account's session whose hash starts with `handle`; answers whether there was one. */
export async function deleteSessionByHandle(db: Database, userId: string, handle: string): Promise<boolean> {
  const rows = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), like(sessions.tokenHash, `${handle}%`)))
    .returning({ tokenHash: sessions.tokenHash });
  return rows.length > 0;
}

export async function deleteSessionsExcept(db: Database, userId: string, keepTokenHash: string): Promise<void> {
  await db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.tokenHash, keepTokenHash)));
}
