import { defineConfig, devices } from '@playwright/test';

// E2E_PORT lets several runs share a machine; the terms server, the Stripe deployment and its
// stand-in for Stripe's API take the next three ports.
const MAIN_PORT = Number(process.env.E2E_PORT ?? 3210);
const TERMS_PORT = MAIN_PORT + 1;
const STRIPE_PORT = MAIN_PORT + 2;
const STRIPE_API_PORT = MAIN_PORT + 3;
// The compiled server, as `npm start` runs it (`npm run test:e2e` builds it first).
const api = 'node --enable-source-maps ../apps/api/dist/server.js';

// With DATABASE_URL, the main server gets a database of its own beside it, made afresh for each run.
function ownDatabase(url: string | undefined): string {
  if (!url) return '';
  const own = new URL(url);
  own.pathname = `${own.pathname}_e2e_${MAIN_PORT}`;
  return own.toString();
}
const MAIN_DATABASE_URL = ownDatabase(process.env.DATABASE_URL);

const serverEnv = {
  // A private build of the web app (npx vite build --outDir …), when several runs share a machine.
  ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}),
  NODE_ENV: 'development',
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  RATE_LIMIT_MAX: '1000',
  SEED_DEMO: 'true',
};

/** One deployment of the compiled server on `port`, its data folder made afresh; `prepare` runs before it starts. */
function deployment(name: string, port: number, env: Record<string, string>, prepare?: string) {
  const dataDir = `.data/${name}-${port}`;
  return {
    command: [`rm -rf ${dataDir}`, prepare, api].filter(Boolean).join(' && '),
    url: `http://localhost:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: { ...serverEnv, PORT: String(port), DATA_DIR: dataDir, ...env },
  };
}

export default defineConfig({
  testDir: './tests',
  // One output folder per port, so that runs sharing a machine do not remove each other's files.
  outputDir: `test-results/${MAIN_PORT}`,
  // The longest journeys (the back office's seven sections each checked by axe, the console, a
  // payout) take 40 to 65 s on the shared 2-core machine on a quiet day and twice that on a busy one.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  // One at a time under CI: two browsers and their servers on the machine's two cores made
  // each journey twice as slow, and menus, debounced searches and retries ran out of time.
  workers: process.env.CI ? 1 : undefined,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${MAIN_PORT}`,
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's Chromium: Playwright's own browser download is not available here.
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined } },
    { name: 'phone', use: { ...devices['Pixel 7'], channel: undefined }, grep: /@phone/ },
  ],
  webServer: [
    // The main server: PostgreSQL when DATABASE_URL is set, else a fresh PGlite.
    deployment(
      'main',
      MAIN_PORT,
      { DATABASE_URL: MAIN_DATABASE_URL },
      `npx tsx fresh-database.ts '${MAIN_DATABASE_URL}'`,
    ),
    // A second deployment whose terms are at version 2: its demo users accepted version 1.
    deployment('terms', TERMS_PORT, { DATABASE_URL: '', TERMS_VERSION: '2' }),
    {
      // Stripe's API is out of reach here: a local stand-in answers the server's calls.
      command: `npx tsx fake-stripe-server.ts ${STRIPE_API_PORT}`,
      port: STRIPE_API_PORT,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    // A deployment that pays through Stripe only (no sandbox bank), against that stand-in.
    deployment('stripe', STRIPE_PORT, {
      DATABASE_URL: '',
      SANDBOX_PAYMENTS: 'false',
      STRIPE_SECRET_KEY: 'sk_test_e2e',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_e2e',
      STRIPE_WEBHOOK_SECRET: 'whsec_e2e',
      STRIPE_API_HOST: '127.0.0.1',
      STRIPE_API_PORT: String(STRIPE_API_PORT),
      STRIPE_API_PROTOCOL: 'http',
    }),
  ],
});
