import type { ChildProcess } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort, startRedis, stopRedis, waitUntil } from '../../test/redis';
import { itWith } from '../../test/services';
import { type Bus, createBus } from './bus';

describe('messages between processes', () => {
  const opened: Bus[] = [];
  let redis: ChildProcess | undefined;
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((bus) => bus.close()));
    await stopRedis(redis);
    redis = undefined;
  });

  it('without Redis, a message reaches this process only', async () => {
    const bus = createBus(undefined);
    opened.push(bus);
    const got: string[] = [];
    const unsubscribe = bus.subscribe('c', (m) => got.push(m));
    bus.publish('c', 'one');
    unsubscribe();
    bus.publish('c', 'two');
    expect(got).toEqual(['one']);
    expect(bus.redis).toBeUndefined();
  });

  itWith(['redis-server'], 'with Redis, a message published by one process reaches the others', async () => {
    const port = await freePort();
    redis = await startRedis(port);
    const [a, b] = [createBus(`redis://127.0.0.1:${port}`), createBus(`redis://127.0.0.1:${port}`)];
    opened.push(a, b);
    const got: string[] = [];
    b.subscribe('guichet:test', (m) => got.push(m));
    await waitUntil(async () => {
      a.publish('guichet:test', 'ping');
      return got.length > 0;
    });
    expect(got[0]).toBe('ping');
  });

  itWith(['redis-server'], 'a fresh client takes its first command once connected: none refused at start', async () => {
    const port = await freePort();
    redis = await startRedis(port);
    const bus = createBus(`redis://127.0.0.1:${port}`);
    opened.push(bus);
    await bus.connected(5_000);
    await expect(bus.redis?.incr('guichet:test:first')).resolves.toBe(1);
  });

  it('a Redis that is not there does not hold the start past its wait', async () => {
    const bus = createBus(`redis://127.0.0.1:${await freePort()}`);
    opened.push(bus);
    await expect(bus.connected(200)).resolves.toBeUndefined();
    expect(bus.redis?.status).not.toBe('ready');
  });

  itWith(
    ['redis-server'],
    'a Redis that goes away is said in the logs, publishing does not throw, and messages flow again on its return',
    async () => {
      const port = await freePort();
      redis = await startRedis(port);
      const warnings: string[] = [];
      const infos: string[] = [];
      const log = {
        warn: (_: object, message: string) => warnings.push(message),
        info: (_: object, m: string) => infos.push(m),
      };
      const [a, b] = [createBus(`redis://127.0.0.1:${port}`, log), createBus(`redis://127.0.0.1:${port}`)];
      opened.push(a, b);
      const got: string[] = [];
      b.subscribe('guichet:test', (m) => got.push(m));
      await waitUntil(async () => {
        a.publish('guichet:test', 'before');
        return got.includes('before');
      });

      await stopRedis(redis);
      expect(() => a.publish('guichet:test', 'lost')).not.toThrow();
      await waitUntil(() => warnings.length > 0);
      expect(warnings[0]).toMatch(/Redis is unreachable/);

      redis = await startRedis(port);
      await waitUntil(async () => {
        a.publish('guichet:test', 'after');
        return got.includes('after');
      }, 20_000);
      expect(infos).toContain('Redis is back');
    },
    40_000,
  );
});
