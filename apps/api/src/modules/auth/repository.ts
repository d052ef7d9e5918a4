import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { preparedRows, type Statement } from '../../db/prepared';
import { sessions, users } from '../../db/schema';
import { createGroupCommit } from '../../lib/group-commit';
import { type SignedInUser, sessionUserColumns } from '../users/users.repository';

/** Whether an account of this e-mail was deleted (its normalised e-mail's SHA-256 is all that is kept). */
export async function wasDeleted(db: Database, emailHash: string): Promise<boolean> {
  const row = await db.query.users.findFirst({ columns: { id: true }, where: eq(users.deletedEmailHash, emailHash) });
  return Boolean(row);
}

export async function insertSession(db: Database, values: typeof sessions.$inferInsert): Promise<void> {
  await db.insert(sessions).values(values);
}

type SessionLookup = { tokenHash: string; now: Date };
type SessionUser = { user: SignedInUser; expiresAt: Date };

/**
 * The live session's user. Every signed-in request asks it, so the lookups that arrive together
 * share one round trip (a batch of token hashes, through the group commit of lib/group-commit.ts),
 * sent as a named statement whose rows come out as the driver reads them: mapped through the query
 * builder's aliases, the account's thirty columns cost the on-sale's hold route a twentieth of its
 * thread (bench/README.md, "The session read without the query builder").
 */
export async function findSessionUser(db: Database, tokenHash: string, now: Date) {
  let lookups = sessionLookups.get(db);
  if (!lookups) {
    lookups = sessionLookupsOf(db);
    sessionLookups.set(db, lookups);
  }
  return lookups.run('sessions', { tokenHash, now });
}

// The account's columns under their names in SignedInUser; a date as the text the schema reads.
const accountColumns = Object.entries(sessionUserColumns)
  .map(([key, column]) => `u.${column.name}${column.getSQLType() === 'date' ? '::text' : ''} as "${key}"`)
  .join(', ');

/*
 * The account read by its key from each session found, whatever the tables' sizes: a lateral
 * subquery with a LIMIT stays a probe of users_pkey. Joined, the statement's one plan, made while
 * the accounts were few (a fresh sale), read every account for each lookup as they grew. A ban
 * ends the sessions it finds; this also refuses one opened while the ban was written.
 */
const sessionUsersStatement: Statement = {
  name: 'guichet_find_session_users',
  text: `select s.token_hash as "sessionTokenHash", s.expires_at as "sessionExpiresAt", account.*
           from sessions s
          cross join lateral (select ${accountColumns} from users u
                               where u.id = s.user_id and u.deleted_at is null
                                 and (u.banned_at is null or u.banned_until <= $2::timestamptz)
                               limit 1) account
          where s.token_hash = any(array(select unnest($1::text[]))) and s.expires_at > $2::timestamptz`,
};

type SessionUserRow = SignedInUser & { sessionTokenHash: string; sessionExpiresAt: Date };

function sessionLookupsOf(db: Database) {
  const rows = preparedRows(db);
  const find = async (batch: SessionLookup[]) => {
    // The latest clock of the batch: a session that ended meanwhile is refused to all of it.
    const now = new Date(Math.max(...batch.map((lookup) => lookup.now.getTime())));
    const found = await rows<SessionUserRow>(sessionUsersStatement, [
      batch.map((lookup) => lookup.tokenHash),
      now.toISOString(),
    ]);
    const byHash = new Map(
      found.map(({ sessionTokenHash, sessionExpiresAt, ...user }) => [
        sessionTokenHash,
        { user, expiresAt: sessionExpiresAt },
      ]),
    );
    return batch.map((lookup): SessionUser | undefined => byHash.get(lookup.tokenHash));
  };
  return createGroupCommit<SessionLookup, SessionUser | undefined>({
    batch: find,
    single: async (lookup) => (await find([lookup]))[0],
    maxBatch: 64,
  });
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
