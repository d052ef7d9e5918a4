import {
  firstStaffEmailError,
  normalizeEmail,
  type StaffMember,
  type StaffRole,
  type StaffScan,
  staffFr,
} from '@guichet/shared';
import type { AppDeps } from '../../app-deps';
import { AppError, badRequest } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { queueMail } from '../../mail/outbox';
import type { Viewer } from '../../policy/can';
import { authorizeEvent } from '../../policy/event-access';
import { findLiveUserByEmail, findUserName } from '../users/users.repository';
import * as repo from './repository';

const m = staffFr;

/** §2.6's label of a member: Admin for the organiser and the box office (a staff member who can modify), else Staff. */
const statusOf = (role: StaffRole | null): StaffMember['status'] => (role === 'scanner' ? 'staff' : 'admin');

/** The event's staff: the organiser first, as Admin, then the people they added. */
export async function listStaff(deps: AppDeps, viewer: Viewer | null, eventId: string): Promise<StaffMember[]> {
  const event = await authorizeEvent(deps.db, viewer, eventId, 'manageStaff', { hideRefusal: true });
  const rows = await repo.findStaff(deps.db, event.id);
  return rows.map(({ isOrganizer, ...row }) => {
    const role = isOrganizer ? null : row.role;
    return { ...row, role, status: statusOf(role) };
  });
}

/** Adds the owner of an existing account to the staff, and tells them by e-mail. */
export async function addStaff(
  deps: AppDeps,
  viewer: Viewer | null,
  eventId: string,
  email: string,
  role: StaffRole = 'scanner',
): Promise<StaffMember> {
  const event = await authorizeEvent(deps.db, viewer, eventId, 'manageStaff', { hideRefusal: true });
  const invalid = firstStaffEmailError(email);
  if (invalid) throw badRequest(invalid, 'email');
  const user = await findLiveUserByEmail(deps.db, normalizeEmail(email));
  if (!user) throw new AppError('UNKNOWN_ACCOUNT', m.unknownAccount, 404, 'email');
  if (user.id === event.organizerId) throw new AppError('ALREADY_STAFF', m.isOrganizer, 409, 'email');
  const organizer = await findUserName(deps.db, event.organizerId);
  const added = await deps.db.transaction(async (tx) => {
    if (!(await repo.insertStaff(tx, { eventId: event.id, userId: user.id, addedBy: viewer?.id ?? user.id, role }))) {
      return false;
    }
    await queueMail(tx, {
      to: user.email,
      subject: m.mailSubject(deps.config.brandName, event.title),
      text:
        m.mailBody(
          user.firstName,
          organizer ? `${organizer.firstName} ${organizer.lastName}` : deps.config.brandName,
          event.title,
          `${deps.config.publicUrl}/scan/${event.id}`,
        ) +
        (role === 'box-office'
          ? m.mailBoxOffice(`${deps.config.publicUrl}/addParticipationManual?event=${event.id}`)
          : ''),
    });
    return true;
  });
  if (!added) throw new AppError('ALREADY_STAFF', m.alreadyStaff, 409, 'email');
  return {
    userId: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    status: statusOf(role),
    role,
    scannedCount: 0,
    addedAt: deps.clock.now().toISOString(),
  };
}

/** The organiser gives a member another role; it holds from their next request. */
export async function changeStaffRole(
  deps: AppDeps,
  viewer: Viewer | null,
  eventId: string,
  userId: string,
  role: StaffRole,
): Promise<void> {
  const event = await authorizeEvent(deps.db, viewer, eventId, 'manageStaff', { hideRefusal: true });
  if (!isUuid(userId) || !(await repo.updateStaffRole(deps.db, event.id, userId, role))) {
    throw new AppError('NOT_STAFF', m.notStaff, 404);
  }
}

export async function removeStaff(deps: AppDeps, viewer: Viewer | null, eventId: string, userId: string) {
  const event = await authorizeEvent(deps.db, viewer, eventId, 'manageStaff', { hideRefusal: true });
  if (!isUuid(userId) || !(await repo.deleteStaff(deps.db, event.id, userId))) {
    throw new AppError('NOT_STAFF', m.notStaff, 404);
  }
}

/**
 * The tickets one member let in. The organiser and the administrator see anyone's; a member of
 * the staff sees their own only.
 */
export async function listScansBy(
  deps: AppDeps,
  viewer: Viewer | null,
  eventId: string,
  staffUserId: string,
): Promise<StaffScan[]> {
  const ownScans = viewer?.id === staffUserId;
  const event = await authorizeEvent(deps.db, viewer, eventId, ownScans ? 'scan' : 'seeAllScans', {
    hideRefusal: true,
  });
  if (!isUuid(staffUserId)) return [];
  return repo.findScansBy(deps.db, event.id, staffUserId);
}
