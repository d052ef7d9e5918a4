import {
  firstLoginError,
  firstPasswordError,
  firstRegistrationError,
  formatDateTime,
  fr,
  isEmailValid,
  type LoginRequest,
  normalizeEmail,
  type PasswordResetConfirm,
  type RegisterRequest,
  type SessionUser,
  todayInParis,
} from '@guichet/shared';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { AppError, badRequest } from '../../lib/errors';
import { randomToken, sha256 } from '../../lib/tokens';
import { queueMail } from '../../mail/outbox';
import { banOf } from '../users/ban';
import * as emailCodes from '../users/email-codes.repository';
import type { SignedInUser } from '../users/users.repository';
import * as users from '../users/users.repository';
import { guessEmailCode, issueEmailCode } from './email-code';
import type { LoginEntry } from './login-throttle';
import { hashPassword, verifyAgainstNothing, verifyPassword } from './passwords';
import * as repo from './repository';

export type AuthDeps = { db: Database; config: Config; clock: Clock };

export function toSessionUser(user: SignedInUser, config: Config): SessionUser {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    birthDate: user.birthDate,
    isVerified: user.isVerified,
    isAdmin: user.role === 'admin',
    mustAcceptTerms: user.termsVersionAccepted < config.termsVersion,
  };
}

/**
 * An account as a sign-up writes it: the e-mail normalised, the password hashed (slow: before the
 * transaction), the names trimmed, the current terms accepted.
 */
export async function newAccount(
  input: {
    email: string;
    password: string;
    firstName: string;
    lastName: string;
    birthDate: string;
    newsletter?: boolean;
  },
  config: Config,
) {
  return {
    email: normalizeEmail(input.email),
    passwordHash: await hashPassword(input.password),
    firstName: input.firstName.trim(),
    lastName: input.lastName.trim(),
    birthDate: input.birthDate,
    newsletter: input.newsletter ?? false,
    termsVersionAccepted: config.termsVersion,
  };
}

/** Writes a new account; 409 on its e-mail field when an account has that e-mail already. */
export async function insertAccount(tx: Database, account: Awaited<ReturnType<typeof newAccount>>) {
  const user = await users.insertUser(tx, account);
  if (!user) throw new AppError('EMAIL_TAKEN', fr.auth.emailTaken, 409, 'email');
  return user;
}

export async function register(deps: AuthDeps, input: RegisterRequest): Promise<SessionUser> {
  const { db, config, clock } = deps;
  const error = firstRegistrationError(input, todayInParis(clock.now()));
  if (error) throw badRequest(error.message, error.field);
  const account = await newAccount(input, config);
  return db.transaction(async (tx) => {
    const user = await insertAccount(tx, account);
    await queueMail(tx, {
      to: account.email,
      subject: fr.mail.welcomeSubject(config.brandName),
      text: fr.mail.welcomeBody(user.firstName, config.brandName),
    });
    return toSessionUser(user, config);
  });
}

export type SessionTicket = { token: string; expiresAt: Date; user: SessionUser };

const accountDeleted = () => new AppError('ACCOUNT_DELETED', fr.auth.accountDeleted, 403);

/**
 * Opens a session for the right password. `gate` counts the attempt first (login-throttle.ts): a
 * refusal there comes before the password is read, whether or not the account exists.
 */
export async function login(
  deps: AuthDeps,
  input: LoginRequest,
  client: { userAgent?: string; gate?: (email: string) => Promise<LoginEntry> } = {},
): Promise<SessionTicket> {
  const { db } = deps;
  const error = firstLoginError(input);
  if (error) throw badRequest(error.message, error.field);
  const email = normalizeEmail(input.email);
  const entry = await client.gate?.(email);
  const user = await users.findUserByEmail(db, email);
  if (!user) {
    await verifyAgainstNothing(input.password);
    // A deleted account keeps no password: its former e-mail alone says it was deleted, which
    // tells no more than registration does about an address (docs/decisions.md).
    if (await repo.wasDeleted(db, sha256(email))) throw accountDeleted();
    throw new AppError('INVALID_CREDENTIALS', fr.auth.wrongCredentials, 401);
  }
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    throw new AppError('INVALID_CREDENTIALS', fr.auth.wrongCredentials, 401);
  }
  await entry?.passed();
  if (user.deletedAt) throw accountDeleted();
  return openSession(deps, user, client.userAgent);
}

/** Every way in (password, a mailed code) opens its session here, so a banned account finds none. */
export async function openSession(deps: AuthDeps, user: users.UserRow, userAgent?: string): Promise<SessionTicket> {
  const ban = banOf(user, deps.clock.now());
  if (ban) {
    throw new AppError(
      'ACCOUNT_BANNED',
      ban.until ? fr.auth.accountBannedUntil(formatDateTime(ban.until.toISOString())) : fr.auth.accountBanned,
      403,
    );
  }
  const token = randomToken();
  const expiresAt = new Date(deps.clock.now().getTime() + deps.config.sessionTtlMs);
  await repo.insertSession(deps.db, {
    tokenHash: sha256(token),
    userId: user.id,
    expiresAt,
    userAgent: userAgent?.slice(0, 300) ?? null,
  });
  return { token, expiresAt, user: toSessionUser(user, deps.config) };
}

/**
 * The session's user, or null. Sessions slide: one used after a tenth of its lifetime is
 * extended, so an active user stays logged in without a write on every request.
 */
export async function resolveSession(deps: AuthDeps, token: string) {
  const now = deps.clock.now();
  const tokenHash = sha256(token);
  const row = await repo.findSessionUser(deps.db, tokenHash, now);
  if (!row) return null;
  const ttl = deps.config.sessionTtlMs;
  let expiresAt = row.expiresAt;
  if (expiresAt.getTime() - now.getTime() < ttl * 0.9) {
    expiresAt = new Date(now.getTime() + ttl);
    await repo.extendSession(deps.db, tokenHash, expiresAt);
  }
  return { user: row.user, expiresAt, refreshed: expiresAt !== row.expiresAt };
}

export async function logout(deps: AuthDeps, token: string): Promise<void> {
  await repo.deleteSession(deps.db, sha256(token));
}

export async function requestPasswordReset(deps: AuthDeps, rawEmail: string): Promise<void> {
  const { db, config, clock } = deps;
  const email = normalizeEmail(rawEmail);
  if (!email) throw badRequest(fr.auth.emailRequired, 'email');
  if (!isEmailValid(email)) throw badRequest(fr.auth.emailInvalid, 'email');
  const user = await users.findUserByEmail(db, email);
  if (!user || user.deletedAt) throw new AppError('NO_ACCOUNT', fr.auth.noAccountForEmail, 404, 'email');
  await db.transaction(async (tx) => {
    const code = await issueEmailCode(tx, user.id, 'password_reset', clock.now());
    await queueMail(tx, {
      to: user.email,
      subject: fr.mail.resetSubject(config.brandName),
      text: fr.mail.resetBody(user.firstName, code),
    });
  });
}

const incorrect = () => new AppError('CODE_INCORRECT', fr.auth.codeIncorrect, 400, 'code');

/**
 * Checks a reset code inside the caller's transaction (guessEmailCode): the account and its code when
 * right, undefined for a wrong guess, which is counted; a dead code must be requested again.
 */
async function checkResetCode(tx: Database, deps: AuthDeps, rawEmail: string, code: string) {
  if (!code.trim()) throw badRequest(fr.auth.codeRequired, 'code');
  const user = await users.findUserByEmail(tx, normalizeEmail(rawEmail));
  if (!user || user.deletedAt) throw incorrect();
  const live = await guessEmailCode(tx, user.id, ['password_reset'], code.trim(), deps.clock.now(), incorrect);
  return live && { user, live };
}

export async function verifyResetCode(deps: AuthDeps, email: string, code: string): Promise<void> {
  const result = await deps.db.transaction(async (tx) => Boolean(await checkResetCode(tx, deps, email, code)));
  if (!result) throw incorrect();
}

export async function confirmPasswordReset(deps: AuthDeps, input: PasswordResetConfirm): Promise<void> {
  const passwordError = firstPasswordError(input.password, input.passwordConfirmation);
  if (passwordError) throw badRequest(passwordError, 'password');
  const passwordHash = await hashPassword(input.password);
  const ok = await deps.db.transaction(async (tx) => {
    const check = await checkResetCode(tx, deps, input.email, input.code);
    if (!check) return false;
    await emailCodes.markEmailCodeUsed(tx, check.live.id, deps.clock.now());
    await users.updateUser(tx, check.user.id, { passwordHash });
    // A reset is what a user does when someone else may know the password: end every session.
    await repo.deleteUserSessions(tx, check.user.id);
    return true;
  });
  if (!ok) throw incorrect();
}

export async function acceptTerms(deps: AuthDeps, userId: string): Promise<void> {
  await users.updateUser(deps.db, userId, { termsVersionAccepted: deps.config.termsVersion });
}
