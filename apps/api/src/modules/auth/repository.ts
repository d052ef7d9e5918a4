import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { sessions, users } from '../../db/schema';
import { sessionUserColumns } from '../users/repository';

/** Whether an account of this e-mail was deleted (its normalised e-mail's SHA-256 is all that is kept). */
export async function wasDeleted(db: Database, emailHash: string): Promise<boolean> {
  const row = await db.query.users.findFirst({ columns: { id: true }, where: eq(users.deletedEmailHash, emailHash) });
  return Boolean(row);
}

export async function insertSession(db: Database, values: typeof sessions.$inferInsert): Promise<void> {
  await db.insert(sessions).values(values);
}

/**
 * The live session's user, in one round trip. Every signed-in request asks it: the query is
 * built once per database and sent as a named statement, rather than built again each time.
 */
export async function findSessionUser(db: Database, tokenHash: string, now: Date) {
  let query = sessionUserQueries.get(db);
  if (!query) {
    query = sessionUserQuery(db);
    sessionUserQueries.set(db, query);
  }
  const [row] = await query.execute({ tokenHash, now });
  return row;
}

function sessionUserQuery(db: Database) {
  const now = sql.placeholder('now');
  return db
    .select({ user: sessionUserColumns, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        gt(sessions.expiresAt, now),
        isNull(users.deletedAt),
        // A ban ends the sessions it finds; this also refuses one opened while the ban was written.
        sql`(${users.bannedAt} is null or ${users.bannedUntil} <= ${now})`,
      ),
    )
    .limit(1)
    .prepare('guichet_find_session_user');
}
const sessionUserQueries = new WeakMap<Database, ReturnType<typeof sessionUserQuery>>();

export async function extendSession(db: Database, tokenHash: string, expiresAt: Date): Promise<void> {
  await db.update(sessions).set({ expiresAt }).where(eq(sessions.tokenHash, tokenHash));
}

export async function deleteSession(db: Database, tokenHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

export async function deleteUserSessions(db: Database, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}
