import { randomInt } from 'node:crypto';
import { fr } from '@guichet/shared';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, createUser, PASSWORD, type TestApp, uniqueEmail } from '../../../test/helpers';
import { describeWith, type Service, testRedisUrl } from '../../../test/services';
import { DEVICE_COOKIE } from './login-throttle';

const MINUTE = 60_000;

/** An address of its own per test: on Redis the counters outlive the test application. */
const address = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

/** Each store the limits run on: this process's memory (embedded mode) and a shared Redis. */
const stores: [string, string | undefined, Service[]][] = [
  ['in memory', undefined, []],
  ['on Redis', testRedisUrl, ['redis']],
];
for (const [store, redis, needs] of stores)
  describeWith(needs, `login limits beyond one address and e-mail, ${store}`, () => {
    let now = Date.now();
    let t: TestApp;
    beforeAll(async () => {
      // The production limit (RATE_LIMIT_MAX = 10): 20 wrong passwords per account, 30 per address.
      t = await createTestApp({ clock: { now: () => new Date(now) }, config: { rateLimitMax: 10, redisUrl: redis } });
    });
    afterAll(async () => t.close());

    const login = (email: string, password: string, remoteAddress: string, cookie?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password },
        remoteAddress,
        headers: cookie ? { cookie } : {},
      });
    const deviceCookie = (response: LightMyRequestResponse) => {
      const mark = response.cookies.find((cookie) => cookie.name === DEVICE_COOKIE);
      expect(mark?.httpOnly).toBe(true);
      return `${DEVICE_COOKIE}=${mark?.value}`;
    };

    it('holds back 64 wrong passwords on one account from 8 addresses; its owner still signs in', async () => {
      const owner = await createUser(t);
      const home = address();
      const laptop = await login(owner.email, PASSWORD, address());
      expect(laptop.statusCode).toBe(200);
      const firstSignIn = await login(owner.email, PASSWORD, home);
      expect(firstSignIn.statusCode).toBe(200);

      const attackers = Array.from({ length: 8 }, address);
      const codes: number[] = [];
      for (let round = 0; round < 8; round++) {
        for (const attacker of attackers) codes.push((await login(owner.email, 'Mauvais1', attacker)).statusCode);
      }
      expect(codes.slice(0, 20)).toEqual(Array(20).fill(401));
      expect(codes.slice(20)).toEqual(Array(44).fill(429));
      const refused = await login(owner.email, 'Mauvais1', address());
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED', message: fr.common.tooManyRequests });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

      // The owner: from the address they signed in from, and from anywhere with their browser's mark.
      expect((await login(owner.email, PASSWORD, home)).statusCode).toBe(200);
      expect((await login(owner.email, PASSWORD, address(), deviceCookie(laptop))).statusCode).toBe(200);
      // A new browser at a new address waits like anyone, then gets in: a delay, never a lock.
      expect((await login(owner.email, PASSWORD, address())).statusCode).toBe(429);
      now += 16 * MINUTE;
      expect((await login(owner.email, PASSWORD, address())).statusCode).toBe(200);
    });

    it('answers the same for an e-mail with no account', async () => {
      const email = uniqueEmail('personne');
      const codes: number[] = [];
      for (let i = 0; i < 24; i++) codes.push((await login(email, 'Mauvais1', address())).statusCode);
      expect(codes).toEqual([...Array(20).fill(401), ...Array(4).fill(429)]);
    });

    it('holds back one address trying a password on 40 accounts; a known browser there still signs in', async () => {
      const accounts = await Promise.all(Array.from({ length: 40 }, () => createUser(t)));
      const sprayer = address();
      const codes: number[] = [];
      for (const account of accounts) codes.push((await login(account.email, 'Motdepasse2', sprayer)).statusCode);
      expect(codes).toEqual([...Array(30).fill(401), ...Array(10).fill(429)]);

      // Someone else behind the same address: a browser that signed in before gets in.
      const colleague = await createUser(t);
      const before = await login(colleague.email, PASSWORD, address());
      expect((await login(colleague.email, PASSWORD, sprayer, deviceCookie(before))).statusCode).toBe(200);
      const stranger = await createUser(t);
      expect((await login(stranger.email, PASSWORD, sprayer)).statusCode).toBe(429);
    });
  });

describeWith(['redis'], 'login limits with several processes', () => {
  it('count one account’s wrong passwords together across two processes sharing Redis', async () => {
    const now = Date.now();
    const processes = await Promise.all(
      [1, 2].map(() =>
        createTestApp({ clock: { now: () => new Date(now) }, config: { rateLimitMax: 10, redisUrl: testRedisUrl } }),
      ),
    );
    try {
      const email = uniqueEmail('partage');
      const codes: number[] = [];
      for (let i = 0; i < 24; i++) {
        const response = await (processes[i % 2] as TestApp).app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email, password: 'Mauvais1' },
          remoteAddress: address(),
        });
        codes.push(response.statusCode);
      }
      expect(codes).toEqual([...Array(20).fill(401), ...Array(4).fill(429)]);
    } finally {
      await Promise.all(processes.map((p) => p.close()));
    }
    // Two applications to start (two PGlite databases to migrate without DATABASE_URL).
  }, 180_000);
});
