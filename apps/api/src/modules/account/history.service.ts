import type { EventPreview, HistoryType } from '@guichet/shared';
import type { AppDeps } from '../../app-deps';
import type { UserRow } from '../auth/repository';
import { privateProfileError } from './follows.service';
import { findHistory } from './history.repository';
import { canSeePrivateEventsOf, canSeeProfile, isUuid } from './policies';
import { findLiveUser } from './profile.repository';
import { userNotFound } from './profile.service';

/**
 * The history lists of a person: past events they took part in (private ones only for themselves),
 * and organised events, public ones only for everyone (1-attendee.md: "only public events
 * listed"); nothing of a non-public account.
 */
export async function listHistory(
  deps: AppDeps,
  viewer: UserRow | null,
  userId: string,
  type: HistoryType,
): Promise<EventPreview[]> {
  const owner = isUuid(userId) ? await findLiveUser(deps.db, userId) : undefined;
  if (!owner) throw userNotFound();
  if (!canSeeProfile(viewer, owner)) throw privateProfileError();
  const withPrivate = type === 'past' && canSeePrivateEventsOf(viewer, owner.id);
  return findHistory(deps.db, owner.id, type, withPrivate, deps.clock.now());
}
