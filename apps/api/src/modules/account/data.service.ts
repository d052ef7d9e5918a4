import { accountFr, normalizeEmail } from '@guichet/shared';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../lib/errors';
import { sha256 } from '../../lib/tokens';
import { queueMail } from '../../mail/outbox';
import { imageUrl } from '../images/processing';
import type { SignedInUser } from '../users/users.repository';
import { leaveEveryLine } from '../waiting-list/waiting-list.repository';
import * as repo from './data.repository';

/** A unique address that can never receive mail (.invalid is reserved by RFC 2606). */
const deletedEmail = (userId: string) => `deleted-${userId}@deleted.invalid`;

/**
 * Deletion by the owner: personal data erased, participations and orders kept for accounting.
 * An organiser with events still to come must settle them first: their ticket holders need them.
 */
export async function deleteAccount(deps: AppDeps, me: SignedInUser): Promise<void> {
  const now = deps.clock.now();
  if (await repo.hasUpcomingOrganisedEvents(deps.db, me.id, now)) {
    throw new AppError('HAS_UPCOMING_EVENTS', accountFr.data.upcomingEvents, 409);
  }
  await deps.db.transaction(async (tx) => {
    await queueMail(tx, {
      to: me.email,
      subject: accountFr.mail.deletedSubject(deps.config.brandName),
      text: accountFr.mail.deletedBody(me.firstName),
    });
    await repo.anonymiseUser(tx, me.id, {
      firstName: accountFr.data.deletedFirstName,
      lastName: accountFr.data.deletedLastName,
      email: deletedEmail(me.id),
      deletedEmailHash: sha256(normalizeEmail(me.email)),
      now,
    });
    await leaveEveryLine(tx, me.id, now);
  });
  for (const key of [me.photoPath, me.bannerPath]) {
    if (key) await deps.images.delete(key).catch(() => {});
  }
}

/** The user's personal data as one JSON document (GDPR portability). */
export async function exportPersonalData(deps: AppDeps, me: SignedInUser) {
  const data = await repo.findPersonalData(deps.db, me.id, me.email);
  return {
    exportedAt: deps.clock.now().toISOString(),
    profile: {
      id: me.id,
      email: me.email,
      pendingEmail: me.pendingEmail,
      firstName: me.firstName,
      lastName: me.lastName,
      birthDate: me.birthDate,
      gender: me.gender,
      description: me.description,
      byCar: me.byCar,
      byFoot: me.byFoot,
      byCommon: me.byCommon,
      byMotorcycle: me.byMotorcycle,
      showEmail: me.showEmail,
      isPublic: me.isPublic,
      newsletter: me.newsletter,
      isVerified: me.isVerified,
      verificationRequestedAt: me.verificationRequestedAt,
      termsVersionAccepted: me.termsVersionAccepted,
      photoUrl: imageUrl(me.photoPath),
      bannerUrl: imageUrl(me.bannerPath),
      createdAt: me.createdAt,
    },
    follows: data.followed,
    followers: data.followers,
    participations: data.participations,
    contactMessages: data.messages,
    organisedEvents: data.organised,
    // The lines the person stands or stood in (issue 30), with the offers made to them.
    waitingLists: data.waitingLists,
    // The tickets the person sent or was sent (issue 30), with the receiver's address.
    ticketTransfers: data.transfers,
  };
}
