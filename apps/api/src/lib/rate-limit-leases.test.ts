import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterEach, expect } from 'vitest';
import { describeWith, itWith, testRedisUrl } from '../../test/services';
import { leasedRedisStore, leaseSizeOf } from './rate-limit-leases';

/** One server process: its own Redis client and store, one limited route. */
async function serverProcess(redis: Redis, max: number, timeWindow: number): Promise<FastifyInstance> {
  const app = Fastify();
  await app.register(rateLimit, { global: false, store: leasedRedisStore(redis) });
  app.get('/limited', { config: { rateLimit: { max, timeWindow } } }, async () => ({ ok: true }));
  await app.ready();
  return app;
}

describeWith(['redis'], 'rate limits shared through Redis a run of numbers at a time', () => {
  const opened: { close(): unknown }[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((thing) => thing.close()));
  });
  const client = () => {
    const redis = new Redis(testRedisUrl, { enableAutoPipelining: true });
    opened.push({ close: () => redis.quit() });
    return redis;
  };
  // Every test its own caller, so that runs never share a window.
  const caller = () =>
    `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

  itWith(['redis'], 'two processes together admit exactly the limit, never more, whatever their share', async () => {
    const [a, b] = [await serverProcess(client(), 200, 60_000), await serverProcess(client(), 200, 60_000)];
    opened.push(a, b);
    const remoteAddress = caller();
    const answers = await Promise.all(
      Array.from({ length: 300 }, (_, i) => (i % 3 === 0 ? a : b).inject({ url: '/limited', remoteAddress })),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(200);
    expect(statuses.filter((status) => status === 429)).toHaveLength(100);
    // Refused from then on, on either process, until the window ends.
    expect((await a.inject({ url: '/limited', remoteAddress })).statusCode).toBe(429);
    expect((await b.inject({ url: '/limited', remoteAddress })).statusCode).toBe(429);
  });

  itWith(['redis'], 'a low limit reserves one number a request: each process sees the other at once', async () => {
    expect(leaseSizeOf(5)).toBe(1);
    const [a, b] = [await serverProcess(client(), 5, 60_000), await serverProcess(client(), 5, 60_000)];
    opened.push(a, b);
    const remoteAddress = caller();
    const statuses: number[] = [];
    for (const app of [a, b, a, b, a, b, a])
      statuses.push((await app.inject({ url: '/limited', remoteAddress })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
  });

  itWith(['redis'], 'a high limit asks Redis once for a run of requests, and says what is left', async () => {
    const redis = client();
    const app = await serverProcess(redis, 1_000, 60_000);
    opened.push(app);
    expect(leaseSizeOf(1_000)).toBe(20);
    const remoteAddress = caller();
    const answers = [];
    for (let i = 0; i < 40; i++) answers.push(await app.inject({ url: '/limited', remoteAddress }));
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    expect(answers[39]?.headers['x-ratelimit-remaining']).toBe('960');
    // Redis counts what was reserved: two runs of 20 so far, a third at the 41st request.
    const key = `guichet-rate-GET/limited-${remoteAddress}`;
    expect(await redis.get(key)).toBe('40');
    await app.inject({ url: '/limited', remoteAddress });
    expect(await redis.get(key)).toBe('60');
  });

  itWith(['redis'], 'a new window admits again', async () => {
    const app = await serverProcess(client(), 100, 400);
    opened.push(app);
    const remoteAddress = caller();
    for (let i = 0; i < 100; i++) expect((await app.inject({ url: '/limited', remoteAddress })).statusCode).toBe(200);
    expect((await app.inject({ url: '/limited', remoteAddress })).statusCode).toBe(429);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await app.inject({ url: '/limited', remoteAddress })).statusCode).toBe(200);
  });

  itWith(['redis'], 'Redis gone: the request goes through (skipOnError) instead of being refused', async () => {
    const redis = new Redis(testRedisUrl, { maxRetriesPerRequest: 0, enableOfflineQueue: false, lazyConnect: true });
    const app = Fastify();
    await app.register(rateLimit, { global: false, skipOnError: true, store: leasedRedisStore(redis) });
    app.get('/limited', { config: { rateLimit: { max: 1, timeWindow: 60_000 } } }, async () => ({ ok: true }));
    opened.push(app);
    const remoteAddress = caller();
    expect((await app.inject({ url: '/limited', remoteAddress })).statusCode).toBe(200);
    expect((await app.inject({ url: '/limited', remoteAddress })).statusCode).toBe(200);
  });
});
