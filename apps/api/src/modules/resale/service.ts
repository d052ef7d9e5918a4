import {
  discountedUnitPriceCents,
  formatDateTime,
  type ResaleHistoryItem,
  type ResaleListed,
  resaleFr,
} from '@guichet/shared';
import type { AppDeps } from '../../app-deps';
import { queueJob } from '../../jobs/queue';
import { AppError } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import type { Viewer } from '../../policy/can';
import { cancelResoldPlace, offerPlaceForResale, takeBackPlaceFromResale } from '../orders/participations';
import { authorizePlaceOfEvent, placeRefusal } from '../participations/place.service';
import { applyRefund } from '../refunds/execution.service';
import { insertRefund } from '../refunds/refunds.repository';
import type { SignedInUser } from '../users/users.repository';
import * as repo from './repository';

const e = resaleFr.errors;

type Deps = Pick<AppDeps, 'db' | 'clock'>;

const notFound = () => new AppError('PARTICIPATION_NOT_FOUND', e.notFound, 404);

/** What one place of the participation was paid: its order line's price, the order's discount taken off. */
const paidPriceOf = (place: repo.PlaceToResell) =>
  place.isGift ? 0 : discountedUnitPriceCents(place.unitPriceCents, place.discountPercent);

/**
 * Why a place cannot be put up for resale now, if it cannot (issue 30 "Bad input"): its state
 * first, then what it cost and the organiser's rules.
 */
function refusalOf(place: repo.PlaceToResell, now: Date): AppError | null {
  const refusal = placeRefusal(place, { way: 'resale', texts: { ...e, otherUnderWay: e.transferPending } });
  if (refusal) return refusal;
  // Nothing paid, nothing to refund: a free place is cancelled, not resold.
  if (paidPriceOf(place) <= 0) return new AppError('FREE_TICKET', e.free, 409);
  if (!place.resaleAllowed) return new AppError('RESALE_FORBIDDEN', e.forbidden, 409);
  if (place.resaleDeadline && Date.parse(place.resaleDeadline) <= now.getTime()) {
    return new AppError('RESALE_DEADLINE_PASSED', e.pastDeadline(formatDateTime(place.resaleDeadline)), 409);
  }
  return null;
}

/**
 * The holder puts their place up for resale at the price they paid for it (never another: the
 * request carries no price). In one transaction: the listing, and the place back on sale (the
 * waiting list is offered it first by the places-back trigger). The ticket stays valid until sold.
 */
export async function listForResale(deps: Deps, user: SignedInUser, participationId: string): Promise<ResaleListed> {
  if (!isUuid(participationId)) throw notFound();
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const place = await repo.lockPlace(tx, participationId, now);
    if (!place || place.userId !== user.id) throw notFound();
    const refusal = refusalOf(place, now);
    if (refusal) throw refusal;
    const priceCents = paidPriceOf(place);
    const feeCents = Math.min(place.resaleFeeCents, priceCents);
    const id = await repo.insertListing(tx, {
      eventId: place.eventId,
      ticketId: place.ticketId,
      participationId: place.id,
      sellerId: user.id,
      priceCents,
      feeCents,
    });
    if (!id) throw new AppError('ALREADY_LISTED', e.alreadyListed, 409);
    await offerPlaceForResale(tx, place);
    return { priceCents, feeCents };
  });
}

/**
 * The holder withdraws their place from resale: it comes back from the sale only if nobody holds
 * or bought it meanwhile; otherwise it is being sold (409), and the sale goes on.
 */
export async function withdrawFromResale(deps: Deps, user: SignedInUser, participationId: string): Promise<void> {
  if (!isUuid(participationId)) throw notFound();
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const place = await repo.lockPlace(tx, participationId, now);
    if (!place || place.userId !== user.id) throw notFound();
    const listing = await repo.lockLiveListing(tx, place.id);
    if (!listing) throw new AppError('NOT_LISTED', e.notListed, 404);
    if (!(await takeBackPlaceFromResale(tx, place.eventId, place))) {
      throw new AppError('BEING_SOLD', e.beingSold, 409);
    }
    await repo.endListing(tx, listing.id, now);
  });
}

/**
 * The `resale_sell` job: a new place of a resold ticket was sold. For each of its places, the
 * ticket's oldest live listing is sold to it: the seller's place cancelled (its code revoked)
 * without going back on sale, and a refund of the price less the fee opened for the seller,
 * carried out by its own `ticket_refund` job (provider, ledger, credit note, mail). A job run
 * twice sells nothing more (the buyer's place locked, its listings counted); no live listing
 * left (withdrawn meanwhile), nothing happens.
 */
export async function sellResoldPlaces(deps: Pick<AppDeps, 'db' | 'clock' | 'config'>, buyerParticipationId: string) {
  if (!isUuid(buyerParticipationId)) return;
  await deps.db.transaction(async (tx) => {
    const buyer = await repo.lockBuyerPlace(tx, buyerParticipationId);
    if (!buyer) return;
    for (let sold = buyer.sold; sold < buyer.quantity; sold += 1) {
      const listing = await repo.lockOldestListing(tx, buyer);
      if (!listing) return;
      const now = deps.clock.now();
      const seller = await repo.lockPlace(tx, listing.participationId, now);
      if (!seller || !(await cancelResoldPlace(tx, seller.id, now))) {
        // The seller's place ended otherwise (an event cancelled): the listing ends with it.
        await repo.endListing(tx, listing.id, now);
        sold -= 1;
        continue;
      }
      const amountCents = listing.priceCents - listing.feeCents;
      const online = seller.provider !== null && seller.provider !== 'free' && seller.provider !== 'onsite';
      const status = amountCents === 0 ? 'refunded' : online ? 'pending' : 'manual';
      const refund = await insertRefund(tx, {
        eventId: listing.eventId,
        orderId: seller.orderId,
        participationId: seller.id,
        cause: 'resale',
        places: 1,
        amountCents,
        provider: (seller.provider ?? 'free') as NonNullable<Parameters<typeof insertRefund>[1]['provider']>,
        transactionId: seller.transactionId,
        status,
        refundedAt: status === 'refunded' ? now : null,
      });
      await repo.markSold(tx, listing.id, { buyerParticipationId: buyer.id, refundId: refund?.id ?? null, at: now });
      if (refund && status === 'pending') await queueJob(tx, 'ticket_refund', { refundId: refund.id });
      else if (refund) await applyRefund(tx, deps, refund);
    }
  });
}

/** A place's resales (and the one that sold it to its holder), as the organiser's participant detail shows them. */
export async function listHistory(
  deps: Deps,
  viewer: Viewer | null,
  eventId: string,
  participationId: string,
): Promise<ResaleHistoryItem[]> {
  const place = await authorizePlaceOfEvent(deps, viewer, { eventId, participationId }, notFound);
  return repo.findHistory(deps.db, place.eventId, place.participationId);
}
