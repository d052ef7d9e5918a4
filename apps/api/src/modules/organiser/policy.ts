import { organiserFr } from '@guichet/shared';
import { AppError } from '../../lib/errors';
import type { UserRow } from '../auth/repository';

/** An organiser runs their own events; an administrator runs every event. */
export function assertCanManage(user: UserRow, organizerId: string): void {
  if (user.role !== 'admin' && user.id !== organizerId) {
    throw new AppError('NOT_OWNER', organiserFr.event.notOwner, 403);
  }
}

export function isVerifiedOrAdmin(user: UserRow): boolean {
  return user.isVerified || user.role === 'admin';
}

/** Prices, choice tickets, public events and attendee-paid fees need a verified organiser. */
export function assertVerified(user: UserRow, needed: boolean): void {
  if (needed && !isVerifiedOrAdmin(user)) {
    throw new AppError('VERIFIED_ONLY', organiserFr.verifiedOnlyNote, 403);
  }
}
