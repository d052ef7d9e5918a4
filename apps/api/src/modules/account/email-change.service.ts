import { accountFr, fr, type MessageResult } from '@guichet/shared';
import type { AppDeps } from '../../app-deps';
import type { Database } from '../../db/client';
import { AppError, badRequest } from '../../lib/errors';
import { sha256 } from '../../lib/tokens';
import { queueMail } from '../../mail/outbox';
import { guessEmailCode, issueEmailCode } from '../auth/email-code';
import { markEmailCodeUsed } from '../users/email-codes.repository';
import type { SignedInUser } from '../users/users.repository';
import { updateUser } from '../users/users.repository';
import * as repo from './settings.repository';

/** Inside the caller's transaction: records the pending address and mails it a fresh code. */
export async function startEmailChange(
  deps: AppDeps,
  tx: Database,
  me: Pick<SignedInUser, 'id' | 'firstName'>,
  email: string,
): Promise<void> {
  await updateUser(tx, me.id, { pendingEmail: email });
  const code = await issueEmailCode(tx, me.id, 'email_change', deps.clock.now());
  await queueMail(tx, {
    to: email,
    subject: accountFr.mail.emailChangeSubject(deps.config.brandName),
    text: accountFr.mail.emailChangeBody(me.firstName, code),
  });
}

const incorrect = () => new AppError('CODE_INCORRECT', fr.auth.codeIncorrect, 400, 'code');
const taken = () => new AppError('EMAIL_TAKEN', fr.auth.emailTaken, 409, 'email');

/**
 * Applies the pending e-mail once its code is confirmed. Five wrong guesses kill the code;
 * a wrong guess is committed before the refusal, so parallel guesses are all counted.
 */
export async function confirmEmailChange(
  deps: AppDeps,
  me: SignedInUser,
  sessionToken: string | null,
  rawCode: string,
): Promise<MessageResult> {
  const code = rawCode.trim();
  if (!code) throw badRequest(accountFr.settings.emailChangeCodeRequired, 'code');
  const pending = me.pendingEmail;
  if (!pending) throw new AppError('NO_PENDING_EMAIL', accountFr.settings.noPendingEmail, 400, 'code');
  if (await repo.isEmailUsedByAnother(deps.db, pending, me.id)) throw taken();
  let applied: boolean;
  try {
    applied = await deps.db.transaction(async (tx) => {
      const live = await guessEmailCode(tx, me.id, ['email_change'], code, deps.clock.now(), incorrect);
      if (!live) return false;
      await markEmailCodeUsed(tx, live.id, deps.clock.now());
      await updateUser(tx, me.id, { email: pending, pendingEmail: null, emailVerifiedAt: deps.clock.now() });
      // Like a new password: the account's other sessions end.
      await repo.deleteOtherSessions(tx, me.id, sessionToken ? sha256(sessionToken) : null);
      // The old address hears of it: if someone else made the change, its owner can react.
      await queueMail(tx, {
        to: me.email,
        subject: accountFr.mail.emailChangedSubject(deps.config.brandName),
        text: accountFr.mail.emailChangedBody(me.firstName, pending),
      });
      return true;
    });
  } catch (error) {
    // Another account took the address between the check and the update.
    if ((error as { code?: string; cause?: { code?: string } }).cause?.code === '23505') throw taken();
    if ((error as { code?: string }).code === '23505') throw taken();
    throw error;
  }
  if (!applied) throw incorrect();
  return { message: accountFr.settings.emailChanged };
}

export async function cancelEmailChange(deps: AppDeps, me: SignedInUser): Promise<MessageResult> {
  await deps.db.transaction(async (tx) => {
    await updateUser(tx, me.id, { pendingEmail: null });
    await repo.deleteEmailChangeCodes(tx, me.id);
  });
  return { message: accountFr.settings.profileSaved };
}
