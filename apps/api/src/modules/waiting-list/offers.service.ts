import {
  DEFAULT_OFFER_HOURS,
  datesFr,
  fitBuyerName,
  formatDateTime,
  type OrderCreated,
  orderTotals,
  type WaitingListOffer,
  waitingListFr,
} from '@guichet/shared';
import type { AppDeps } from '../../app-deps';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/errors';
import { randomToken, sha256 } from '../../lib/tokens';
import { queueMails } from '../../mail/outbox';
import type { Viewer } from '../../policy/can';
import { type Payments, providerFor } from '../checkout/payment.service';
import { newOrderReference } from '../checkout/reference';
import { expireOffers, insertOfferedOrders, reserveOfferPlaces, takeOffer } from '../orders/offers';
import { reclaimExpiredHolds } from '../orders/places';
import { oneFreeTicket } from '../orders/refusals';
import { releaseOrder } from '../orders/release';
import { findLiveHolds } from '../orders/repository';
import * as repo from './offers.repository';

const m = waitingListFr;

/** The most offers one transaction makes; a longer line is offered by the next, in the same run. */
const OFFERS_PER_TRANSACTION = 500;

/**
 * The `waiting_list_offer` job: places came back on the event while people wait. For each ticket
 * someone waits for, in transactions locking the ticket's row (`guichet_offer_places`), the
 * first people in line get an offer each for what is free (their quantity at most), the places
 * held for them until the deadline (the organiser's delay, never past the end of the sale), an
 * order carrying them, and a mail with a personal link whose token is kept only hashed. Holds
 * past their deadline are reclaimed first, so their places are offered too. The orders, the
 * entries and the mails of a transaction are each written in one statement: 500 offers cost
 * about what 500 plain mails do (bench/waiting-list).
 */
export async function offerPlacesBack(deps: AppDeps & { payments: Payments }, eventId: string): Promise<number> {
  const now = deps.clock.now();
  const event = await repo.findOfferEvent(deps.db, eventId, now);
  if (!event?.isSaleOpen) return 0;
  await reclaimExpiredHolds(deps.db, event.id, now);
  const hours = event.offerHours ?? DEFAULT_OFFER_HOURS;
  const expiresAt = new Date(Math.min(now.getTime() + hours * 3_600_000, event.dateEnd.getTime()));
  const offer = { ...event, expiresAt, provider: providerFor(deps.payments, event.paymentProvider), now };
  let offered = 0;
  for (const ticket of await repo.findTicketsWithWaiting(deps.db, event.id)) {
    // Places owed to the line are no buyer's (orders/sql/guichet_places_owed.sql): the job
    // offers them all now, rather than leave them to a run nothing would queue.
    for (;;) {
      const made = await deps.db.transaction((tx) => offerTicketPlaces(deps, tx, offer, ticket));
      offered += made;
      if (made < OFFERS_PER_TRANSACTION) break;
    }
  }
  return offered;
}

type OfferRun = NonNullable<Awaited<ReturnType<typeof repo.findOfferEvent>>> & {
  expiresAt: Date;
  provider: ReturnType<typeof providerFor>;
  now: Date;
};

/** One transaction of offers of a ticket's places: whom, their orders, their entries, their mails. */
async function offerTicketPlaces(deps: AppDeps, tx: Database, run: OfferRun, ticket: repo.WaitedLine): Promise<number> {
  const picks = await reserveOfferPlaces(tx, { ticketId: ticket.id, dateId: ticket.dateId }, OFFERS_PER_TRANSACTION);
  if (picks.length === 0) return 0;
  const buyers = new Map(
    (
      await repo.findBuyers(
        tx,
        picks.map((p) => p.userId),
      )
    ).map((b) => [b.id, b]),
  );
  const offers = picks.map((pick) => {
    const buyer = buyers.get(pick.userId);
    if (!buyer) throw new Error(`waiting list entry ${pick.entryId} without its account`);
    return { pick, buyer, token: randomToken() };
  });
  const orderIds = await insertOfferedOrders(
    tx,
    offers.map(({ pick, buyer }) => {
      const totals = orderTotals({
        lines: [{ unitPriceCents: ticket.priceCents, quantity: pick.quantity, refundPlaces: 0 }],
        discountPercent: null,
        provider: run.provider,
        attendeePaysFees: run.isUserPaysFees,
      });
      return {
        reference: newOrderReference(run.now),
        eventId: run.id,
        userId: buyer.id,
        buyerEmail: buyer.email,
        buyerFirstName: fitBuyerName(buyer.firstName),
        buyerLastName: fitBuyerName(buyer.lastName),
        buyerBirthDate: buyer.birthDate,
        provider: totals.totalCents === 0 ? 'free' : run.provider,
        subtotalCents: totals.subtotalCents,
        discountCents: totals.discountCents,
        feeCents: totals.serviceFeeCents,
        totalCents: totals.totalCents,
        ticketCount: pick.quantity,
        expiresAt: run.expiresAt,
        ticketId: ticket.id,
        dateId: ticket.dateId,
        unitPriceCents: ticket.priceCents,
      };
    }),
  );
  await repo.markOffered(
    tx,
    offers.map(({ pick, token }, index) => ({
      entryId: pick.entryId,
      quantity: pick.quantity,
      tokenHash: sha256(token),
      orderId: orderIds[index] as string,
    })),
    run.expiresAt,
  );
  const deadline = formatDateTime(run.expiresAt.toISOString());
  await queueMails(
    tx,
    offers.map(({ pick, buyer, token }) => ({
      to: buyer.email,
      subject: m.offer.mailSubject(deps.config.brandName, run.title),
      text: m.offer.mailBody(
        buyer.firstName,
        run.title,
        ticket.dateBegin ? datesFr.ticketOfDate(ticket.title, formatDateTime(ticket.dateBegin)) : ticket.title,
        pick.quantity,
        deadline,
        `${deps.config.publicUrl}/liste-attente/${token}`,
      ),
    })),
  );
  return picks.length;
}

/** Offers past their deadline end, a batch at a time; their places go to the next people in line. */
export async function expireWaitingListOffers(deps: Pick<AppDeps, 'db' | 'clock'>): Promise<number> {
  const now = deps.clock.now();
  let total = 0;
  for (;;) {
    const ended = await expireOffers(deps.db, now, 200, (tx, ids) => repo.markEntriesByOrder(tx, ids, 'expired', now));
    total += ended;
    if (ended < 200) return total;
  }
}

/** The offer a link names, for the person it was made to (one clear answer otherwise). */
async function ownOffer(deps: AppDeps, viewer: Viewer | null, token: string) {
  if (!viewer) throw new AppError('UNAUTHENTICATED', m.offer.signIn, 401);
  const offer = token.length <= 128 ? await repo.findOfferByTokenHash(deps.db, sha256(token)) : undefined;
  if (!offer) throw new AppError('OFFER_NOT_FOUND', m.errors.offerNotFound, 404);
  if (offer.userId !== viewer.id) throw new AppError('OFFER_NOT_YOURS', m.errors.offerNotYours, 403);
  return offer;
}

export async function getOffer(deps: AppDeps, viewer: Viewer | null, token: string): Promise<WaitingListOffer> {
  const { entryId, userId, orderId, dateBegin, ticketTitle, ...offer } = await ownOffer(deps, viewer, token);
  return {
    ...offer,
    ticketTitle: dateBegin ? datesFr.ticketOfDate(ticketTitle, formatDateTime(dateBegin)) : ticketTitle,
  };
}

/**
 * Opening the link: the offer becomes the normal 180 s hold of its places (the buyer's earlier
 * hold of the event given back first, as a new order does), or, when it costs nothing, the
 * places at once. A link used twice, past its deadline or by someone else gets its own answer.
 */
export async function takeWaitingListOffer(deps: AppDeps, viewer: Viewer | null, token: string): Promise<OrderCreated> {
  const offer = await ownOffer(deps, viewer, token);
  const now = deps.clock.now();
  const event = await repo.findOfferEvent(deps.db, offer.eventId, now);
  if (!event?.isSaleOpen) throw new AppError('SALE_CLOSED', m.errors.saleClosed, 409);
  for (const previous of await findLiveHolds(deps.db, offer.userId, offer.eventId, now)) {
    // The offer's own order, once taken, is such a hold: a second opening must not give it back.
    if (previous !== offer.orderId) await releaseOrder(deps.db, previous);
  }
  const taken = await takeOffer(
    deps.db,
    { orderId: offer.orderId, now, site: deps.config },
    (tx) => repo.markAccepted(tx, offer.orderId, now),
    (tx) => repo.markEntriesByOrder(tx, [offer.orderId], 'left', now),
  );
  if (taken.outcome === 'one_free_ticket') throw oneFreeTicket(false);
  if (taken.outcome === 'expired') throw new AppError('OFFER_EXPIRED', m.errors.offerExpired, 410);
  if (taken.outcome !== 'taken') throw new AppError('OFFER_USED', m.errors.offerUsed, 409);
  const { order } = taken;
  return {
    id: order.id,
    expiresAt: order.expiresAt.toISOString(),
    totalCents: order.totalCents,
    provider: order.provider,
    status: order.status,
  };
}
