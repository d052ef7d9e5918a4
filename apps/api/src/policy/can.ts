import type { SignedInUser } from '../modules/users/users.repository';

/**
 * Who may do what, in one place (house style: `can(viewer, action, resource)`). Pure: the caller
 * loads what the answer depends on (an event's organiser, visibility, the viewer's staff seat).
 * Services ask it; routes say who may call them at all (`plugins/route-access.ts`).
 */
export type Viewer = Pick<SignedInUser, 'id' | 'role' | 'isVerified'>;

/** An event as a permission sees it, from the viewer's side. */
export type EventRelation = {
  organizerId: string;
  isPublic: boolean;
  /** The viewer is on the event's staff (2-organiser.md §2.6). */
  isStaff: boolean;
  /** The viewer's staff role is box office: they also sell at the door (docs/decisions.md, "Staff"). */
  isBoxOffice?: boolean;
  /** The viewer holds a live ticket of it. */
  isParticipant?: boolean;
};

/** A person as a permission sees them. */
type Person = { id: string; isPublic?: boolean };

/** Each action and what its answer depends on. */
type Resources = {
  /** Read an event's page (a private event only for its own people; share links are checked apart). */
  see: EventRelation;
  /** Edit an event, its tickets and promo codes (2.2). */
  edit: EventRelation;
  /** The console's follow-up, participants and export (2.4, 2.5; verified organisers). */
  followSales: EventRelation;
  /** Accept or refuse the holders' refund requests (paid events: a verified organiser's). */
  decideRefunds: EventRelation;
  /** Cancel the event: sales stop and every paid place is refunded. */
  cancelEvent: EventRelation;
  /** Add and remove staff (2.6). */
  manageStaff: EventRelation;
  /** Sell at the door (2.7), and see one's own door sales. */
  sellAtDoor: EventRelation;
  /** See every door sale of the event, and who made it. */
  seeAllDoorSales: EventRelation;
  /** Write to the event's attendees, and read what was written (issue 31). */
  messageAttendees: EventRelation;
  /** Issue free named tickets to guests, list and revoke them (issue 31). */
  invite: EventRelation;
  /** Scan tickets at the door and see one's own scans. */
  scan: EventRelation;
  /** See everyone's scans of the event. */
  seeAllScans: EventRelation;
  /** Ask for an event's balance to be paid out (2.4): its verified organiser only, whose account it is. */
  requestPayout: EventRelation;
  /** Create or own events for this organiser (someone else's only for an administrator). */
  organizeFor: Person;
  /** The invoices an organiser receives for their payouts' commission: theirs, and an administrator's. */
  readCommissionInvoices: Person;
  /** Prices, choice tickets, public events, fees paid by attendees, the console (2-organiser.md §6). */
  useVerifiedFeatures: null;
  /** The back office and every organiser's console. */
  administer: null;
  /** A person's details: names, counts, lists, history (1-attendee.md §6). */
  seeProfile: Person;
  /** A person's private events. */
  seePrivateEventsOf: Person;
};
export type Action = keyof Resources;
export type EventAction = { [A in Action]: Resources[A] extends EventRelation ? A : never }[Action];

const isAdmin = (viewer: Viewer) => viewer.role === 'admin';
const isVerifiedOrAdmin = (viewer: Viewer) => viewer.isVerified || isAdmin(viewer);
const isOwner = (viewer: Viewer, event: EventRelation) => viewer.id === event.organizerId;
const ownerOrAdmin = (viewer: Viewer, event: EventRelation) => isAdmin(viewer) || isOwner(viewer, event);
// 2-organiser.md §6: the follow-up, manual add, export, payouts and staff are a verified organiser's.
const verifiedOwnerOrAdmin = (viewer: Viewer, event: EventRelation) =>
  isAdmin(viewer) || (isOwner(viewer, event) && viewer.isVerified);
const selfOrAdmin = (viewer: Viewer, person: Person) => viewer.id === person.id || isAdmin(viewer);

const rules: { [A in Action]: (viewer: Viewer, resource: Resources[A]) => boolean } = {
  see: (viewer, event) =>
    event.isPublic || ownerOrAdmin(viewer, event) || event.isStaff || Boolean(event.isParticipant),
  edit: ownerOrAdmin,
  followSales: verifiedOwnerOrAdmin,
  decideRefunds: verifiedOwnerOrAdmin,
  cancelEvent: ownerOrAdmin,
  manageStaff: verifiedOwnerOrAdmin,
  // The box office is the spec's "staff member who can modify" (§2.6): scan and sell, nothing more.
  sellAtDoor: (viewer, event) => verifiedOwnerOrAdmin(viewer, event) || (event.isStaff && Boolean(event.isBoxOffice)),
  seeAllDoorSales: verifiedOwnerOrAdmin,
  messageAttendees: verifiedOwnerOrAdmin,
  // Invitations give places away: the organiser's decision, not the box office's.
  invite: verifiedOwnerOrAdmin,
  // Anyone who runs the door: the organiser (verified or not: a private party has a door too),
  // the administrator and the staff.
  scan: (viewer, event) => ownerOrAdmin(viewer, event) || event.isStaff,
  seeAllScans: ownerOrAdmin,
  // The money goes to the organiser's own bank account: an administrator may see the balance
  // (followSales) but not ask for it in their place.
  requestPayout: (viewer, event) => isOwner(viewer, event) && viewer.isVerified,
  organizeFor: selfOrAdmin,
  readCommissionInvoices: selfOrAdmin,
  useVerifiedFeatures: isVerifiedOrAdmin,
  administer: isAdmin,
  seeProfile: (viewer, person) => Boolean(person.isPublic) || selfOrAdmin(viewer, person),
  seePrivateEventsOf: selfOrAdmin,
};

/** What a visitor may do without an account. */
const visitorRules: Partial<{ [A in Action]: (resource: Resources[A]) => boolean }> = {
  see: (event) => event.isPublic,
  seeProfile: (person) => Boolean(person.isPublic),
};

export function can<A extends Action>(viewer: Viewer | null, action: A, resource: Resources[A]): boolean {
  if (!viewer) return visitorRules[action]?.(resource) ?? false;
  return rules[action](viewer, resource);
}
