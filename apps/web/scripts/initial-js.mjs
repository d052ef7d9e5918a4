// Prints the JavaScript a first visit to a route downloads (gzip), from the build manifest:
// the entry chunk, the route's page chunk, and every chunk they import statically.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = process.env.WEB_DIST_CHECK ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const LIMIT_KB = 200;

function collect(key, seen) {
  if (seen.has(key)) return;
  seen.add(key);
  for (const child of manifest[key]?.imports ?? []) collect(child, seen);
}

function initialJs(pageSource) {
  const seen = new Set();
  collect('index.html', seen);
  collect(pageSource, seen);
  let bytes = 0;
  for (const key of seen) {
    const file = manifest[key]?.file;
    if (file?.endsWith('.js')) bytes += gzipSync(readFileSync(path.join(dist, file))).length;
  }
  return bytes / 1024;
}

const routes = {
  '/billetterie': 'src/pages/billetterie/EventListPage.tsx',
  '/billetterie/{id}': 'src/pages/event/EventPage.tsx',
  '/': 'src/pages/home/HomePage.tsx',
  '/services': 'src/pages/services/ServicesPage.tsx',
};
// The showcase's landing pages keep to the public pages' budget.
const BUDGETED = new Set(['/billetterie', '/', '/services']);
let over = false;
for (const [route, source] of Object.entries(routes)) {
  if (!manifest[source]) throw new Error(`${source} is not in the build manifest`);
  const kb = initialJs(source);
  over ||= BUDGETED.has(route) && kb > LIMIT_KB;
  const budget = BUDGETED.has(route) ? ` (budget ${LIMIT_KB} KB)` : '';
  console.log(`initial JavaScript for ${route}: ${kb.toFixed(1)} KB gzip${budget}`);
}
if (over) {
  console.error('A public page is over its JavaScript budget.');
  process.exit(1);
}
