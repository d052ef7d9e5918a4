import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { sessions, users } from '../../db/schema';
import { createGroupCommit } from '../../lib/group-commit';
import { sessionUserColumns } from '../users/users.repository';

/** Whether an account of this e-mail was deleted (its normalised e-mail's SHA-256 is all that is kept). */
export async function wasDeleted(db: Database, emailHash: string): Promise<boolean> {
  const row = await db.query.users.findFirst({ columns: { id: true }, where: eq(users.deletedEmailHash, emailHash) });
  return Boolean(row);
}

export async function insertSession(db: Database, values: typeof sessions.$inferInsert): Promise<void> {
  await db.insert(sessions).values(values);
}

type SessionLookup = { tokenHash: string; now: Date };
type SessionUser = Awaited<ReturnType<ReturnType<typeof sessionUsersQuery>['execute']>>[number];

/**
 * The live session's user. Every signed-in request asks it, so the lookups that arrive together
 * share one round trip (a batch of token hashes, through the group commit of lib/group-commit.ts),
 * and the query is built once per database and sent as a named statement.
 */
export async function findSessionUser(db: Database, tokenHash: string, now: Date) {
  let lookups = sessionLookups.get(db);
  if (!lookups) {
    lookups = sessionLookupsOf(db);
    sessionLookups.set(db, lookups);
  }
  return lookups.run('sessions', { tokenHash, now });
}

function sessionLookupsOf(db: Database) {
  const query = sessionUsersQuery(db);
  const find = async (batch: SessionLookup[]) => {
    // The latest clock of the batch: a session that ended meanwhile is refused to all of it.
    const now = new Date(Math.max(...batch.map((lookup) => lookup.now.getTime())));
    const rows = await query.execute({ tokenHashes: batch.map((lookup) => lookup.tokenHash), now });
    const byHash = new Map(rows.map((row) => [row.tokenHash, row]));
    return batch.map((lookup): Omit<SessionUser, 'tokenHash'> | undefined => byHash.get(lookup.tokenHash));
  };
  return createGroupCommit<SessionLookup, Omit<SessionUser, 'tokenHash'> | undefined>({
    batch: find,
    single: async (lookup) => (await find([lookup]))[0],
    maxBatch: 64,
  });
}

function sessionUsersQuery(db: Database) {
  const now = sql.placeholder('now');
  // The account read by its key from each session found, whatever the tables' sizes: a lateral
  // subquery with a LIMIT stays a probe of users_pkey. Joined, the statement's one plan, made
  // while the accounts were few (a fresh sale), read every account for each lookup as they grew.
  const account = db
    .select(sessionUserColumns)
    .from(users)
    .where(
      and(
        sql`${users.id} = ${sessions.userId}`,
        isNull(users.deletedAt),
        // A ban ends the sessions it finds; this also refuses one opened while the ban was written.
        sql`(${users.bannedAt} is null or ${users.bannedUntil} <= ${now})`,
      ),
    )
    .limit(1)
    .as('account');
  const user = Object.fromEntries(
    Object.keys(sessionUserColumns).map((key) => [key, account[key as keyof typeof sessionUserColumns]]),
  ) as unknown as { [K in keyof typeof sessionUserColumns]: (typeof account)[K] };
  return db
    .select({ user, expiresAt: sessions.expiresAt, tokenHash: sessions.tokenHash })
    .from(sessions)
    .innerJoinLateral(account, sql`true`)
    .where(
      and(
        // One generic plan for every batch (db/prepared.ts).
        sql`${sessions.tokenHash} = any(array(select unnest(${sql.placeholder('tokenHashes')}::text[])))`,
        gt(sessions.expiresAt, now),
      ),
    )
    .prepare('guichet_find_session_users');
}
const sessionLookups = new WeakMap<Database, ReturnType<typeof sessionLookupsOf>>();

export async function extendSession(db: Database, tokenHash: string, expiresAt: Date): Promise<void> {
  await db.update(sessions).set({ expiresAt }).where(eq(sessions.tokenHash, tokenHash));
}

export async function deleteSession(db: Database, tokenHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

export async function deleteUserSessions(db: Database, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}
