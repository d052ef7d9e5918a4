/** Malformed ids are answered like unknown ones (docs/decisions.md). */
export { isUuid } from '../../lib/ids';

import type { UserRow } from '../auth/repository';

type Viewer = Pick<UserRow, 'id' | 'role'> | null;

export function isOwner(viewer: Viewer, userId: string): boolean {
  return viewer?.id === userId;
}

/**
 * Who sees a person's details (names, counts, lists, history): everyone when the account is
 * public; otherwise only its owner and the administrators (1-attendee.md §6).
 */
export function canSeeProfile(viewer: Viewer, target: { id: string; isPublic: boolean }): boolean {
  return target.isPublic || isOwner(viewer, target.id) || viewer?.role === 'admin';
}

/** Private events of a person appear only to that person and the administrators. */
export function canSeePrivateEventsOf(viewer: Viewer, userId: string): boolean {
  return isOwner(viewer, userId) || viewer?.role === 'admin';
}
