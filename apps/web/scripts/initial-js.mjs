// Prints the JavaScript a first visit to a route downloads, from the build manifest: the entry
// chunk, the route's page chunk, and every chunk they import statically, measured as the server
// sends them (the precompressed .br and .gz files of the build). The build fails when a page is
// over its budget, counted in gzip, the larger of the two (a browser may accept only gzip).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';

const dist = process.env.WEB_DIST_CHECK ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
// Issue 14: at most 170 KB gzip of first-load JavaScript on the list and on the event page.
const BUDGET_KB = 170;

function collect(key, seen) {
  if (seen.has(key)) return;
  seen.add(key);
  for (const child of manifest[key]?.imports ?? []) collect(child, seen);
}

/** The bytes a file is sent as: its precompressed copy, or the compression of it made now. */
function sent(file, extension, compress) {
  const copy = path.join(dist, `${file}.${extension}`);
  return existsSync(copy) ? readFileSync(copy).length : compress(readFileSync(path.join(dist, file))).length;
}

function initialJs(pageSource) {
  const seen = new Set();
  collect('index.html', seen);
  collect(pageSource, seen);
  let gzip = 0;
  let brotli = 0;
  for (const key of seen) {
    const file = manifest[key]?.file;
    if (!file?.endsWith('.js')) continue;
    gzip += sent(file, 'gz', (data) => gzipSync(data, { level: 9 }));
    brotli += sent(file, 'br', brotliCompressSync);
  }
  return { gzip: gzip / 1024, brotli: brotli / 1024 };
}

// The public pages a visitor lands on: the list, an event, the home page and the offers.
const routes = {
  '/billetterie': ['src/pages/billetterie/EventListPage.tsx', BUDGET_KB],
  '/billetterie/{id}': ['src/pages/event/EventPage.tsx', BUDGET_KB],
  '/': ['src/pages/home/HomePage.tsx', BUDGET_KB],
  '/services': ['src/pages/services/ServicesPage.tsx', BUDGET_KB],
};
const over = [];
for (const [route, [source, budget]] of Object.entries(routes)) {
  if (!manifest[source]) throw new Error(`${source} is not in the build manifest`);
  const { gzip, brotli } = initialJs(source);
  if (gzip > budget) over.push(route);
  console.log(
    `initial JavaScript for ${route}: ${gzip.toFixed(1)} KB gzip, ${brotli.toFixed(1)} KB brotli (budget ${budget} KB gzip)`,
  );
}
if (over.length) {
  console.error(`Over the JavaScript budget: ${over.join(', ')}.`);
  process.exit(1);
}
