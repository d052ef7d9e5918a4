import { copyFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { adminCookie, createTestApp, createUser, listeningTestApp, type TestApp } from './helpers';
import { tempFolders } from './temp-folders';

type AppOptions = Parameters<typeof createTestApp>[0];

/** What `make` answers, made in `beforeAll` of the enclosing file or describe: read it when used. */
function madeBeforeAll<T>(what: string, make: () => Promise<T>): () => T {
  let current: { value: T } | undefined;
  beforeAll(async () => {
    current = { value: await make() };
  }, 120_000);
  return () => {
    if (!current) throw new Error(`${what} is made in beforeAll`);
    return current.value;
  };
}

/** A test application whose parts are read from `made` when used. */
function readWhenUsed(made: () => TestApp): TestApp {
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

/**
 * The test application of the enclosing file or describe: made before its tests, closed after
 * them. Its parts are read when used, so a test reaches the application `beforeAll` made.
 */
export function useTestApp(options?: AppOptions): TestApp {
  let current: TestApp | undefined;
  const made = madeBeforeAll('the test application', async () => {
    current = await createTestApp(options);
    return current;
  });
  afterAll(async () => current?.close());
  return readWhenUsed(made);
}

/** `useTestApp`, also listening on a local port for the tests that call it over HTTP: `base` is its URL. */
export function useListeningTestApp(options?: AppOptions): TestApp & { readonly base: string } {
  let current: TestApp | undefined;
  const made = madeBeforeAll('the listening test application', async () => {
    const listening = await listeningTestApp(options);
    current = listening.t;
    return listening;
  });
  afterAll(async () => current?.close());
  return Object.defineProperty(
    readWhenUsed(() => made().t),
    'base',
    { get: () => made().base },
  ) as TestApp & {
    readonly base: string;
  };
}

/** A verified organiser for the events of the enclosing file or describe, made before its tests. */
export function useOrganiser(t: TestApp): { readonly id: string } {
  const made = madeBeforeAll('the organiser', () => createUser(t, { isVerified: true }));
  return {
    get id() {
      return made().id;
    },
  };
}

/** An administrator of the enclosing file or describe, signed in before its tests: its Cookie header. */
export function useAdmin(t: TestApp): { readonly cookie: string } {
  const made = madeBeforeAll('the administrator', () => adminCookie(t));
  return {
    get cookie() {
      return made();
    },
  };
}

/** `useTestApp` serving a built web app (its index.html only), for the tests of the pages' HTML. */
export function useWebTestApp(): TestApp {
  const newFolder = tempFolders('web');
  let current: TestApp | undefined;
  const made = madeBeforeAll('the test application', async () => {
    const webDist = newFolder();
    // The web app's own page, as the build copies it (its scripts are not needed here).
    copyFileSync(new URL('../../web/index.html', import.meta.url), path.join(webDist, 'index.html'));
    current = await createTestApp({ config: { webDist }, serveWeb: true });
    return current;
  });
  afterAll(async () => current?.close());
  return readWhenUsed(made);
}
