import { consoleFr, fr } from '@guichet/shared';
import { AppError } from '../../lib/errors';
import type { UserRow } from '../auth/repository';
import { isVerifiedOrAdmin } from '../organiser/policy';

/** The console is for verified organisers and the administrator (2-organiser.md §2.4 access rule). */
export function assertConsoleAccess(user: UserRow): void {
  if (!isVerifiedOrAdmin(user)) throw new AppError('CONSOLE_FORBIDDEN', consoleFr.forbidden, 403);
}

/** Only the administrator switches between organisers; everyone else sees their own events. */
export function assertCanViewOrganizer(user: UserRow, organizerId: string): void {
  if (organizerId !== user.id && user.role !== 'admin') {
    throw new AppError('FORBIDDEN', fr.common.forbidden, 403);
  }
}

export function assertAdmin(user: UserRow): void {
  if (user.role !== 'admin') throw new AppError('FORBIDDEN', fr.common.forbidden, 403);
}
