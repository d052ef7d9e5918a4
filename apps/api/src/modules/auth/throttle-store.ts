import type { Redis } from 'ioredis';

/** How a key's attempts are spaced: `free` at once, then each after a delay that doubles. */
export type ThrottleRule = {
  /** Attempts counted before any delay. */
  free: number;
  /** The first delay; each further attempt doubles it, up to `maxDelayMs`. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** The count is forgotten this long after the last attempt it counted. */
  forgetAfterMs: number;
};

/**
 * Where the login attempts are counted: Redis when the processes share one (REDIS_URL), this
 * process's memory otherwise. Times are the caller's clock (epoch ms); Redis's own expiry only
 * clears keys away.
 */
export type ThrottleStore = {
  /**
   * Counts an attempt under `key`, unless the key is held back: then nothing is counted and the
   * answer is how long to wait (ms). 0: go ahead. Atomic, so that a burst of parallel attempts
   * cannot all pass before the first is counted.
   */
  attempt(key: string, rule: ThrottleRule, now: number): Promise<number>;
  /** Takes back one attempt (it was the owner's, with the right password). */
  forgive(key: string): Promise<void>;
  forget(key: string): Promise<void>;
  /** A mark that lives until `until`. */
  mark(key: string, now: number, until: number): Promise<void>;
  isMarked(key: string, now: number): Promise<boolean>;
};

/** The delay after the `count`-th attempt, 0 while the free attempts last. */
function delayAfter(count: number, rule: ThrottleRule): number {
  if (count < rule.free) return 0;
  return Math.min(rule.baseDelayMs * 2 ** Math.min(count - rule.free, 40), rule.maxDelayMs);
}

type Entry = { count: number; until: number; expiresAt: number };

/** Entries past this many make a write sweep the expired ones (an attacker's many keys). */
const SWEEP_ABOVE = 10_000;

export function createMemoryThrottleStore(): ThrottleStore {
  const entries = new Map<string, Entry>();
  const marks = new Map<string, number>();
  const sweep = (now: number) => {
    if (entries.size > SWEEP_ABOVE) {
      for (const [key, entry] of entries) if (entry.expiresAt <= now) entries.delete(key);
    }
    if (marks.size > SWEEP_ABOVE) {
      for (const [key, until] of marks) if (until <= now) marks.delete(key);
    }
  };
  const live = (key: string, now: number) => {
    const entry = entries.get(key);
    return entry && entry.expiresAt > now ? entry : undefined;
  };
  return {
    async attempt(key, rule, now) {
      const entry = live(key, now) ?? { count: 0, until: 0, expiresAt: 0 };
      if (now < entry.until) return entry.until - now;
      entry.count += 1;
      const delay = delayAfter(entry.count, rule);
      if (delay) entry.until = now + delay;
      entry.expiresAt = now + rule.forgetAfterMs;
      entries.set(key, entry);
      sweep(now);
      return 0;
    },
    async forgive(key) {
      const entry = entries.get(key);
      if (entry && entry.count > 0) entry.count -= 1;
    },
    async forget(key) {
      entries.delete(key);
    },
    async mark(key, now, until) {
      marks.set(key, until);
      sweep(now);
    },
    async isMarked(key, now) {
      return (marks.get(key) ?? 0) > now;
    },
  };
}

// One script, so that two processes counting the same key at once cannot both pass on one count.
// ARGV: now, free, base delay, max delay, forget after (ms).
const ATTEMPT = `
local now = tonumber(ARGV[1])
local held = tonumber(redis.call('HGET', KEYS[1], 'until') or '0')
if now < held then return held - now end
local count = redis.call('HINCRBY', KEYS[1], 'count', 1)
local free = tonumber(ARGV[2])
if count >= free then
  local delay = math.min(tonumber(ARGV[3]) * 2 ^ math.min(count - free, 40), tonumber(ARGV[4]))
  redis.call('HSET', KEYS[1], 'until', now + delay)
end
redis.call('PEXPIRE', KEYS[1], ARGV[5])
return 0
`;

const FORGIVE = `
if tonumber(redis.call('HGET', KEYS[1], 'count') or '0') > 0 then redis.call('HINCRBY', KEYS[1], 'count', -1) end
return 0
`;

/**
 * Redis unreachable: the attempt goes ahead, as the other rate limits do (`skipOnError`); the
 * limit per address and e-mail still holds in that case.
 */
export function createRedisThrottleStore(redis: Redis, onError: (error: unknown) => void): ThrottleStore {
  const safely = async <T>(work: () => Promise<T>, fallback: T): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      onError(error);
      return fallback;
    }
  };
  return {
    attempt: (key, rule, now) =>
      safely(
        async () =>
          Number(
            await redis.eval(
              ATTEMPT,
              1,
              key,
              String(now),
              String(rule.free),
              String(rule.baseDelayMs),
              String(rule.maxDelayMs),
              String(rule.forgetAfterMs),
            ),
          ),
        0,
      ),
    forgive: (key) => safely(async () => void (await redis.eval(FORGIVE, 1, key)), undefined),
    forget: (key) => safely(async () => void (await redis.del(key)), undefined),
    mark: (key, now, until) =>
      safely(async () => void (await redis.set(key, String(until), 'PX', Math.max(1, until - now))), undefined),
    isMarked: (key, now) => safely(async () => Number((await redis.get(key)) ?? '0') > now, false),
  };
}
