import { readFileSync } from 'node:fs';
import path from 'node:path';

/** What the server adds to index.html for one page, so that a phone waits for less. */
export type PageHead = {
  /** Link-preview tags and title (Open Graph). */
  preview?: { title: string; description: string; imageUrl: string | null; url: string };
  /** The page's first data, as the API would answer it, read by the web app instead of asking. */
  data?: { key: string; body: string };
  /** Images to fetch at once (the page's largest): src, srcset and sizes as the page will use them. */
  images?: { src: string; srcset: string | null; sizes: string }[];
  /**
   * A first paint before the scripts have run: the page's title and images, in plain HTML inside
   * #root, which React replaces when it renders. On a phone on a slow network the scripts take
   * seconds to arrive and run; the visitor sees the event (and the browser its largest paint) first.
   */
  firstPaint?: { title: string; images: FirstPaintImage[] };
  /** 404: no such page for this reader (the web app shows its own not-found page in French). */
  status?: 404;
  /** A page served but not to be indexed: a private event opened by its share link, a 404. */
  noindex?: boolean;
  /** The page's one address for search engines, whatever query it was reached with. */
  canonicalUrl?: string;
  /** schema.org data a search engine reads (an event's listing), as JSON-LD. */
  structuredData?: Record<string, unknown>;
};

/**
 * An image of the first paint, in the box the page will give it: by default the events' 5:3 box
 * showing the whole image; `shape: 'card'` is the shop's 4:3 card filled edge to edge, so that the
 * page's own image, when it replaces this one, is not a larger paint.
 */
type FirstPaintImage = { src: string; srcset: string | null; sizes: string; caption?: string; shape?: 'card' };

/** The first paint's look: the header's height, the content's edge, the 5:3 boxes of the page. */
const FIRST_PAINT_STYLE = `<style>
.gfp{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;max-width:71.25rem;margin:0 auto;padding:calc(60px + 1.25rem) .9rem 1rem}
.gfp h1{font-size:1.9rem;margin:0 0 1rem;line-height:1.2}
.gfp ul{list-style:none;margin:0;padding:0;display:grid;gap:1.25rem;grid-template-columns:repeat(auto-fill,minmax(min(100%,20rem),1fr))}
.gfp .box{aspect-ratio:5/3;border-radius:8px;overflow:hidden;background:rgba(128,128,128,.18);max-width:760px}
.gfp img{display:block;width:100%;height:100%;object-fit:contain}
.gfp .card{aspect-ratio:4/3;max-width:none}.gfp .card img{object-fit:cover}
.gfp p{margin:.6rem 0 0;font-weight:700}
</style>`;

function imageTag(image: { src: string; srcset: string | null; sizes: string }): string {
  const srcset = image.srcset ? ` srcset="${escapeHtml(image.srcset)}" sizes="${escapeHtml(image.sizes)}"` : '';
  return `<img src="${escapeHtml(image.src)}"${srcset} alt="" fetchpriority="high" width="1500" height="900" />`;
}

function firstPaintHtml(firstPaint: NonNullable<PageHead['firstPaint']>): string {
  const images = firstPaint.images.map(
    (image) =>
      `<li><div class="box${image.shape === 'card' ? ' card' : ''}">${imageTag(image)}</div>${image.caption ? `<p>${escapeHtml(image.caption)}</p>` : ''}</li>`,
  );
  return `<div class="gfp" aria-hidden="true"><h1>${escapeHtml(firstPaint.title)}</h1><ul>${images.join('')}</ul></div>`;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** JSON inside a <script> element: nothing in it may close the element. */
const scriptSafe = (json: string) =>
  json
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** The page chunks of the routes a visitor lands on, by path (their sources in the Vite manifest). */
const ROUTE_SOURCES: [RegExp, string][] = [
  [/^\/billetterie\/?$/, 'src/pages/billetterie/EventListPage.tsx'],
  [/^\/billetterie\/[0-9a-fA-F-]{36}\/?$/, 'src/pages/event/EventPage.tsx'],
  [/^\/$/, 'src/pages/home/HomePage.tsx'],
  [/^\/services\/?$/, 'src/pages/services/ServicesPage.tsx'],
];

type Manifest = Record<string, { file: string; imports?: string[]; css?: string[] }>;

/**
 * `<link rel="modulepreload">` and stylesheets of a route's page chunk and of every chunk it
 * imports: otherwise the browser learns of them only once the entry has run (a round trip more).
 */
export function routeAssets(distDir: string): (pagePath: string) => string[] {
  const inline = (file: string) => {
    try {
      return `<style data-href="/${file}">${readFileSync(path.join(distDir, file), 'utf8')}</style>`;
    } catch {
      return `<link rel="stylesheet" crossorigin href="/${file}" />`;
    }
  };
  let manifest: Manifest = {};
  try {
    manifest = JSON.parse(readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  } catch {
    return () => [];
  }
  let html = '';
  try {
    html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  } catch {
    // no page: nothing to inline
  }
  const linked = [...html.matchAll(/<link rel="stylesheet"[^>]*href="\/([^"]+)"/g)]
    .map((match) => match[1] ?? '')
    .reverse();
  const entry = new Set<string>();
  const collect = (key: string, seen: Set<string>) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const child of manifest[key]?.imports ?? []) collect(child, seen);
  };
  collect('index.html', entry);
  const tagsBySource = new Map<string, string[]>();
  for (const [, source] of ROUTE_SOURCES) {
    const seen = new Set<string>();
    collect(source, seen);
    const tags: string[] = [];
    for (const key of seen) {
      if (entry.has(key) || !manifest[key]) continue;
      tags.push(`<link rel="modulepreload" crossorigin href="/${manifest[key].file}" />`);
      for (const css of manifest[key].css ?? []) tags.push(inline(css));
    }
    // The stylesheets index.html links (one with cssCodeSplit off), inlined too (see withPageHead).
    for (const css of linked) tags.unshift(inline(css));
    tagsBySource.set(source, tags);
  }
  return (pagePath) => {
    const source = ROUTE_SOURCES.find(([pattern]) => pattern.test(pagePath))?.[1];
    return source ? (tagsBySource.get(source) ?? []) : [];
  };
}

/** index.html with a page's head: its title and preview tags, early fetches, and its first data. */
export function withPageHead(html: string, head: PageHead, assets: string[]): string {
  // The largest images first in <head>: on six connections, what is asked first comes first.
  const early: string[] = [];
  const tags = [...assets];
  for (const image of head.images ?? []) {
    early.push(
      `<link rel="preload" as="image" fetchpriority="high" href="${escapeHtml(image.src)}"${
        image.srcset ? ` imagesrcset="${escapeHtml(image.srcset)}" imagesizes="${escapeHtml(image.sizes)}"` : ''
      } />`,
    );
  }
  const { preview } = head;
  if (preview) {
    tags.push(
      `<meta name="description" content="${escapeHtml(preview.description)}" />`,
      '<meta property="og:type" content="website" />',
      `<meta property="og:title" content="${escapeHtml(preview.title)}" />`,
      `<meta property="og:description" content="${escapeHtml(preview.description)}" />`,
      `<meta property="og:url" content="${escapeHtml(preview.url)}" />`,
      ...(preview.imageUrl
        ? [
            `<meta property="og:image" content="${escapeHtml(preview.imageUrl)}" />`,
            '<meta name="twitter:card" content="summary_large_image" />',
          ]
        : ['<meta name="twitter:card" content="summary" />']),
    );
  }
  if (head.noindex || head.status === 404) tags.push('<meta name="robots" content="noindex" />');
  if (head.canonicalUrl) tags.push(`<link rel="canonical" href="${escapeHtml(head.canonicalUrl)}" />`);
  if (head.structuredData) {
    tags.push(`<script type="application/ld+json">${scriptSafe(JSON.stringify(head.structuredData))}</script>`);
  }
  // Every text written into the page goes through a replacer function, never a replacement
  // string: there `$\``, `$'` and `$&` typed in an event's title would copy the document into itself.
  let out = html;
  if (preview) {
    const title = `<title>${escapeHtml(preview.title)}</title>`;
    out = out.replace(/<meta name="description"[^>]*>\s*/, '').replace(/<title>[^<]*<\/title>/, () => title);
  }
  if (head.firstPaint) {
    tags.push(FIRST_PAINT_STYLE);
    const root = `<div id="root">${firstPaintHtml(head.firstPaint)}</div>`;
    out = out.replace('<div id="root"></div>', () => root);
  }
  if (head.data) {
    const json = scriptSafe(`{"key":${JSON.stringify(head.data.key)},"body":${head.data.body}}`);
    const script = `  <script type="application/json" id="guichet-data">${json}</script>\n  </body>`;
    out = out.replace('</body>', () => script);
  }
  // Then the styles, which hold the first paint back: written into the page (a few KB once
  // compressed) rather than fetched a round trip later, behind the scripts on six connections.
  const styles = tags.filter((tag) => tag.startsWith('<style'));
  // The linked stylesheets go only where the page's assets hold them inlined (the first paint's
  // own little style is not the site's).
  if (assets.some((tag) => tag.startsWith('<style'))) {
    for (const sheet of out.match(/<link rel="stylesheet"[^>]*>/g) ?? []) out = out.replace(sheet, '');
  }
  early.push(...styles);
  const rest = tags.filter((tag) => !tag.startsWith('<style'));
  // After <meta charset>, which must stay within the first 1,024 bytes.
  if (early.length)
    out = out.replace(/<meta charset="[^"]*" \/>/, (charset) => `${charset}\n    ${early.join('\n    ')}`);
  return rest.length ? out.replace('</head>', () => `    ${rest.join('\n    ')}\n  </head>`) : out;
}
