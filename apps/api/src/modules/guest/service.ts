import {
  BUYER_NAME_MAX,
  checkoutFr,
  checkoutStepsFr,
  firstRegistrationError,
  fr,
  type GuestAccountRequest,
  type GuestVerifyRequest,
  normalizeEmail,
  todayInParis,
} from '@guichet/shared';
import { AppError, badRequest } from '../../lib/errors';
import { queueMail } from '../../mail/outbox';
import { guessEmailCode, issueEmailCode } from '../auth/email-code';
import { type AuthDeps, insertAccount, newAccount, openSession, type SessionTicket } from '../auth/service';
import * as emailCodes from '../users/email-codes.repository';
import * as users from '../users/users.repository';

const incorrect = () => new AppError('CODE_INCORRECT', fr.auth.codeIncorrect, 400, 'code');
// The spec's 'Lien erroné' answer (1-attendee.md §7, §8): there is no code left to guess, so another
// try is useless. An unknown e-mail is answered so too, like an account without a code.
const erroneous = () => new AppError('CODE_ERRONEOUS', fr.auth.codeErroneous, 400, 'code');

/** Whether a purchase can go on with this e-mail as it is; deleted accounts count as none. */
export async function hasAccount(deps: AuthDeps, rawEmail: string): Promise<boolean> {
  const email = normalizeEmail(rawEmail);
  if (!email) return false;
  const user = await users.findUserByEmail(deps.db, email);
  return Boolean(user && !user.deletedAt);
}

/**
 * The account a guest creates during a purchase: the registration rules, newsletter off, the
 * terms accepted by the purchase's own terms box. It stays unverified until the mailed code
 * comes back (verifyGuest), which is also what logs the buyer in.
 */
export async function createGuestAccount(deps: AuthDeps, input: GuestAccountRequest): Promise<void> {
  const { db, config, clock } = deps;
  const error = firstRegistrationError({ ...input, newsletter: false, acceptTerms: true }, todayInParis(clock.now()));
  if (error) throw badRequest(error.message, error.field);
  for (const name of ['lastName', 'firstName'] as const) {
    if (input[name].trim().length > BUYER_NAME_MAX) throw badRequest(checkoutFr.nameTooLong, name);
  }
  const account = await newAccount({ ...input, newsletter: false }, config);
  await db.transaction(async (tx) => {
    const user = await insertAccount(tx, account);
    const code = await issueEmailCode(tx, user.id, 'email_verification', clock.now());
    await queueMail(tx, {
      to: account.email,
      subject: checkoutStepsFr.mail.verificationSubject(config.brandName),
      text: checkoutStepsFr.mail.verificationBody(user.firstName, code),
    });
  });
}

/**
 * A buyer whose e-mail has an account proves it is theirs without their password: a code is
 * mailed to the address (issue 15). Nothing tells the caller whether it was sent: the lookup
 * already answered that, under its own limit.
 */
export async function sendSignInCode(deps: AuthDeps, rawEmail: string): Promise<void> {
  const email = normalizeEmail(rawEmail);
  if (!email) throw badRequest(checkoutFr.emailRequired, 'email');
  const user = await users.findUserByEmail(deps.db, email);
  if (!user || user.deletedAt) return;
  await deps.db.transaction(async (tx) => {
    const code = await issueEmailCode(tx, user.id, 'sign_in', deps.clock.now());
    await queueMail(tx, {
      to: user.email,
      subject: checkoutStepsFr.mail.verificationSubject(deps.config.brandName),
      text: checkoutStepsFr.mail.verificationBody(user.firstName, code),
    });
  });
}

/**
 * Checks the guest's code (a new account's, or a sign-in code) and opens a session. Five wrong guesses kill the code; a wrong guess is
 * committed before the refusal, so parallel guesses are all counted; a used code is dead. A wrong guess
 * is 'incorrect'; a code that can no longer be right (dead, used, never sent) is 'erroné'.
 */
export async function verifyGuest(
  deps: AuthDeps,
  input: GuestVerifyRequest,
  userAgent?: string,
): Promise<SessionTicket> {
  const code = input.code.trim();
  if (!code) throw badRequest(checkoutStepsFr.code.required, 'code');
  const user = await users.findUserByEmail(deps.db, normalizeEmail(input.email));
  if (!user || user.deletedAt) throw erroneous();
  const verified = await deps.db.transaction(async (tx) => {
    const purposes = ['sign_in', 'email_verification'] as const;
    const live = await guessEmailCode(tx, user.id, purposes, code, deps.clock.now(), erroneous);
    if (!live) return false;
    await emailCodes.markEmailCodeUsed(tx, live.id, deps.clock.now());
    await users.updateUser(tx, user.id, { emailVerifiedAt: deps.clock.now() });
    return true;
  });
  if (!verified) throw incorrect();
  return openSession(deps, user, userAgent);
}
