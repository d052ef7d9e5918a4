import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // The last lines name the API tests skipped for a missing PostgreSQL or Redis (apps/api/test/services.ts).
    reporters: ['default', './apps/api/test/skipped-services-reporter.ts'],
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/web/src/**/*.test.ts', 'apps/api/test/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.test.ts'],
          globalSetup: ['apps/api/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
