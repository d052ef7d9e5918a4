import { createHmac } from 'node:crypto';
import { fr } from '@guichet/shared';
import type { Config } from '../../config';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { safeEqual, sha256 } from '../../lib/tokens';
import type { ThrottleRule, ThrottleStore } from './throttle-store';

/** The browser's mark that its owner signed in to an account here (OWASP's "device cookie"). */
export const DEVICE_COOKIE = 'guichet_device';
const DEVICE_TTL_MS = 90 * 86_400_000;
/** An address an account signed in from is known for this long after its last sign-in. */
const KNOWN_ADDRESS_TTL_MS = 30 * 86_400_000;

const MINUTE = 60_000;

/**
 * The limits on wrong passwords that no single address sees whole (docs/decisions.md, issue 26):
 * per account, whatever the address (many addresses guessing one password), and per address,
 * whatever the account (one address trying one password on many accounts). Both are delays that
 * double, never a lock: a known client (a session or a device mark of the account, an address it
 * signed in from) is not held back, and anyone else waits at most `maxDelayMs`.
 */
function loginRules(config: Pick<Config, 'rateLimitMax'>): { account: ThrottleRule; address: ThrottleRule } {
  const common = { baseDelayMs: 1_000, maxDelayMs: 15 * MINUTE, forgetAfterMs: 60 * MINUTE };
  return {
    account: { ...common, free: Math.max(1, 2 * config.rateLimitMax) },
    address: { ...common, free: Math.max(1, 3 * config.rateLimitMax) },
  };
}

/** The device marks' HMAC key, derived from the ticket signing key like the list's cursor key. */
export function deviceKeyFrom(secret: Buffer | string): Buffer {
  return createHmac('sha256', secret).update('guichet known device').digest();
}

/** Who is signing in: their address, and what their browser carries. */
type LoginClient = { ip: string; deviceMark?: string; sessionEmail?: string };

/** One attempt let through: told whether the password was right. */
export type LoginEntry = { passed(): Promise<void> };

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;

export function createLoginThrottle(deps: {
  store: ThrottleStore;
  config: Pick<Config, 'rateLimitMax'>;
  clock: Clock;
  /** Signs the device marks: stable across processes and restarts. */
  key: Buffer;
}) {
  const { store, clock } = deps;
  const rules = loginRules(deps.config);
  // E-mails are hashed: Redis holds no address book.
  const accountKey = (email: string) => `login:account:${sha256(email)}`;
  const addressKey = (ip: string) => `login:address:${ip}`;
  const knownKey = (email: string, ip: string) => `login:known:${sha256(email)}:${ip}`;
  const sign = (email: string, until: number) =>
    createHmac('sha256', deps.key).update(`${email}\n${until}`).digest('base64url');

  const hasDeviceMark = (email: string, mark: string | undefined) => {
    const [until, signature] = (mark ?? '').split('.');
    const expires = Number(until);
    if (!signature || !Number.isFinite(expires) || expires <= clock.now().getTime()) return false;
    return safeEqual(signature, sign(email, expires));
  };

  const refuse = (waitMs: number) => {
    const error = new AppError('RATE_LIMITED', fr.common.tooManyRequests, 429);
    error.retryAfterSeconds = Math.ceil(waitMs / 1_000);
    return error;
  };

  return {
    /**
     * Lets an attempt on `email` (normalised) through, or refuses it with 429 before the password
     * is read. Unknown and existing e-mails are counted alike: the answer tells nothing of an account.
     */
    async enter(email: string, client: LoginClient): Promise<LoginEntry> {
      const now = clock.now().getTime();
      const known =
        client.sessionEmail === email ||
        hasDeviceMark(email, client.deviceMark) ||
        (await store.isMarked(knownKey(email, client.ip), now));
      if (known) return { passed: async () => store.mark(knownKey(email, client.ip), now, now + KNOWN_ADDRESS_TTL_MS) };
      const byAddress = await store.attempt(addressKey(client.ip), rules.address, now);
      if (byAddress) throw refuse(byAddress);
      const byAccount = await store.attempt(accountKey(email), rules.account, now);
      if (byAccount) {
        await store.forgive(addressKey(client.ip));
        throw refuse(byAccount);
      }
      return {
        // The right password: the attempt was no guess, and this address becomes known.
        async passed() {
          await Promise.all([
            store.forgive(addressKey(client.ip)),
            store.forgive(accountKey(email)),
            store.mark(knownKey(email, client.ip), now, now + KNOWN_ADDRESS_TTL_MS),
          ]);
        },
      };
    },
    /** The device mark of a browser that just signed in to `email`, with its expiry. */
    deviceMark(email: string): { value: string; expires: Date } {
      const until = clock.now().getTime() + DEVICE_TTL_MS;
      return { value: `${until}.${sign(email, until)}`, expires: new Date(until) };
    },
    /** A new password proven by a mailed code: the guesses made at the old one no longer hold its owner back. */
    async forgetAccount(email: string): Promise<void> {
      await store.forget(accountKey(email));
    },
  };
}
