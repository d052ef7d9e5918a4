import type { Redis } from 'ioredis';

/** A buyer's place: its 0-based position in arrival order and when it was given (epoch ms). */
export type QueueEntry = { position: number; joinedAt: number };

/**
 * Where the queues live: Redis when the processes share one (REDIS_URL), this process's memory
 * otherwise. Every operation is atomic on its own, so that two tabs or two processes asking at
 * once get one answer.
 */
export type QueueStore = {
  /**
   * The visitor's place, given now if it has none (or `replace`): the next position, but never
   * below `floor`, so that a crowd arriving after a quiet spell queues at the rate instead of
   * entering on the credit the quiet spell left.
   */
  join(
    eventId: string,
    visitorId: string,
    options: { floor: number; now: number; replace: boolean },
  ): Promise<QueueEntry>;
  find(eventId: string, visitorId: string): Promise<QueueEntry | null>;
  /** Ties the admission to its first account; returns the account it is tied to. */
  bind(eventId: string, visitorId: string, userId: string): Promise<string>;
  /** How many places were handed out (the bench's and the logs' figure). */
  size(eventId: string): Promise<number>;
};

const parse = (value: string | null | undefined): QueueEntry | null => {
  if (!value) return null;
  const [position, joinedAt] = value.split(':');
  return { position: Number(position), joinedAt: Number(joinedAt) };
};

export function createMemoryQueueStore(): QueueStore {
  const rooms = new Map<string, { next: number; entries: Map<string, string>; users: Map<string, string> }>();
  const room = (eventId: string) => {
    let found = rooms.get(eventId);
    if (!found) {
      found = { next: 0, entries: new Map(), users: new Map() };
      rooms.set(eventId, found);
    }
    return found;
  };
  return {
    async join(eventId, visitorId, { floor, now, replace }) {
      const r = room(eventId);
      const existing = r.entries.get(visitorId);
      if (existing && !replace) return parse(existing) as QueueEntry;
      const position = Math.max(r.next, floor);
      r.next = position + 1;
      r.entries.set(visitorId, `${position}:${now}`);
      return { position, joinedAt: now };
    },
    async find(eventId, visitorId) {
      return parse(rooms.get(eventId)?.entries.get(visitorId));
    },
    async bind(eventId, visitorId, userId) {
      const users = room(eventId).users;
      const bound = users.get(visitorId);
      if (bound) return bound;
      users.set(visitorId, userId);
      return userId;
    },
    async size(eventId) {
      return rooms.get(eventId)?.entries.size ?? 0;
    },
  };
}

// One script, so that reading the visitor's place and handing out the next one cannot interleave
// with another process doing the same.
const JOIN = `
local current = redis.call('HGET', KEYS[2], ARGV[1])
if current and ARGV[5] ~= '1' then return current end
local next = tonumber(redis.call('GET', KEYS[1]) or '0')
local position = math.max(next, tonumber(ARGV[2]))
redis.call('SET', KEYS[1], position + 1, 'EX', ARGV[4])
local entry = position .. ':' .. ARGV[3]
redis.call('HSET', KEYS[2], ARGV[1], entry)
redis.call('EXPIRE', KEYS[2], ARGV[4])
return entry
`;

const BIND = `
redis.call('HSETNX', KEYS[1], ARGV[1], ARGV[2])
redis.call('EXPIRE', KEYS[1], ARGV[3])
return redis.call('HGET', KEYS[1], ARGV[1])
`;

/** Long enough to outlive any on-sale; the keys go by themselves afterwards. */
const KEY_TTL_SECONDS = 14 * 86_400;

/** The event's keys share a hash tag: a Redis Cluster keeps them on one node, as scripts need. */
export const queueKeys = (eventId: string) => ({
  next: `waiting-room:{${eventId}}:next`,
  entries: `waiting-room:{${eventId}}:entries`,
  users: `waiting-room:{${eventId}}:users`,
});

export function createRedisQueueStore(redis: Redis): QueueStore {
  return {
    async join(eventId, visitorId, { floor, now, replace }) {
      const keys = queueKeys(eventId);
      const entry = (await redis.eval(
        JOIN,
        2,
        keys.next,
        keys.entries,
        visitorId,
        String(floor),
        String(now),
        String(KEY_TTL_SECONDS),
        replace ? '1' : '0',
      )) as string;
      return parse(entry) as QueueEntry;
    },
    async find(eventId, visitorId) {
      return parse(await redis.hget(queueKeys(eventId).entries, visitorId));
    },
    async bind(eventId, visitorId, userId) {
      return (await redis.eval(
        BIND,
        1,
        queueKeys(eventId).users,
        visitorId,
        userId,
        String(KEY_TTL_SECONDS),
      )) as string;
    },
    async size(eventId) {
      return redis.hlen(queueKeys(eventId).entries);
    },
  };
}
