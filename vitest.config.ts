import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // The last lines name the API tests skipped for a missing PostgreSQL or Redis (apps/api/test/services.ts).
    reporters: ['default', './apps/api/test/skipped-services-reporter.ts'],
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/web/src/**/*.test.ts',
            'tests/**/*.test.ts',
            'apps/api/test/**/*.test.ts',
          ],
        },
      },
      {
        // The web app's components, rendered in a document (jsdom) as a user meets them. Its pure
        // modules stay in 'unit' (a document costs each file 1 to 2 s).
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['apps/web/test/setup.ts'],
          unstubGlobals: true,
          // A journey through a form is dozens of clicks and keystrokes in jsdom: seconds on a busy machine.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.test.ts'],
          globalSetup: ['apps/api/test/global-setup.ts'],
          setupFiles: ['apps/api/test/one-query-at-a-time.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
