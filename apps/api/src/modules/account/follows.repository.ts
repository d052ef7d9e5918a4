import type { FollowListType } from '@guichet/shared';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { follows, users } from '../../db/schema';

// Raw and qualified: inside a sub-select, an unqualified "id" would name the inner table's column.
const listedUser = sql.raw('"users"."id"');

/** Idempotent: following twice leaves one row (the primary key decides, not a prior read). */
export async function insertFollow(db: Database, followerId: string, followedId: string): Promise<void> {
  await db.insert(follows).values({ followerId, followedId }).onConflictDoNothing();
}

export async function deleteFollow(db: Database, followerId: string, followedId: string): Promise<void> {
  await db.delete(follows).where(and(eq(follows.followerId, followerId), eq(follows.followedId, followedId)));
}

export async function countFollowers(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(follows)
    .where(eq(follows.followedId, userId));
  return row?.count ?? 0;
}

/** A list is bounded: the screen shows cards, not an export. */
const FOLLOW_LIST_LIMIT = 500;

/** The accounts following `userId` (followers) or followed by them (follows), newest first. */
export function findFollowList(db: Database, userId: string, type: FollowListType) {
  const [listed, owner] =
    type === 'follows' ? [follows.followedId, follows.followerId] : [follows.followerId, follows.followedId];
  return db
    .select({
      id: users.id,
      isPublic: users.isPublic,
      firstName: users.firstName,
      lastName: users.lastName,
      isVerified: users.isVerified,
      photoPath: users.photoPath,
      bannerPath: users.bannerPath,
      nbFollowers: sql<number>`(select count(*)::int from follows x where x.followed_id = ${listedUser})`,
      // The category the account organises most often among its public events.
      category: sql<string | null>`(select et.label from events e join event_types et on et.id = e.type_id
         where e.organizer_id = ${listedUser} and e.is_public and e.deleted_at is null
         group by et.label order by count(*) desc, et.label limit 1)`,
    })
    .from(follows)
    .innerJoin(users, eq(users.id, listed))
    .where(and(eq(owner, userId), isNull(users.deletedAt)))
    .orderBy(desc(follows.createdAt), users.id)
    .limit(FOLLOW_LIST_LIMIT);
}
