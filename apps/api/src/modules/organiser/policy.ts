import { organiserFr } from '@guichet/shared';
import { AppError } from '../../lib/errors';
import { can, type Viewer } from '../../policy/can';

/** An organiser runs their own events; an administrator runs every event. */
export function assertCanManage(user: Viewer, organizerId: string): void {
  if (!can(user, 'organizeFor', { id: organizerId })) {
    throw new AppError('NOT_OWNER', organiserFr.event.notOwner, 403);
  }
}

/** Prices, choice tickets, public events and attendee-paid fees need a verified organiser. */
export function assertVerified(user: Viewer, needed: boolean): void {
  if (needed && !can(user, 'useVerifiedFeatures', null)) {
    throw new AppError('VERIFIED_ONLY', organiserFr.verifiedOnlyNote, 403);
  }
}
