import { checkEmbedDomains, type EmbedBookingStatus, type EmbedSettings, embedFr } from '@guichet/shared';
import type { AppDeps } from '../../app-deps';
import { AppError, badRequest } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import type { Viewer } from '../../policy/can';
import { authorizeEvent } from '../../policy/event-access';
import * as repo from './repository';

/** How long a finished booking's reference answers the shop that polls it. */
const BOOKING_REF_LIFETIME_MS = 24 * 60 * 60_000;

/** The console's form: who may edit the event declares the sites that show its shop. */
export async function getEmbedSettings(deps: AppDeps, viewer: Viewer | null, eventId: string): Promise<EmbedSettings> {
  const event = await authorizeEvent(deps.db, viewer, eventId, 'edit', { hideRefusal: true });
  return { domains: await repo.findEmbedDomains(deps.db, event.id) };
}

export async function saveEmbedDomains(
  deps: AppDeps,
  viewer: Viewer | null,
  eventId: string,
  inputs: string[],
): Promise<EmbedSettings> {
  const event = await authorizeEvent(deps.db, viewer, eventId, 'edit', { hideRefusal: true });
  const checked = checkEmbedDomains(inputs);
  if ('error' in checked) throw badRequest(checked.error, 'domains');
  await repo.replaceEmbedDomains(deps.db, event.id, checked.domains);
  return { domains: checked.domains };
}

/**
 * The hosts the embed page's `frame-ancestors` lists for an event: none for an unknown event or
 * an id that is not one (the page then frames nowhere).
 */
export async function framingHostsOf(deps: Pick<AppDeps, 'db'>, eventId: string): Promise<string[]> {
  if (!isUuid(eventId)) return [];
  return (await repo.findFramingHosts(deps.db, eventId)) ?? [];
}

const orderNotFound = () => new AppError('ORDER_NOT_FOUND', embedFr.bookings.orderNotFound, 404);

/**
 * The booking window tells the shop's reference that its order is paid (a free one is paid at
 * once). Only the buyer reports their own order, and only once it is paid: the shop then says
 * "confirmed" of a booking the server holds as such.
 */
export async function reportEmbedBooking(
  deps: AppDeps,
  userId: string,
  report: { ref: string; orderId: string },
): Promise<void> {
  const order = isUuid(report.orderId) ? await repo.findBuyersOrder(deps.db, report.orderId, userId) : undefined;
  if (order?.status !== 'paid') throw orderNotFound();
  await repo.insertEmbedBooking(deps.db, {
    ref: report.ref,
    eventId: order.eventId,
    orderId: order.id,
    places: order.ticketCount,
  });
}

/** What the shop polling its reference learns: only whether it is done, and how many places. */
export async function embedBookingStatus(deps: AppDeps, ref: string): Promise<EmbedBookingStatus> {
  const booking = await repo.findEmbedBooking(deps.db, ref);
  return booking ? { status: 'done', places: booking.places } : { status: 'pending' };
}

export async function forgetOldEmbedBookings(deps: Pick<AppDeps, 'db' | 'clock'>): Promise<void> {
  await repo.deleteEmbedBookingsBefore(deps.db, new Date(deps.clock.now().getTime() - BOOKING_REF_LIFETIME_MS));
}

/** The shop's page inside an organiser's site; its first group is the event's id. */
export const EMBED_PAGE_PATH = /^\/embed\/billetterie\/([^/?#]+)\/?(?:[?#]|$)/;

/** What the shop's HTML announces: nothing a search engine should index (it is part of another site). */
export function embedPageHead(url: string): { noindex: true } | null {
  return EMBED_PAGE_PATH.test(url) ? { noindex: true } : null;
}
