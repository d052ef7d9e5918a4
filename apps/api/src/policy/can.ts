import type { UserRow } from '../modules/auth/repository';

/**
 * Who may do what, in one place (house style: `can(viewer, action, resource)`). Pure: the caller
 * loads what the answer depends on (an event's organiser, visibility, the viewer's staff seat).
 * Services ask it; routes say who may call them at all.
 */
export type Viewer = Pick<UserRow, 'id' | 'role' | 'isVerified'>;

/** An event as a permission sees it, from the viewer's side. */
export type EventRelation = {
  organizerId: string;
  isPublic: boolean;
  /** The viewer is on the event's staff (2-organiser.md §2.6). */
  isStaff: boolean;
  /** The viewer holds a live ticket of it. */
  isParticipant?: boolean;
};

export type EventAction =
  /** Read its page (a private event only for its own people; share links are checked apart). */
  | 'see'
  /** Edit it, its tickets and promo codes (2.2). */
  | 'edit'
  /** The console's follow-up, participants and export (2.4, 2.5; verified organisers). */
  | 'followSales'
  /** Add and remove staff (2.6). */
  | 'manageStaff'
  /** Sell at the door (2.7). */
  | 'sellAtDoor'
  /** Scan tickets at the door and see one's own scans. */
  | 'scan'
  /** See everyone's scans of the event. */
  | 'seeAllScans';

const isAdmin = (viewer: Viewer) => viewer.role === 'admin';
const isOwner = (viewer: Viewer, event: EventRelation) => viewer.id === event.organizerId;
const ownerOrAdmin = (viewer: Viewer, event: EventRelation) => isAdmin(viewer) || isOwner(viewer, event);
// 2-organiser.md §6: the follow-up, manual add, export, payouts and staff are a verified organiser's.
const verifiedOwnerOrAdmin = (viewer: Viewer, event: EventRelation) =>
  isAdmin(viewer) || (isOwner(viewer, event) && viewer.isVerified);

const eventRules: Record<EventAction, (viewer: Viewer, event: EventRelation) => boolean> = {
  see: (viewer, event) =>
    event.isPublic || ownerOrAdmin(viewer, event) || event.isStaff || Boolean(event.isParticipant),
  edit: ownerOrAdmin,
  followSales: verifiedOwnerOrAdmin,
  manageStaff: verifiedOwnerOrAdmin,
  sellAtDoor: verifiedOwnerOrAdmin,
  // Anyone who runs the door: the organiser (verified or not: a private party has a door too),
  // the administrator and the staff.
  scan: (viewer, event) => ownerOrAdmin(viewer, event) || event.isStaff,
  seeAllScans: ownerOrAdmin,
};

export function can(viewer: Viewer | null, action: EventAction, event: EventRelation): boolean {
  if (!viewer) return action === 'see' && event.isPublic;
  return eventRules[action](viewer, event);
}
