import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from './helpers';

/**
 * The test application of the enclosing file or describe: made before its tests, closed after
 * them. Its parts are read when used, so a test reaches the application `beforeAll` made.
 */
export function useTestApp(options?: Parameters<typeof createTestApp>[0]): TestApp {
  let current: TestApp | undefined;
  beforeAll(async () => {
    current = await createTestApp(options);
  }, 120_000);
  afterAll(async () => current?.close());
  const made = () => {
    if (!current) throw new Error('the test application is made in beforeAll');
    return current;
  };
  return {
    get app() {
      return made().app;
    },
    get database() {
      return made().database;
    },
    get config() {
      return made().config;
    },
    close: () => made().close(),
  };
}
