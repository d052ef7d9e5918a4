import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';

/** What @fastify/rate-limit's store answers for one request: its number in the window, the window's rest. */
type Count = { current: number; ttl: number };
type Answer = Parameters<FastifyRateLimitStore['incr']>[1];

/**
 * A run of numbers this process reserved in one key's window: it hands out `next` to `last`
 * without asking Redis, until `endsAt`.
 */
type Lease = { next: number; last: number; endsAt: number };

/** At most this share of a limit is reserved at once: 1 (a round trip a request) below 50. */
const LEASE_SHARE = 50;
const MAX_LEASE = 64;
/** Keys kept per process; the oldest lease is dropped past it (its numbers stay counted). */
const MAX_KEYS = 10_000;

// Adds `size` to the window's count, starting the window at the first reservation; answers the
// count after it and the window's rest. A key left without expiry (never by this script) gets one.
const RESERVE = `
local reserved = redis.call('INCRBY', KEYS[1], ARGV[2])
local ttl = redis.call('PTTL', KEYS[1])
if reserved == tonumber(ARGV[2]) or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {reserved, ttl}`;

type ReservingRedis = Redis & {
  guichetRateReserve(key: string, windowMs: number, size: number): Promise<[number, number]>;
};

/** Numbers reserved together for a limit of `max` a window. */
export function leaseSizeOf(max: number): number {
  return Math.min(MAX_LEASE, Math.max(1, Math.floor(max / LEASE_SHARE)));
}

/**
 * @fastify/rate-limit's store when several processes share Redis. Each process reserves the
 * numbers of a window a run at a time (a fiftieth of the limit, at most 64) and hands them out
 * itself, so that a high limit (the holds of an on-sale: 10 × RATE_LIMIT_MAX a minute) costs
 * one Redis command every few dozen requests instead of one a request. Nothing is admitted
 * beyond the limit: Redis counts every number reserved, and a number above the limit is a
 * refusal wherever it is handed out. What a process reserved and did not use is lost to the
 * others until the window ends (at most a lease per process), and a limit under 50 reserves one
 * number at a time, exactly as a command a request did (docs/decisions.md, "Security").
 */
export function leasedRedisStore(redis: Redis): FastifyRateLimitStoreCtor {
  if (!('guichetRateReserve' in redis)) redis.defineCommand('guichetRateReserve', { numberOfKeys: 1, lua: RESERVE });
  const reserving = redis as ReservingRedis;
  const leases = new Map<string, Lease>();
  const inFlight = new Map<string, Promise<void>>();

  const reserve = (key: string, windowMs: number, size: number): Promise<void> => {
    const pending = reserving
      .guichetRateReserve(key, windowMs, size)
      .then(([reserved, ttl]) => {
        leases.delete(key);
        if (leases.size >= MAX_KEYS) leases.delete(leases.keys().next().value as string);
        leases.set(key, { next: reserved - size + 1, last: reserved, endsAt: Date.now() + ttl });
      })
      .finally(() => inFlight.delete(key));
    inFlight.set(key, pending);
    return pending;
  };

  const take = async (key: string, windowMs: number, max: number): Promise<Count> => {
    for (;;) {
      const now = Date.now();
      const lease = leases.get(key);
      if (lease && lease.endsAt > now) {
        if (lease.next <= lease.last) return { current: lease.next++, ttl: lease.endsAt - now };
        // Every number up to the limit is taken, here or elsewhere, until the window ends.
        if (lease.last >= max) return { current: lease.last + 1, ttl: lease.endsAt - now };
      }
      await (inFlight.get(key) ?? reserve(key, windowMs, leaseSizeOf(max)));
    }
  };

  return class LeasedRedisStore implements FastifyRateLimitStore {
    private readonly prefix: string;
    constructor(_settings?: unknown, prefix = 'guichet-rate-') {
      this.prefix = prefix;
    }

    incr(key: string, answer: Answer, windowMs: number, max: number): void {
      take(this.prefix + key, windowMs, max).then(
        (count) => answer(null, count),
        (error: Error) => answer(error),
      );
    }

    // The plugin passes its merged settings, the route under `routeInfo` (empty for createRateLimit).
    child(settings: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      const route = (settings as unknown as { routeInfo: { method?: string; url?: string } }).routeInfo;
      return new LeasedRedisStore(undefined, `${this.prefix}${route.method}${route.url}-`);
    }
  };
}
