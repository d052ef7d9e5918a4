import { SITE_PAGES } from '@guichet/shared';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import * as repo from './repository';

export type SiteFilesDeps = { db: Database; config: Config };

/** The protocol's limit: a sitemap file lists at most 50,000 addresses (sitemaps.org). */
export const SITEMAP_LIMIT = 50_000;

const xmlText = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>';
const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** The pages a search engine may read, then the sitemap; the private areas are left out. */
export function robotsTxt(config: Config): string {
  const privateAreas = [
    '/admin',
    '/event_management',
    '/eventsGestion',
    '/scan',
    '/myTickets',
    '/parameters',
    '/profil',
    '/createevents',
    '/editevents/',
    '/addParticipationManual',
    '/validationpaiement/',
    '/shoppingCart',
    '/dev/',
    '/sandbox-bank',
  ];
  return [
    'User-agent: *',
    ...privateAreas.map((area) => `Disallow: ${area}`),
    'Allow: /',
    '',
    `Sitemap: ${config.publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

/**
 * /sitemap.xml: the site's public pages and every public event's page, as one list while they
 * fit in one file; past that, an index of files (`?page=1`, `?page=2` …), each a list. A page past
 * the last answers null (404).
 */
export async function sitemapXml(deps: SiteFilesDeps, page: number | undefined, perFile = SITEMAP_LIMIT) {
  const origin = deps.config.publicUrl;
  const pages = SITE_PAGES.filter((p) => p.inSitemap).map((p) => `${origin}${p.path === '/' ? '' : p.path}`);
  const total = pages.length + (await repo.countIndexedEvents(deps.db));
  const files = Math.max(1, Math.ceil(total / perFile));
  if (page === undefined && files > 1) {
    const entries = Array.from(
      { length: files },
      (_, index) => `<sitemap><loc>${xmlText(`${origin}/sitemap.xml?page=${index + 1}`)}</loc></sitemap>`,
    );
    return `${XML_HEAD}\n<sitemapindex xmlns="${SITEMAP_NS}">\n${entries.join('\n')}\n</sitemapindex>\n`;
  }
  const number = page ?? 1;
  if (number < 1 || number > files) return null;
  const start = (number - 1) * perFile;
  const fixed = pages.slice(start, start + perFile).map((loc) => ({ loc, lastmod: null as string | null }));
  const eventStart = Math.max(0, start - pages.length);
  const events = await repo.findIndexedEvents(deps.db, eventStart, perFile - fixed.length);
  const entries = [
    ...fixed,
    ...events.map((event) => ({ loc: `${origin}/billetterie/${event.id}`, lastmod: event.updatedAt })),
  ].map(
    (entry) =>
      `<url><loc>${xmlText(entry.loc)}</loc>${entry.lastmod ? `<lastmod>${entry.lastmod}</lastmod>` : ''}</url>`,
  );
  return `${XML_HEAD}\n<urlset xmlns="${SITEMAP_NS}">\n${entries.join('\n')}\n</urlset>\n`;
}

/**
 * /.well-known/security.txt (RFC 9116): whom to tell of a vulnerability. Its Expires must be
 * less than a year away: written at each request, a year from now at midnight UTC.
 */
export function securityTxt(config: Config, now: Date): string {
  const expires = new Date(Date.UTC(now.getUTCFullYear() + 1, now.getUTCMonth(), now.getUTCDate()));
  return [
    `Contact: mailto:${config.contactEmail}`,
    `Expires: ${expires.toISOString()}`,
    'Preferred-Languages: fr, en',
    `Canonical: ${config.publicUrl}/.well-known/security.txt`,
    '',
  ].join('\n');
}
