import { fr, offersFr } from '@guichet/shared';
import type { AppDeps } from '../../app-deps';
import type { PageHead } from '../../plugins/page-head';
import { listProducts } from './catalogue.service';

/** The landing page's picture, the largest thing a phone paints first (HomePage). */
const HERO_IMAGE = '/showcase/hero.svg';
/** The first row of the catalogue on a phone and a tablet. */
const EARLY_PRODUCT_IMAGES = 2;

/**
 * The showcase pages' first paint, as the list and the event pages have theirs: their title and
 * largest images in plain HTML, fetched at once, before the scripts arrive on a slow phone.
 * The catalogue opens on its first tab (Location) unless told otherwise in the address.
 */
export async function showcasePageHead(deps: AppDeps, url: string): Promise<PageHead | null> {
  const [pagePath = '', query = ''] = url.split('?');
  if (pagePath === '/') {
    const hero = { src: HERO_IMAGE, srcset: null, sizes: '100vw' };
    return { images: [hero], firstPaint: { title: fr.home.title(deps.config.brandName), images: [hero] } };
  }
  if (/^\/services\/?$/.test(pagePath) && !query) {
    const products = await listProducts(deps, 'location');
    const images = products
      .slice(0, EARLY_PRODUCT_IMAGES)
      .filter((product) => product.images[0])
      .map((product) => ({
        src: product.images[0] ?? '',
        srcset: null,
        sizes: '100vw',
        caption: product.title,
        shape: 'card' as const,
      }));
    return { images, firstPaint: { title: offersFr.title, images } };
  }
  return null;
}
