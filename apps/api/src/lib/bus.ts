import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';

/**
 * Messages between the application's processes: Redis pub/sub when `REDIS_URL` is set, this
 * process's own emitter otherwise (the single-process embedded default). Delivery is best
 * effort: what must never be wrong (places, payments) is decided by PostgreSQL, and a lost
 * message only delays what it would have refreshed.
 */
export type Bus = {
  publish(channel: string, message: string): void;
  /** Calls `handler` for every message of `channel` (this process's included); returns the unsubscribe. */
  subscribe(channel: string, handler: (message: string) => void): () => void;
  /** The Redis client for shared state (queues, counters), or undefined in the embedded default. */
  readonly redis: Redis | undefined;
  /**
   * Resolves once the Redis client can take commands, or after `timeoutMs`: commands sent before
   * are refused at once (no offline queue), and a login counted then would slip past its limit.
   */
  connected(timeoutMs: number): Promise<void>;
  close(): Promise<void>;
};

type Logger = { warn(object: object, message: string): void; info(object: object, message: string): void };

export function createBus(redisUrl: string | undefined, log?: Logger): Bus {
  const local = new EventEmitter();
  local.setMaxListeners(0);
  if (!redisUrl) {
    return {
      publish: (channel, message) => void local.emit(channel, message),
      subscribe(channel, handler) {
        local.on(channel, handler);
        return () => void local.off(channel, handler);
      },
      redis: undefined,
      connected: async () => {},
      close: async () => void local.removeAllListeners(),
    };
  }
  // A subscribed Redis connection can do nothing else: one for commands, one for messages.
  const options = { maxRetriesPerRequest: 2, enableOfflineQueue: false, lazyConnect: false };
  // Commands of one tick (the rate limits of concurrent requests) leave in one write.
  const redis = new Redis(redisUrl, { ...options, enableAutoPipelining: true });
  const subscriber = new Redis(redisUrl, { ...options, enableOfflineQueue: true });
  let down = false;
  const onError = (error: Error) => {
    if (!down) log?.warn({ err: error }, 'Redis is unreachable: messages between processes wait for it');
    down = true;
  };
  redis.on('error', onError);
  subscriber.on('error', onError);
  redis.on('ready', () => {
    if (down) log?.info({}, 'Redis is back');
    down = false;
  });
  subscriber.on('message', (channel: string, message: string) => void local.emit(channel, message));
  const counts = new Map<string, number>();
  return {
    publish(channel, message) {
      redis.publish(channel, message).catch(onError);
    },
    subscribe(channel, handler) {
      local.on(channel, handler);
      const count = (counts.get(channel) ?? 0) + 1;
      counts.set(channel, count);
      if (count === 1) subscriber.subscribe(channel).catch(onError);
      return () => {
        local.off(channel, handler);
        const left = (counts.get(channel) ?? 1) - 1;
        if (left > 0) counts.set(channel, left);
        else {
          counts.delete(channel);
          subscriber.unsubscribe(channel).catch(onError);
        }
      };
    },
    redis,
    async connected(timeoutMs) {
      if (redis.status === 'ready') return;
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          redis.off('ready', done);
          resolve();
        };
        const timer = setTimeout(done, timeoutMs);
        redis.once('ready', done);
      });
    },
    async close() {
      local.removeAllListeners();
      redis.disconnect();
      subscriber.disconnect();
    },
  };
}
