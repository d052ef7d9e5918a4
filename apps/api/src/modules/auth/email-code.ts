import { fr } from '@guichet/shared';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/errors';
import { randomDigits, safeEqual, sha256 } from '../../lib/tokens';
import * as emailCodes from '../users/email-codes.repository';

// Every code mailed to an account (password reset, e-mail check, sign-in, e-mail change) has the
// same lifetime, attempts and hashing (docs/decisions.md).
const CODE_TTL_MS = 15 * 60_000;
const MAX_CODE_ATTEMPTS = 5;
const codeHash = (userId: string, code: string) => sha256(`${userId}:${code}`);

/** Replaces the account's code for `purpose` with a fresh one, kept hashed; returns it in clear, to be mailed. */
export async function issueEmailCode(
  tx: Database,
  userId: string,
  purpose: emailCodes.EmailCodePurpose,
  now: Date,
): Promise<string> {
  const code = randomDigits(6);
  await emailCodes.replaceEmailCode(tx, {
    userId,
    purpose,
    codeHash: codeHash(userId, code),
    expiresAt: new Date(now.getTime() + CODE_TTL_MS),
  });
  return code;
}

/**
 * Checks a guess against the account's live code of the first of `purposes` that has one, locked so
 * that concurrent guesses are counted one by one. No code, or one killed by MAX_CODE_ATTEMPTS wrong
 * guesses, throws `dead()`; an expired one, CODE_EXPIRED. A wrong guess is counted and answered
 * undefined: the caller commits before refusing, so parallel guesses are all counted. A right one
 * answers the code, which the caller marks used when it is spent.
 */
export async function guessEmailCode(
  tx: Database,
  userId: string,
  purposes: readonly emailCodes.EmailCodePurpose[],
  guess: string,
  now: Date,
  dead: () => AppError,
): Promise<{ id: string } | undefined> {
  let live: Awaited<ReturnType<typeof emailCodes.lockLiveEmailCode>>;
  for (const purpose of purposes) {
    live ??= await emailCodes.lockLiveEmailCode(tx, userId, purpose);
  }
  if (!live || live.attempts >= MAX_CODE_ATTEMPTS) throw dead();
  if (live.expiresAt <= now) throw new AppError('CODE_EXPIRED', fr.auth.codeExpired, 400, 'code');
  if (safeEqual(live.codeHash, codeHash(userId, guess))) return live;
  await emailCodes.countFailedAttempt(tx, live.id);
  return undefined;
}
