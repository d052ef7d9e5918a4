import { z } from 'zod';
import { eventDateView } from '../events/dates';
import { myResale } from '../resale/schemas';
import { pendingTransfer } from '../transfers/schemas';

/** The counts shown on a profile: always computed from the rows, never stored. */
const counts = {
  nbFollowers: z.number().int(),
  nbFollows: z.number().int(),
  /** Verified accounts only (1-attendee.md §1); public events only, as the history list. */
  nbOrganizedEvents: z.number().int().nullable(),
};

/** What anyone sees of a public account: on its profile, and on its card in a follow list. */
export const publicAccountFields = {
  id: z.string(),
  isPublic: z.literal(true),
  firstName: z.string(),
  lastName: z.string(),
  isVerified: z.boolean(),
  photoUrl: z.string().nullable(),
  bannerUrl: z.string().nullable(),
};

const visibleProfile = z.object({
  ...publicAccountFields,
  isMe: z.boolean(),
  description: z.string(),
  /** Present only when the user chose to show it. */
  email: z.string().nullable(),
  isFollowedByMe: z.boolean(),
  ...counts,
});

/** What anyone but its owner learns about a non-public account: that it exists and is private. */
const privateProfile = z.object({
  id: z.string(),
  isPublic: z.literal(false),
  isPrivate: z.literal(true),
});

export const publicProfile = z.union([visibleProfile, privateProfile]);
export type PublicProfile = z.infer<typeof publicProfile>;
export type VisibleProfile = z.infer<typeof visibleProfile>;

export const genders = ['undefined', 'male', 'female', 'nonBinary'] as const;
export type Gender = (typeof genders)[number];

const verificationState = z.enum(['none', 'pending', 'verified']);
export type VerificationState = z.infer<typeof verificationState>;

/** How the account travels to events, and what it shows of itself: set in the settings, read back on the profile. */
export const travelFields = {
  byCar: z.boolean(),
  byFoot: z.boolean(),
  byCommon: z.boolean(),
  byMotorcycle: z.boolean(),
};
export const privacyFields = {
  showEmail: z.boolean(),
  isPublic: z.boolean(),
  newsletter: z.boolean(),
};

/** The owner's own account, as the profile and settings screens show it. */
export const myProfile = z.object({
  id: z.string(),
  email: z.string(),
  pendingEmail: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  birthDate: z.string(),
  age: z.number().int().nullable(),
  gender: z.enum(genders),
  description: z.string(),
  ...travelFields,
  ...privacyFields,
  isVerified: z.boolean(),
  verification: verificationState,
  photoUrl: z.string().nullable(),
  bannerUrl: z.string().nullable(),
  ...counts,
});
export type MyProfile = z.infer<typeof myProfile>;

export const imageUploadResult = z.object({ url: z.string(), message: z.string() });
export type ImageUploadResult = z.infer<typeof imageUploadResult>;

/** A date (séance) a place admits to (issue 32), as the user's tickets show it. */
export const placeDate = z.object({
  id: z.string(),
  dateBegin: z.string(),
  dateEnd: z.string(),
  /** Its former start when the organiser moved it: the holder may have it refunded until the new one. */
  movedFrom: z.string().nullable(),
  isCancelled: z.boolean(),
});
export type PlaceDate = z.infer<typeof placeDate>;

/**
 * One of the user's tickets (1-attendee.md §3 "Participation of a user"): one place (issue 30,
 * its quantity is 1) with its event, ticket, holder and refund state.
 */
export const myParticipation = z.object({
  id: z.string(),
  eventId: z.string(),
  eventTitle: z.string(),
  dateBegin: z.string(),
  dateEnd: z.string(),
  dateMaxRefund: z.string().nullable(),
  /** The date it was bought for (issue 32): null for a pass and for a one-date event's place. */
  dateId: z.string().nullable().optional(),
  /** The dates it admits to: its own, or a pass's; empty for a one-date event. */
  dates: z.array(placeDate).optional(),
  ticketId: z.string(),
  ticketTitle: z.string(),
  quantity: z.number().int(),
  bannerUrl: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  isGift: z.boolean(),
  refundPlaces: z.number().int(),
  refundRequested: z.boolean(),
  /** The order it was bought in, for its invoices; none for a place given without an order. */
  orderId: z.string().nullable(),
  /** That order's reference: the places of one order download as one PDF (issue 30). */
  orderReference: z.string().nullable(),
  /** One number per place, in the event's series (empty until it is numbered, just after the sale). */
  ticketNumbers: z.array(z.number().int()),
  /** A transfer sent to someone who has not accepted it yet (the card offers to cancel it). */
  pendingTransfer: pendingTransfer.nullable(),
  /**
   * The event names its tickets (issue 30): `firstName` and `lastName` are this place's holder,
   * which the buyer may change until `holdersEditableUntil`.
   */
  isNamed: z.boolean(),
  holdersEditableUntil: z.string().nullable(),
  /** The event asks attendee questions (issue 30): until when this place's answers may change; null when it asks none. */
  answersEditableUntil: z.string().nullable(),
  /** Its resale at face value: listed until sold or withdrawn; a place sold stays listed here as such. */
  resale: myResale.nullable(),
  /** What putting it up for resale would refund (its price, the organiser's fee); null when it cannot be. */
  resaleOffer: z.object({ priceCents: z.number().int(), feeCents: z.number().int() }).nullable(),
  /** Its date on a multi-date event (issue 32); null for a pass or a one-date event. */
  eventDate: eventDateView
    .pick({ id: true, dateBegin: true, dateEnd: true, status: true, movedFrom: true })
    .nullable()
    .optional(),
  /** A pass of a multi-date event: how many dates it covers. */
  passDateCount: z.number().int().nullable().optional(),
});
export type MyParticipation = z.infer<typeof myParticipation>;
