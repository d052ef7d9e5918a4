import type { EventPreview, HistoryType } from '@guichet/shared';
import type { AppDeps } from '../../app-deps';
import { isUuid } from '../../lib/ids';
import { can } from '../../policy/can';
import type { SignedInUser } from '../users/users.repository';
import { privateProfileError } from './follows.service';
import { findHistory } from './history.repository';
import { findLiveUser } from './profile.repository';
import { userNotFound } from './profile.service';

/**
 * The history lists of a person: past events they took part in (private ones only for themselves),
 * and organised events, public ones only for everyone (1-attendee.md: "only public events
 * listed"); nothing of a non-public account.
 */
export async function listHistory(
  deps: AppDeps,
  viewer: SignedInUser | null,
  userId: string,
  type: HistoryType,
): Promise<EventPreview[]> {
  const owner = isUuid(userId) ? await findLiveUser(deps.db, userId) : undefined;
  if (!owner) throw userNotFound();
  if (!can(viewer, 'seeProfile', owner)) throw privateProfileError();
  const withPrivate = type === 'past' && can(viewer, 'seePrivateEventsOf', owner);
  return findHistory(deps.db, owner.id, type, withPrivate, deps.clock.now());
}
