import {
  accountFr,
  ageOn,
  discountedUnitPriceCents,
  type Gender,
  genders,
  type MyParticipation,
  type MyProfile,
  type PublicProfile,
  todayInParis,
} from '@guichet/shared';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { can } from '../../policy/can';
import { imageUrl } from '../images/processing';
import { receiveImage } from '../images/upload';
import { ticketNumbersOf } from '../invoices/numbering';
import type { SignedInUser } from '../users/users.repository';
import * as repo from './profile.repository';

export const userNotFound = () => new AppError('USER_NOT_FOUND', accountFr.organizer.notFound, 404);

/** A person's profile as `viewer` may see it: a non-public account tells others nothing but that. */
export async function getPublicProfile(
  deps: AppDeps,
  userId: string,
  viewer: SignedInUser | null,
): Promise<PublicProfile> {
  if (!isUuid(userId)) throw userNotFound();
  const row = await repo.findProfile(deps.db, userId, viewer?.id ?? null);
  if (!row) throw userNotFound();
  const { user } = row;
  if (!can(viewer, 'seeProfile', user)) return { id: user.id, isPublic: false, isPrivate: true };
  const isMe = viewer?.id === user.id;
  return {
    id: user.id,
    isPublic: true,
    isMe,
    firstName: user.firstName,
    lastName: user.lastName,
    isVerified: user.isVerified,
    description: user.description,
    email: user.showEmail || isMe ? user.email : null,
    photoUrl: imageUrl(user.photoPath),
    bannerUrl: imageUrl(user.bannerPath),
    isFollowedByMe: row.isFollowedByMe,
    nbFollowers: row.nbFollowers,
    nbFollows: row.nbFollows,
    nbOrganizedEvents: user.isVerified ? row.nbOrganizedEvents : null,
  };
}

export async function getMyProfile(deps: AppDeps, me: SignedInUser): Promise<MyProfile> {
  const row = await repo.findProfile(deps.db, me.id, me.id);
  if (!row) throw userNotFound();
  const { user } = row;
  return {
    id: user.id,
    email: user.email,
    pendingEmail: user.pendingEmail,
    firstName: user.firstName,
    lastName: user.lastName,
    birthDate: user.birthDate,
    age: ageOn(user.birthDate, todayInParis(deps.clock.now())),
    gender: (genders as readonly string[]).includes(user.gender) ? (user.gender as Gender) : 'undefined',
    description: user.description,
    byCar: user.byCar,
    byFoot: user.byFoot,
    byCommon: user.byCommon,
    byMotorcycle: user.byMotorcycle,
    showEmail: user.showEmail,
    isPublic: user.isPublic,
    newsletter: user.newsletter,
    isVerified: user.isVerified,
    verification: user.isVerified ? 'verified' : user.verificationRequestedAt ? 'pending' : 'none',
    photoUrl: imageUrl(user.photoPath),
    bannerUrl: imageUrl(user.bannerPath),
    nbFollowers: row.nbFollowers,
    nbFollows: row.nbFollows,
    nbOrganizedEvents: user.isVerified ? row.nbOrganizedEvents : null,
  };
}

const imageTargets = {
  photo: { kind: 'profilePhoto', column: 'photoPath', failure: accountFr.profile.photoFailed },
  banner: { kind: 'profileBanner', column: 'bannerPath', failure: accountFr.profile.bannerFailed },
} as const;

/** Stores a new profile photo or banner (PNG or JPEG by content, 5 MB at most) and drops the old file. */
export async function changeProfileImage(
  deps: AppDeps,
  request: FastifyRequest,
  me: SignedInUser,
  which: keyof typeof imageTargets,
): Promise<{ url: string; message: string }> {
  const target = imageTargets[which];
  const key = await receiveImage(
    request,
    deps.images,
    { folder: 'users', ownerId: me.id, kind: target.kind },
    target.failure,
  );
  const previous = await repo.replaceImagePath(deps.db, me.id, target.column, key);
  // The old file goes after the row points at the new one: a failure here only leaves a stray file.
  if (previous) await deps.images.delete(previous).catch(() => {});
  return {
    url: imageUrl(key) ?? '',
    message: which === 'photo' ? accountFr.profile.photoChanged : accountFr.profile.bannerChanged,
  };
}

/**
 * What 'Revendre' would refund, shown before the holder confirms; null when the organiser does
 * not allow it now or nothing was paid. The server decides again when asked (resale/service.ts).
 */
function resaleOfferOf(
  row: {
    isGift: boolean;
    unitPriceCents: number;
    discountPercent: number | null;
    resaleAllowed: boolean;
    resaleDeadline: Date | null;
    resaleFeeCents: number;
  },
  now: Date,
) {
  if (!row.resaleAllowed || (row.resaleDeadline && row.resaleDeadline <= now)) return null;
  const priceCents = row.isGift ? 0 : discountedUnitPriceCents(Number(row.unitPriceCents), row.discountPercent);
  return priceCents > 0 ? { priceCents, feeCents: Math.min(row.resaleFeeCents, priceCents) } : null;
}

export async function listMyParticipations(deps: AppDeps, me: SignedInUser): Promise<MyParticipation[]> {
  const rows = await repo.findParticipations(deps.db, me.id, deps.clock.now());
  return rows.map((row) => ({
    id: row.id,
    eventId: row.eventId,
    eventTitle: row.eventTitle,
    dateBegin: new Date(row.dateBegin).toISOString(),
    dateEnd: new Date(row.dateEnd).toISOString(),
    dateMaxRefund: row.dateMaxRefund?.toISOString() ?? null,
    dateId: row.dateId,
    dates: row.dates,
    ticketId: row.ticketId,
    ticketTitle: row.ticketTitle,
    quantity: row.quantity,
    bannerUrl: imageUrl(row.bannerPath),
    firstName: row.firstName,
    lastName: row.lastName,
    isGift: row.isGift,
    refundPlaces: row.refundPlaces,
    refundRequested: row.refundRequestedAt !== null,
    orderId: row.orderId,
    orderReference: row.orderReference,
    ticketNumbers: ticketNumbersOf(row.firstTicketNumber, row.quantity),
    pendingTransfer: row.pendingTransfer,
    isNamed: row.isNamed,
    holdersEditableUntil: row.isNamed ? new Date(row.holdersEditableUntil).toISOString() : null,
    // Answers share the holders' deadline (docs/decisions.md, "Attendee questions").
    answersEditableUntil: row.hasQuestions ? new Date(row.holdersEditableUntil).toISOString() : null,
    resale: row.resale,
    resaleOffer: resaleOfferOf(row, deps.clock.now()),
  }));
}
