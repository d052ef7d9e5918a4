import { accountFr, type FollowListItem, type FollowListType, type FollowResult } from '@guichet/shared';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { can } from '../../policy/can';
import { imageUrl } from '../images/processing';
import type { SignedInUser } from '../users/users.repository';
import * as repo from './follows.repository';
import { findLiveUser } from './profile.repository';
import { userNotFound } from './profile.service';

export const privateProfileError = () => new AppError('PRIVATE_PROFILE', accountFr.organizer.privateProfile, 403);

async function liveTarget(deps: AppDeps, userId: string) {
  const target = isUuid(userId) ? await findLiveUser(deps.db, userId) : undefined;
  if (!target) throw userNotFound();
  return target;
}

export async function follow(deps: AppDeps, me: SignedInUser, userId: string): Promise<FollowResult> {
  const target = await liveTarget(deps, userId);
  if (target.id === me.id) throw new AppError('CANNOT_FOLLOW_SELF', accountFr.organizer.cannotFollowSelf, 400);
  // Following a non-public account would reveal its follower count through the answer.
  if (!can(me, 'seeProfile', target)) throw privateProfileError();
  await repo.insertFollow(deps.db, me.id, target.id);
  return { isFollowing: true, nbFollowers: await repo.countFollowers(deps.db, target.id) };
}

/** Always allowed, so that an account that became private can still be left. */
export async function unfollow(deps: AppDeps, me: SignedInUser, userId: string): Promise<FollowResult> {
  const target = await liveTarget(deps, userId);
  if (target.id === me.id) throw new AppError('CANNOT_FOLLOW_SELF', accountFr.organizer.cannotFollowSelf, 400);
  await repo.deleteFollow(deps.db, me.id, target.id);
  const nbFollowers = can(me, 'seeProfile', target) ? await repo.countFollowers(deps.db, target.id) : null;
  return { isFollowing: false, nbFollowers };
}

export async function listFollows(
  deps: AppDeps,
  viewer: SignedInUser | null,
  userId: string,
  type: FollowListType,
): Promise<FollowListItem[]> {
  const owner = await liveTarget(deps, userId);
  if (!can(viewer, 'seeProfile', owner)) throw privateProfileError();
  const rows = await repo.findFollowList(deps.db, owner.id, type);
  return rows.map((row) =>
    can(viewer, 'seeProfile', row)
      ? {
          id: row.id,
          isPublic: true,
          firstName: row.firstName,
          lastName: row.lastName,
          isVerified: row.isVerified,
          category: row.category,
          nbFollowers: row.nbFollowers,
          photoUrl: imageUrl(row.photoPath),
          bannerUrl: imageUrl(row.bannerPath),
        }
      : { id: row.id, isPublic: false },
  );
}
