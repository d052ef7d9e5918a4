import {
  type ConsoleEventDate,
  dateChangesFr,
  datesFr,
  discountedUnitPriceCents,
  type EventDateCancelInput,
  type EventDateMoveInput,
  formatDateTime,
  ticketsFr,
} from '@guichet/shared';
import type { AppDeps } from '../../app-deps';
import type { Database } from '../../db/client';
import { queueJob } from '../../jobs/queue';
import { AppError, badRequest } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { queueMails } from '../../mail/outbox';
import type { Viewer } from '../../policy/can';
import { authorizeEvent, eventNotFound } from '../../policy/event-access';
import { cancelParticipations } from '../orders/participations';
import { cancelEventPayouts } from '../payouts/service';
import { applyRefund, carryOutRefund, type RefundDeps } from '../refunds/execution.service';
import { insertRefund } from '../refunds/refunds.repository';
import type { SignedInUser } from '../users/users.repository';
import * as changes from './changes.repository';
import * as repo from './dates.repository';
import { checkAgainst, checkSpan, listDates } from './dates.service';

const m = dateChangesFr;
const dateNotFound = () => new AppError('DATE_NOT_FOUND', datesFr.notFound, 404, 'dateId');
/** Refunds carried out in the request itself; the others by their own job, as a cancellation's. */
const INLINE_REFUNDS = 20;
/** A refund the provider refuses now is tried for about five hours (as an accepted request's). */
const REFUND_JOB_ATTEMPTS = 12;

/**
 * What one place of the date gives back: what it cost after the promo code, for a pass its share
 * of the dates it covers, rounded down so that a pass's shares never exceed its price
 * (docs/decisions.md, "Several dates").
 */
export function dateShareCents(
  place: Pick<changes.DatePlace, 'unitPriceCents' | 'discountPercent' | 'isPass' | 'coveredDates'>,
) {
  const paid = discountedUnitPriceCents(place.unitPriceCents, place.discountPercent);
  return place.isPass ? Math.floor(paid / Math.max(1, place.coveredDates)) : paid;
}

const refundStatusOf = (place: changes.DatePlace, amountCents: number) => {
  const online = place.provider !== null && place.provider !== 'free' && place.provider !== 'onsite';
  return amountCents === 0 ? ('refunded' as const) : online ? ('pending' as const) : ('manual' as const);
};

/** The event's dates under its lock, a one-date event's own made its first row when it is the one changed. */
async function lockChangedDate(tx: Database, eventId: string, dateId: string, now: Date) {
  const event = await repo.lockEventAndTickets(tx, eventId);
  if (!event) throw eventNotFound();
  if (event.cancelledAt) throw new AppError('EVENT_CANCELLED', datesFr.eventCancelled, 409);
  if (!isUuid(dateId)) throw dateNotFound();
  let dates = await repo.findDates(tx, event.id);
  if (dates.length === 0 && dateId === event.id) {
    await repo.insertOwnDate(tx, event);
    dates = await repo.findDates(tx, event.id);
  }
  const date = dates.find((d) => d.id === dateId);
  if (!date) throw dateNotFound();
  if (date.cancelledAt) throw new AppError('DATE_CANCELLED', m.errors.dateCancelled, 409);
  if (date.dateEnd <= now) throw new AppError('DATE_OVER', m.errors.dateOver, 409);
  return { event, dates, date };
}

async function consoleDate(deps: AppDeps, viewer: Viewer | null, eventId: string, dateId: string) {
  const found = (await listDates(deps, viewer, eventId)).find((d) => d.id === dateId);
  if (!found) throw dateNotFound();
  return found;
}

/** One mail per buyer, whatever the number of their places. */
function byRecipient(places: changes.DatePlace[]) {
  const recipients = new Map<string, { firstName: string; places: changes.DatePlace[] }>();
  for (const place of places) {
    if (!place.email) continue;
    const entry = recipients.get(place.email) ?? { firstName: place.firstName ?? '', places: [] };
    entry.places.push(place);
    recipients.set(place.email, entry);
  }
  return recipients;
}

/**
 * Moves a date (issue 32): the same rules as a new date (not in the past, no overlap), its
 * former start kept, and every holder of a place for it (passes included) told, with the link to
 * ask a refund until the new start: a postponement is not imposed (Code civil art. 1218).
 */
export async function moveDate(
  deps: AppDeps,
  viewer: Viewer | null,
  eventId: string,
  dateId: string,
  input: EventDateMoveInput,
): Promise<ConsoleEventDate> {
  const event = await authorizeEvent(deps.db, viewer, eventId, 'edit', { hideRefusal: true });
  const now = deps.clock.now();
  const span = { dateBegin: new Date(input.dateBegin), dateEnd: new Date(input.dateEnd) };
  checkSpan({ ...span, dateMaxRefund: null }, now);
  await deps.db.transaction(async (tx) => {
    const { date, dates } = await lockChangedDate(tx, event.id, dateId, now);
    if (date.dateBegin.getTime() === span.dateBegin.getTime() && date.dateEnd.getTime() === span.dateEnd.getTime()) {
      throw badRequest(m.errors.sameSpan, 'dateBegin');
    }
    checkAgainst(
      dates.filter((d) => d.id !== date.id),
      [span],
      'dateBegin',
    );
    await changes.moveDate(tx, date.id, span);
    // A refund deadline after the new end would let a holder refund a date already held.
    if (date.dateMaxRefund && date.dateMaxRefund > span.dateEnd) {
      await repo.updateDate(tx, date.id, { dateMaxRefund: span.dateBegin });
    }
    await repo.refreshEventSpan(tx, event.id);
    const places = await changes.findDatePlaces(tx, event.id, date.id);
    const { brandName, publicUrl } = deps.config;
    await queueMails(
      tx,
      [...byRecipient(places)].map(([email, holder]) => ({
        to: email,
        subject: m.mail.moved.subject(brandName, event.title),
        text: m.mail.moved.body({
          firstName: holder.firstName,
          event: event.title,
          from: date.dateBegin.toISOString(),
          to: span.dateBegin.toISOString(),
          message: input.message,
          refundUrl: `${publicUrl}/myTickets`,
        }),
      })),
    );
  });
  return consoleDate(deps, viewer, event.id, dateId);
}

/**
 * Cancels one date (issue 32): it stops selling at once (a cancelled date is refused by the sale),
 * its places bought for it end in the same transaction (its scanner manifests drop them), and each
 * place is refunded through the ledger, a pass its share, a place resold its resale's fee to its
 * seller; the event's payouts wait for these refunds (payouts/service.ts). Each buyer (and
 * seller) gets one mail with what comes back.
 */
export async function cancelDate(
  deps: RefundDeps,
  viewer: Viewer | null,
  eventId: string,
  dateId: string,
  input: EventDateCancelInput,
): Promise<ConsoleEventDate> {
  const event = await authorizeEvent(deps.db, viewer, eventId, 'edit', { hideRefusal: true });
  const now = deps.clock.now();
  const pending = await deps.db.transaction(async (tx) => {
    const { date, dates } = await lockChangedDate(tx, event.id, dateId, now);
    if (!dates.some((d) => d.id !== date.id && !d.cancelledAt)) {
      throw new AppError('LAST_DATE', m.errors.lastLiveDate, 409);
    }
    await changes.markDateCancelled(tx, date.id, now, input.message);
    await repo.refreshEventSpan(tx, event.id);
    // A payout asked before (an advance) counted the money these refunds give back.
    await cancelEventPayouts(tx, deps, event, now, formatDateTime(date.dateBegin.toISOString()));
    const places = await changes.findDatePlaces(tx, event.id, date.id, true);
    const dated = places.filter((place) => !place.isPass).map((place) => place.participationId);
    if (dated.length > 0) await cancelParticipations(tx, dated, now);
    // A place of the date resold already: its buyer's place is refunded above, its seller gets
    // the resale's fee back (they paid for a date that will not take place), refunded as a place
    // of the date, once (one date refund per participation and date).
    const resold = await changes.findResoldPlaces(tx, event.id, date.id);
    const toCarryOut: string[] = [];
    const refunded = new Map<string, number>();
    const owed = [
      ...places.map((place) => ({ place, amountCents: dateShareCents(place) * place.quantity })),
      ...resold.map(({ feeCents, ...place }) => ({ place, amountCents: feeCents })),
    ];
    for (const { place, amountCents } of owed) {
      const status = refundStatusOf(place, amountCents);
      const refund = await insertRefund(tx, {
        eventId: event.id,
        orderId: place.orderId,
        participationId: place.participationId,
        dateId: date.id,
        cause: 'date_cancelled',
        places: place.quantity,
        amountCents,
        provider: place.provider,
        transactionId: place.transactionId,
        status,
        refundedAt: status === 'refunded' ? now : null,
      });
      if (!refund) continue;
      if (status === 'manual' || status === 'refunded') await applyRefund(tx, deps, refund);
      if (status === 'pending') {
        toCarryOut.push(refund.id);
        await queueJob(tx, 'ticket_refund', { refundId: refund.id }, { maxAttempts: REFUND_JOB_ATTEMPTS });
      }
      if (place.email && status !== 'manual') {
        refunded.set(place.email, (refunded.get(place.email) ?? 0) + amountCents);
      }
    }
    await queueMails(
      tx,
      [...byRecipient([...places, ...resold])].map(([email, holder]) => ({
        to: email,
        subject: m.mail.cancelled.subject(deps.config.brandName, event.title),
        text: m.mail.cancelled.body({
          firstName: holder.firstName,
          event: event.title,
          date: date.dateBegin.toISOString(),
          message: input.message,
          amountCents: refunded.get(email) ?? 0,
        }),
      })),
    );
    return toCarryOut;
  });
  for (const refundId of pending.slice(0, INLINE_REFUNDS)) {
    // A failure is recorded on the refund; its job tries again.
    await carryOutRefund(deps, refundId).catch(() => undefined);
  }
  return consoleDate(deps, viewer, event.id, dateId);
}

const placeNotFound = () => new AppError('TICKET_NOT_FOUND', ticketsFr.ticket.notFound, 404);

/**
 * A holder who does not keep a moved date: their place for it is refunded through the ledger
 * (a pass its share of that date) until the new start, whatever the refund deadline, since a
 * postponement cannot be imposed. A dated place ends once the money is back; a pass keeps its
 * other dates.
 */
export async function refundMovedDate(
  deps: RefundDeps,
  user: SignedInUser,
  participationId: string,
  dateIdOfPass: string | undefined,
): Promise<{ message: string }> {
  if (!isUuid(participationId) || (dateIdOfPass !== undefined && !isUuid(dateIdOfPass))) throw placeNotFound();
  const now = deps.clock.now();
  const dateId = (await changes.findPlaceDateId(deps.db, participationId)) ?? dateIdOfPass ?? null;
  const refund = await deps.db.transaction(async (tx) => {
    const place = await changes.lockOwnPlace(tx, participationId, user.id, dateId);
    if (!place) throw placeNotFound();
    if (!dateId || !place.isForDate) throw new AppError('DATE_NOT_MOVED', m.errors.notMoved, 409);
    const date = (await repo.findDates(tx, place.eventId)).find((d) => d.id === dateId);
    if (!date?.movedFrom || date.cancelledAt) throw new AppError('DATE_NOT_MOVED', m.errors.notMoved, 409);
    if (date.dateBegin <= now) throw new AppError('REFUND_DEADLINE_PASSED', m.errors.windowClosed, 409);
    if (await changes.hasDateRefund(tx, place.participationId, date.id)) {
      throw new AppError('REFUND_ALREADY_REQUESTED', m.errors.alreadyRefunded, 409);
    }
    const places = place.isPass ? place.quantity : place.quantity - place.entriesUsed;
    if (places <= 0) throw new AppError('NOT_REFUNDABLE', m.errors.nothingToRefund, 409);
    const amountCents = dateShareCents(place) * places;
    const status = refundStatusOf(place, amountCents);
    const created = await insertRefund(tx, {
      eventId: place.eventId,
      orderId: place.orderId,
      participationId: place.participationId,
      dateId: date.id,
      cause: 'date_moved',
      places,
      amountCents,
      provider: place.provider,
      transactionId: place.transactionId,
      status,
      refundedAt: status === 'refunded' ? now : null,
    });
    if (!created) throw new AppError('REFUND_ALREADY_REQUESTED', m.errors.alreadyRefunded, 409);
    if (status === 'pending') {
      await queueJob(tx, 'ticket_refund', { refundId: created.id }, { maxAttempts: REFUND_JOB_ATTEMPTS });
    } else {
      await applyRefund(tx, deps, created);
    }
    return created;
  });
  if (refund.status === 'pending') await carryOutRefund(deps, refund.id).catch(() => undefined);
  return { message: m.refundDone(refund.amountCents) };
}
