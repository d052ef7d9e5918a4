/// <reference lib="dom" />
/**
 * bench/lcp — Largest Contentful Paint of /billetterie and of an event page, as a phone on a
 * slow network sees them: Chromium with a phone's screen (Pixel 7), the CPU slowed 4 times and
 * Chrome's "Slow 4G" (562.5 ms round trip, 1.6 Mbit/s down, 750 kbit/s up), cache empty at each
 * load. It starts the compiled server (`npm run build` first) on the embedded database with the
 * demo data, loads each page BENCH_RUNS times (default 3) and prints the median LCP and the
 * layout shift (CLS). Target: LCP at most 2.0 s on both pages; CLS under 0.1.
 *
 * Settings: BENCH_PORT (default 3700), CHROMIUM_PATH (default /usr/bin/chromium), BENCH_RUNS.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, devices } from 'playwright-core';
import { runBench } from './run-bench';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const PORT = Number(process.env.BENCH_PORT ?? 3700);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const TARGET_LCP_MS = 2000;
const TARGET_CLS = 0.1;
const base = `http://127.0.0.1:${PORT}`;

// Chrome DevTools' "Slow 4G" preset, the one Lighthouse's mobile profile uses.
const SLOW_4G = {
  offline: false,
  latency: 562.5,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};

async function startServer(dataDir: string): Promise<ChildProcess> {
  const server = spawn(process.execPath, ['--enable-source-maps', path.join(root, 'apps/api/dist/server.js')], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 120; i++) {
    if (server.exitCode !== null)
      throw new Error(`the server stopped (exit code ${server.exitCode}); run npm run build first`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the server did not start');
}

type Measure = { lcpMs: number; cls: number; element: string };

async function measure(url: string): Promise<Measure> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const { defaultBrowserType: _, ...phone } = devices['Pixel 7'];
    const context = await browser.newContext({ ...phone, locale: 'fr-FR', timezoneId: 'Europe/Paris' });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.addInitScript(() => {
      const w = window as unknown as { __cls: number };
      w.__cls = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
          if (!entry.hadRecentInput) w.__cls += entry.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    await page.waitForLoadState('networkidle', { timeout: 60_000 });
    await page.waitForTimeout(1000);
    return await page.evaluate(
      () =>
        new Promise<Measure>((resolve) => {
          new PerformanceObserver((list) => {
            const entries = list.getEntries() as (PerformanceEntry & { element?: Element; url?: string })[];
            const last = entries[entries.length - 1];
            // The first paint's image is replaced by React's once the scripts have run: then only its URL remains.
            const url = last?.url ? ` ${last.url.replace(location.origin, '')}` : '';
            const element = `${last?.element ? last.element.tagName.toLowerCase() : 'first paint'}${url}`;
            resolve({
              lcpMs: last?.startTime ?? Number.NaN,
              cls: (window as unknown as { __cls: number }).__cls,
              element,
            });
          }).observe({ type: 'largest-contentful-paint', buffered: true });
        }),
    );
  } finally {
    await browser.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

async function main(): Promise<number> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'guichet-lcp-'));
  const server = await startServer(dataDir);
  try {
    const list = (await (await fetch(`${base}/api/events?q=gala`)).json()) as { items: { id: string }[] };
    const eventId = list.items[0]?.id;
    if (!eventId) throw new Error('the demo event is missing');
    const pages = [
      { name: '/billetterie', url: `${base}/billetterie` },
      { name: '/billetterie/{id}', url: `${base}/billetterie/${eventId}` },
    ];
    console.log(
      `lcp: Pixel 7 screen, CPU 4x slower, Slow 4G (562.5 ms RTT, 1.6 Mbit/s), cold cache; ${RUNS} loads each`,
    );
    const results = [];
    for (const { name, url } of pages) {
      const runs: Measure[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await measure(url));
      const lcpMs = median(runs.map((run) => run.lcpMs));
      const cls = Math.max(...runs.map((run) => run.cls));
      const pass = lcpMs <= TARGET_LCP_MS && cls < TARGET_CLS;
      results.push({ name, lcpMs, cls, runs, pass });
      console.log(
        `  ${name.padEnd(20)} LCP ${(lcpMs / 1000).toFixed(2)} s (runs: ${runs.map((r) => (r.lcpMs / 1000).toFixed(2)).join(', ')}; ` +
          `element: ${runs[0]?.element}), CLS ${cls.toFixed(3)}  ${pass ? 'PASS' : 'ABOVE TARGET'}`,
      );
    }
    console.log(`  targets: LCP <= ${TARGET_LCP_MS / 1000} s, CLS < ${TARGET_CLS}`);
    const resultsDir = path.join(here, 'results');
    mkdirSync(resultsDir, { recursive: true });
    writeFileSync(
      path.join(resultsDir, 'lcp.json'),
      `${JSON.stringify({ benchmark: 'lcp', date: new Date().toISOString(), network: SLOW_4G, cpuSlowdown: 4, results }, null, 2)}\n`,
    );
    return 0;
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

runBench('lcp', main);
