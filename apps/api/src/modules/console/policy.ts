import { consoleFr, fr } from '@guichet/shared';
import { AppError } from '../../lib/errors';
import { can, type Viewer } from '../../policy/can';

/** The console is for verified organisers and the administrator (2-organiser.md §2.4 access rule). */
export function assertConsoleAccess(user: Viewer): void {
  if (!can(user, 'useVerifiedFeatures', null)) throw new AppError('CONSOLE_FORBIDDEN', consoleFr.forbidden, 403);
}

/** Only the administrator switches between organisers; everyone else sees their own events. */
export function assertCanViewOrganizer(user: Viewer, organizerId: string): void {
  if (!can(user, 'organizeFor', { id: organizerId })) throw new AppError('FORBIDDEN', fr.common.forbidden, 403);
}

export function assertAdmin(user: Viewer): void {
  if (!can(user, 'administer', null)) throw new AppError('FORBIDDEN', fr.common.forbidden, 403);
}
