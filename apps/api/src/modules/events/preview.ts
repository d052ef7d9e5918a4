import { discoveryFr, type EventDetail, type EventListPage, formatDateTime, IMAGE_SIZES } from '@guichet/shared';
import type { FastifyRequest } from 'fastify';
import type { ReadSource } from '../../db/read-replica';
import { AppError } from '../../lib/errors';
import type { PageHead } from '../../plugins/page-head';
import { readFor } from '../../plugins/read-your-writes';
import { SESSION_COOKIE } from '../../plugins/session';
import type { SignedInUser } from '../users/users.repository';
import { type EventDeps, getEvent } from './event.service';
import type { EventListing } from './listing.service';
import { eventStructuredData } from './structured-data';

const EVENT_PAGE = /^\/billetterie\/([^/]+)\/?$/;
/** The cards of the first row on a phone and a tablet: their images are fetched at once. */
const EARLY_CARD_IMAGES = 2;

/** The link preview of /billetterie/{id}: its title, when and where, and its banner, as a visitor may see it. */
export async function eventPagePreview(deps: EventDeps, pagePath: string): Promise<PageHead['preview'] | null> {
  const head = await eventPageHead(deps, pagePath, { viewer: null, withData: false });
  return head?.preview ?? null;
}

type EventPageReader = { viewer: SignedInUser | null; shareKey?: string; withData: boolean };

/**
 * The head of /billetterie/{id} for this reader: a 404 when they may not see the event (none,
 * or private without its link, as the API answers them); a private event served by its link is
 * not indexed and has no preview (its page says nothing to a crawler); a public one gets its link
 * preview, its address for search engines and its schema.org listing.
 */
async function eventPageHead(deps: EventDeps, pagePath: string, reader: EventPageReader): Promise<PageHead | null> {
  const id = EVENT_PAGE.exec(pagePath)?.[1];
  if (!id) return null;
  let event: EventDetail;
  try {
    event = await getEvent(deps, id, reader.viewer, reader.shareKey);
  } catch (error) {
    if (error instanceof AppError && error.status === 404) return { status: 404 };
    // The page works without its head (the app asks the API itself): a failed read costs no page.
    return null;
  }
  if (!event.isPublic) return { noindex: true };
  const origin = deps.config.publicUrl;
  const url = `${origin}/billetterie/${event.id}`;
  const banner = event.bannerUrl
    ? [{ src: event.bannerUrl, srcset: event.bannerSrcset, sizes: IMAGE_SIZES.banner }]
    : [];
  return {
    preview: {
      title: `${event.title} · ${deps.config.brandName}`,
      description: [formatDateTime(event.dateBegin), event.city ?? event.address, event.organizerName]
        .filter(Boolean)
        .join(' · '),
      imageUrl: event.bannerUrl ? `${origin}${event.bannerUrl}` : null,
      url,
    },
    canonicalUrl: url,
    structuredData: eventStructuredData(event, origin),
    ...(reader.withData && { data: { key: `event:${event.id}`, body: JSON.stringify(event) } }),
    images: banner,
    ...(event.bannerUrl && { firstPaint: { title: event.title, images: banner } }),
  };
}

/**
 * What the list and the event pages announce in their HTML: for a visitor (no session: a signed-in
 * viewer's pages hold their own events), the first page of the list or the event, and the
 * images to fetch first; for every reader of an event page, its link preview.
 */
export async function pageHead(
  deps: EventDeps & { listing: EventListing; reads: ReadSource },
  request: FastifyRequest,
): Promise<PageHead | null> {
  const [pagePath = '', query = ''] = request.url.split('?');
  const isVisitor = !request.cookies[SESSION_COOKIE];
  if (/^\/billetterie\/?$/.test(pagePath)) {
    // Only the plain list: a filtered one (a shared search) asks the API itself.
    if (!isVisitor || query) return null;
    const page = await readFor(deps.reads, request, (db) => deps.listing.page({ price: 'all' }, null, db));
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
  const shareKey = new URLSearchParams(query).get('share') ?? undefined;
  return readFor(deps.reads, request, (db) =>
    eventPageHead({ ...deps, db }, pagePath, {
      viewer: request.user,
      shareKey,
      // The first data is the visitor's view, which a signed-in reader or a share link changes.
      withData: isVisitor && !shareKey,
    }),
  );
}
