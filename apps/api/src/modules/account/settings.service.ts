import {
  accountFr,
  firstPasswordError,
  firstProfileSettingsError,
  fr,
  type MessageResult,
  normalizeEmail,
  type PasswordChange,
  type PrivacySettings,
  type ProfileSaveResult,
  type ProfileSettings,
  type TravelSettings,
  todayInParis,
} from '@guichet/shared';
import type { AppDeps } from '../../app-deps';
import { AppError, badRequest } from '../../lib/errors';
import { sha256 } from '../../lib/tokens';
import { queueMail } from '../../mail/outbox';
import { hashPassword, verifyPassword } from '../auth/passwords';
import type { SignedInUser } from '../users/users.repository';
import { findPasswordHash, updateUser } from '../users/users.repository';
import { startEmailChange } from './email-change.service';
import * as repo from './settings.repository';

const m = accountFr.settings;

/**
 * The account's current password, asked before what would hand the account to someone else (a new
 * password, a new e-mail): a session left open on a shared computer is not enough (issue 15).
 */
async function assertCurrentPassword(deps: AppDeps, me: SignedInUser, password: string): Promise<void> {
  if (!password) throw badRequest(m.currentPasswordRequired, 'currentPassword');
  const hash = await findPasswordHash(deps.db, me.id);
  if (!hash || !(await verifyPassword(hash, password))) throw badRequest(m.currentPasswordWrong, 'currentPassword');
}

/**
 * Saves the profile group. A new e-mail is not applied: it waits in pendingEmail until the
 * code sent to it is confirmed, so nobody can take an address they do not read.
 */
export async function saveProfile(deps: AppDeps, me: SignedInUser, input: ProfileSettings): Promise<ProfileSaveResult> {
  const error = firstProfileSettingsError(input, todayInParis(deps.clock.now()));
  if (error) throw badRequest(error.message, error.field);
  const email = normalizeEmail(input.email);
  const changesEmail = email !== me.email;
  if (changesEmail) await assertCurrentPassword(deps, me, input.currentPassword);
  if (changesEmail && (await repo.isEmailUsedByAnother(deps.db, email, me.id))) {
    throw new AppError('EMAIL_TAKEN', fr.auth.emailTaken, 409, 'email');
  }
  const firstName = input.firstName.trim();
  await deps.db.transaction(async (tx) => {
    await updateUser(tx, me.id, {
      firstName,
      lastName: input.lastName.trim(),
      birthDate: input.birthDate,
      gender: input.gender,
      description: input.description.trim(),
    });
    if (changesEmail) await startEmailChange(deps, tx, { ...me, firstName }, email);
  });
  return { message: m.profileSaved, pendingEmail: changesEmail ? email : me.pendingEmail };
}

export async function saveTravel(deps: AppDeps, me: SignedInUser, input: TravelSettings): Promise<MessageResult> {
  await updateUser(deps.db, me.id, input);
  return { message: m.profileSaved };
}

export async function savePrivacy(deps: AppDeps, me: SignedInUser, input: PrivacySettings): Promise<MessageResult> {
  await updateUser(deps.db, me.id, input);
  return { message: m.profileSaved };
}

/** A new password ends the user's other sessions: whoever knew the old one is logged out. */
export async function changePassword(
  deps: AppDeps,
  me: SignedInUser,
  sessionToken: string | null,
  input: PasswordChange,
): Promise<MessageResult> {
  await assertCurrentPassword(deps, me, input.currentPassword);
  const error = firstPasswordError(input.password, input.passwordConfirmation);
  if (error) {
    const field = input.password && error !== fr.auth.passwordInvalid ? 'passwordConfirmation' : 'password';
    throw badRequest(error, field);
  }
  const passwordHash = await hashPassword(input.password);
  await deps.db.transaction(async (tx) => {
    await updateUser(tx, me.id, { passwordHash });
    await repo.deleteOtherSessions(tx, me.id, sessionToken ? sha256(sessionToken) : null);
    await queueMail(tx, {
      to: me.email,
      subject: accountFr.mail.passwordChangedSubject(deps.config.brandName),
      text: accountFr.mail.passwordChangedBody(me.firstName),
    });
  });
  return { message: fr.auth.passwordChanged };
}

/** Not requested → in progress; the administrators decide (document 2 and the console). */
export async function requestVerification(deps: AppDeps, me: SignedInUser): Promise<MessageResult> {
  if (me.isVerified) throw new AppError('ALREADY_VERIFIED', m.alreadyVerified, 409);
  await deps.db.transaction(async (tx) => {
    if (!(await repo.markVerificationRequested(tx, me.id, deps.clock.now()))) {
      throw new AppError('VERIFICATION_PENDING', m.verificationAlreadyRequested, 409);
    }
    await queueMail(tx, {
      to: deps.config.contactEmail,
      subject: accountFr.mail.verificationSubject(deps.config.brandName),
      text: accountFr.mail.verificationBody(`${me.firstName} ${me.lastName}`, me.email, me.id),
    });
  });
  return { message: m.verificationSent };
}
