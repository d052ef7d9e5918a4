import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { apiTokens, events, users } from '../../db/schema';
import { sessionUserColumns } from '../users/users.repository';

export async function countLiveTokens(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(apiTokens)
    .where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)));
  return row?.count ?? 0;
}

export async function insertToken(
  db: Database,
  values: { userId: string; name: string; tokenHash: string; scopes: string[] },
): Promise<string> {
  const [row] = await db.insert(apiTokens).values(values).returning({ id: apiTokens.id });
  if (!row) throw new Error('api token not inserted');
  return row.id;
}

export function findLiveTokens(db: Database, userId: string) {
  return db
    .select({
      id: apiTokens.id,
      name: apiTokens.name,
      scopes: apiTokens.scopes,
      createdAt: apiTokens.createdAt,
      lastUsedAt: apiTokens.lastUsedAt,
    })
    .from(apiTokens)
    .where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)))
    .orderBy(desc(apiTokens.createdAt));
}

/** Revokes one of the owner's live tokens; its name when it was one. */
export async function revokeToken(db: Database, userId: string, id: string, now: Date) {
  const [row] = await db
    .update(apiTokens)
    .set({ revokedAt: now })
    .where(and(eq(apiTokens.id, id), eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)))
    .returning({ id: apiTokens.id, name: apiTokens.name, scopes: apiTokens.scopes });
  return row;
}

/** A live token and its owner, refused like a session: a deleted or banned account has none. */
export async function findTokenUser(db: Database, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ user: sessionUserColumns, id: apiTokens.id, scopes: apiTokens.scopes, lastUsedAt: apiTokens.lastUsedAt })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(
      and(
        eq(apiTokens.tokenHash, tokenHash),
        isNull(apiTokens.revokedAt),
        isNull(users.deletedAt),
        sql`(${users.bannedAt} is null or ${users.bannedUntil} <= ${now})`,
      ),
    )
    .limit(1);
  return row;
}

/** Marks the token used, at most once a minute: a busy integration does not write on every call. */
export async function touchToken(db: Database, id: string, now: Date): Promise<void> {
  const minuteAgo = new Date(now.getTime() - 60_000);
  await db
    .update(apiTokens)
    .set({ lastUsedAt: now })
    .where(and(eq(apiTokens.id, id), or(isNull(apiTokens.lastUsedAt), lt(apiTokens.lastUsedAt, minuteAgo))));
}

/** The organiser of an event, when it exists. */
export async function findEventOrganizer(db: Database, eventId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ organizerId: events.organizerId })
    .from(events)
    .where(eq(events.id, eventId))
    .limit(1);
  return row?.organizerId;
}
