import { discoveryFr, type EventListPage, formatDateTime, IMAGE_SIZES } from '@guichet/shared';
import type { FastifyRequest } from 'fastify';
import type { PageHead } from '../../plugins/page-head';
import { SESSION_COOKIE } from '../../plugins/session';
import { type EventDeps, getEvent } from './event.service';
import type { EventListing } from './listing.service';

const EVENT_PAGE = /^\/billetterie\/([0-9a-fA-F-]{36})\/?$/;
/** The cards of the first row on a phone and a tablet: their images are fetched at once. */
const EARLY_CARD_IMAGES = 2;

/** The link preview of /billetterie/{id}: its title, when and where, and its banner, as a visitor may see it. */
export async function eventPagePreview(deps: EventDeps, pagePath: string): Promise<PageHead['preview'] | null> {
  const head = await eventPageHead(deps, pagePath, false);
  return head?.preview ?? null;
}

async function eventPageHead(deps: EventDeps, pagePath: string, withData: boolean): Promise<PageHead | null> {
  const id = EVENT_PAGE.exec(pagePath)?.[1];
  if (!id) return null;
  try {
    // As a visitor sees it: a private event has no preview (its page says nothing to a crawler).
    const event = await getEvent(deps, id, null);
    const origin = deps.config.publicUrl;
    return {
      preview: {
        title: `${event.title} · ${deps.config.brandName}`,
        description: [formatDateTime(event.dateBegin), event.city ?? event.address, event.organizerName]
          .filter(Boolean)
          .join(' · '),
        imageUrl: event.bannerUrl ? `${origin}${event.bannerUrl}` : null,
        url: `${origin}/billetterie/${event.id}`,
      },
      ...(withData && { data: { key: `event:${event.id}`, body: JSON.stringify(event) } }),
      images: event.bannerUrl ? [{ src: event.bannerUrl, srcset: event.bannerSrcset, sizes: IMAGE_SIZES.banner }] : [],
      ...(event.bannerUrl && {
        firstPaint: {
          title: event.title,
          images: [{ src: event.bannerUrl, srcset: event.bannerSrcset, sizes: IMAGE_SIZES.banner }],
        },
      }),
    };
  } catch {
    return null;
  }
}

/**
 * What the list and the event pages announce in their HTML: for a visitor (no session: a signed-in
 * viewer's pages hold their own events), the first page of the list or the event, and the
 * images to fetch first; for every reader of an event page, its link preview.
 */
export async function pageHead(
  deps: EventDeps & { listing: EventListing },
  request: FastifyRequest,
): Promise<PageHead | null> {
  const [pagePath = '', query = ''] = request.url.split('?');
  const isVisitor = !request.cookies[SESSION_COOKIE];
  if (/^\/billetterie\/?$/.test(pagePath)) {
    // Only the plain list: a filtered one (a shared search) asks the API itself.
    if (!isVisitor || query) return null;
    const page = await deps.listing.page({ price: 'all' }, null);
    const { items } = JSON.parse(page.body) as EventListPage;
    const first = items
      .slice(0, EARLY_CARD_IMAGES)
      .filter((item) => item.bannerUrl)
      .map((item) => ({
        src: item.bannerUrl ?? '',
        srcset: item.bannerSrcset,
        sizes: IMAGE_SIZES.card,
        caption: item.title,
      }));
    return {
      data: { key: 'list', body: page.body },
      images: first,
      firstPaint: { title: discoveryFr.titles.list, images: first },
    };
  }
  const shared = new URLSearchParams(query).has('share');
  return eventPageHead(deps, pagePath, isVisitor && !shared);
}
