import type { AppDeps } from '../../app-deps';
import type { PagePreloads } from '../../plugins/web';
import { listProducts } from './catalogue.service';

/** How long the catalogue's first picture is trusted before it is read again. */
const CACHE_MS = 60_000;
const HERO = '/showcase/hero.svg';
const FIRST_OFFERS = '/api/shop/products?offer=location';

const image = (url: string) => `<${url}>; rel=preload; as=image; fetchpriority=high`;

/**
 * What the showcase's landing pages paint first, for the server's `Link` header: the browser
 * fetches it with the scripts instead of after them (bench/lcp-showcase.ts). /services paints the
 * first rental's picture, which depends on the catalogue: its list and picture are preloaded too.
 */
export function showcasePreloads(deps: AppDeps): PagePreloads {
  let cached: { at: number; links: string[] } | null = null;
  const servicesLinks = async () => {
    const now = Date.now();
    if (cached && now - cached.at < CACHE_MS) return cached.links;
    const [first] = await listProducts(deps, 'location');
    const links = [
      // Same mode and credentials as the page's own fetch, so that the browser reuses this answer.
      `<${FIRST_OFFERS}>; rel=preload; as=fetch; crossorigin`,
      ...(first?.images[0] ? [image(first.images[0])] : []),
    ];
    cached = { at: now, links };
    return links;
  };
  // The pages' own chunks are not preloaded: measured, they slowed the entry's scripts they share
  // the network with (bench/lcp-showcase: / 6.2 s without, 7.1 s with).
  return async (pathname) => {
    if (pathname === '/') return [image(HERO)];
    if (pathname === '/services') return servicesLinks();
    return [];
  };
}
