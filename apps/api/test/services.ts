import { execFileSync, spawnSync } from 'node:child_process';
import { beforeAll, describe, inject, it, type TestContext, TestRunner } from 'vitest';
import { privateReplicaMissing } from './postgres-replica';

/**
 * The tests that need a service this machine may lack (PostgreSQL, a shared Redis, the programs
 * that start a Redis or a PostgreSQL primary and replica of a test's own, or dump a database) never skip silently: under CI (`CI` set)
 * they fail, naming what is missing; elsewhere they are skipped and the run ends with a line
 * naming them and why (test/skipped-services-reporter.ts).
 */
export type Service = 'postgres' | 'redis' | 'redis-server' | 'pg_dump' | 'postgres-replica';

/** The shared Redis of the tests of several processes (CI starts it; the global setup pings it). */
export const testRedisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

const installed = (program: string) => spawnSync(program, ['--version']).status === 0;

/** Why each service is missing here, or null when it is there. */
const missing: Record<Service, () => string | null> = {
  postgres: () => (process.env.DATABASE_URL ? null : 'PostgreSQL (DATABASE_URL unset)'),
  redis: () => (inject('redisAnswers') ? null : `Redis (nothing answers at ${testRedisUrl}; set TEST_REDIS_URL)`),
  'redis-server': () => (installed('redis-server') ? null : 'redis-server (not installed)'),
  // A private primary and streaming replica (initdb, pg_basebackup), as the replica's test starts them.
  'postgres-replica': privateReplicaMissing,
  pg_dump: () => {
    try {
      execFileSync('pg_dump', ['--version'], { stdio: 'ignore' });
      return null;
    } catch {
      return 'pg_dump (not installed)';
    }
  },
};

/** What is missing among `services`, in words; empty when all are there. */
export function missingServices(services: readonly Service[]): string[] {
  return services.map((service) => missing[service]()).filter((reason): reason is string => reason !== null);
}

export const isCi = () => Boolean(process.env.CI) && process.env.CI !== 'false';

function failure(reasons: string[]) {
  return new Error(`Needs ${reasons.join(' and ')}: under CI this test must run, not be skipped.`);
}

/**
 * A `describe` whose tests need `services`: run when they are there; else failed under CI, naming
 * them, and skipped elsewhere with the reason kept for the run's last line.
 */
export function describeWith(services: readonly Service[], name: string, body: () => void) {
  const reasons = missingServices(services);
  if (reasons.length === 0) return describe(name, body);
  if (isCi()) {
    return describe(name, () => {
      beforeAll(() => {
        throw failure(reasons);
      });
      body();
    });
  }
  return describe.skip(name, () => {
    const suite = TestRunner.getCurrentSuite().suite;
    if (suite) suite.meta.needsServices = reasons;
    body();
  });
}

/** An `it` that needs `services`, as `describeWith` decides. */
export function itWith(
  services: readonly Service[],
  name: string,
  body: (context: TestContext) => unknown,
  timeout?: number,
) {
  return it(
    name,
    async (context) => {
      const reasons = missingServices(services);
      if (reasons.length > 0) {
        if (isCi()) throw failure(reasons);
        context.skip(`needs ${reasons.join(' and ')}`);
      }
      await body(context);
    },
    timeout,
  );
}

declare module 'vitest' {
  /** The mark a skipped suite carries for the run's summary: what it needs that is missing. */
  export interface TaskMeta {
    needsServices?: string[];
  }
  export interface ProvidedContext {
    /** Whether the shared Redis of `testRedisUrl` answered when the run began. */
    redisAnswers: boolean;
  }
}
