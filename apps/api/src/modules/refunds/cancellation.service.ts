import { type CancellationView, refundsFr } from '@guichet/shared';
import type { AppDeps } from '../../app-deps';
import { queueJob } from '../../jobs/queue';
import { AppError } from '../../lib/errors';
import { queueMail } from '../../mail/outbox';
import type { Viewer } from '../../policy/can';
import { authorizeEvent } from '../../policy/event-access';
import { updateEvent } from '../events/event.repository';
import { cancelParticipationsWithoutOrder } from '../orders/participations';
import { cancelEventPayouts } from '../payouts/service';
import { applyRefund, carryOutRefund, REFUND_LEASE_MS, type RefundDeps } from './execution.service';
import * as repo from './refunds.repository';

const e = refundsFr.errors;
const ORDERS_PER_PAGE = 50;
/** The cancellation job keeps trying (backoff up to an hour) for about two days. */
const CANCELLATION_ATTEMPTS = 60;

/**
 * Cancels an event: it stops selling in the same transaction (closed, which changes the sale's
 * fingerprint, so no hold checked against the open sale can be taken), and a job refunds every
 * paid order. The job survives restarts and is idempotent (one cancellation refund per order).
 */
export async function cancelEvent(
  deps: AppDeps,
  viewer: Viewer | null,
  eventId: string,
  message: string,
): Promise<CancellationView> {
  await authorizeEvent(deps.db, viewer, eventId, 'cancelEvent', { hideRefusal: true });
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const event = await repo.lockEvent(tx, eventId);
    if (!event) throw new AppError('EVENT_NOT_FOUND', e.alreadyCancelled, 404);
    if (event.cancelledAt) throw new AppError('EVENT_CANCELLED', e.alreadyCancelled, 409);
    if (event.dateEnd <= now) throw new AppError('EVENT_OVER', e.eventOver, 409);
    await updateEvent(tx, eventId, { cancelledAt: now, cancellationMessage: message, isOpen: false, updatedAt: now });
    await cancelEventPayouts(tx, deps, event, now);
    await queueJob(tx, 'event_cancellation', { eventId }, { maxAttempts: CANCELLATION_ATTEMPTS });
  });
  return getCancellation(deps, viewer, eventId);
}

/** How far the event's cancellation is: its orders refunded, in progress, failed, left to the door. */
export async function getCancellation(
  deps: AppDeps,
  viewer: Viewer | null,
  eventId: string,
): Promise<CancellationView> {
  await authorizeEvent(deps.db, viewer, eventId, 'cancelEvent', { hideRefusal: true });
  const event = await repo.findEventCancellation(deps.db, eventId);
  const counts = await repo.countCancellationRefunds(deps.db, eventId);
  const waiting = event?.cancelledAt ? await repo.countOrdersToCancel(deps.db, eventId) : 0;
  const count = (status: repo.RefundRow['status']) => counts.get(status) ?? 0;
  const inProgress = count('pending') + count('refunding') + waiting;
  return {
    cancelledAt: event?.cancelledAt?.toISOString() ?? null,
    message: event?.cancellationMessage ?? null,
    orders: inProgress + count('refunded') + count('failed') + count('manual'),
    refunded: count('refunded'),
    inProgress,
    failed: count('failed'),
    manual: count('manual'),
  };
}

/**
 * The cancellation job: a refund per paid order (what the order paid, less what accepted
 * requests gave back already), then each refund carried out. Any refund left undone makes the
 * job fail, so that the runner comes back to it with backoff; what was done is not done again.
 */
export async function runCancellation(deps: RefundDeps, eventId: string): Promise<void> {
  for (;;) {
    const orders = await repo.findOrdersToCancel(deps.db, eventId, ORDERS_PER_PAGE);
    for (const order of orders) await openOrderRefund(deps, eventId, order);
    if (orders.length < ORDERS_PER_PAGE) break;
  }
  await cancelPlacesWithoutOrder(deps, eventId);
  const now = deps.clock.now();
  let left = 0;
  for (const refundId of await repo.findRefundsToCarryOut(
    deps.db,
    eventId,
    new Date(now.getTime() - REFUND_LEASE_MS),
  )) {
    try {
      await carryOutRefund(deps, refundId);
    } catch {
      left += 1;
    }
  }
  if (left > 0) throw new Error(`${left} refund(s) of the cancelled event ${eventId} still to make`);
}

async function openOrderRefund(deps: RefundDeps, eventId: string, order: repo.OrderToCancel) {
  await deps.db.transaction(async (tx) => {
    const paid = await repo.lockPaidOrder(tx, order.id);
    if (!paid) return;
    const amountCents = Math.max(0, order.totalCents - (await repo.refundedSoFar(tx, order.id)));
    const online = order.provider !== 'free' && order.provider !== 'onsite';
    const status = amountCents === 0 ? 'refunded' : online ? 'pending' : 'manual';
    const refund = await repo.insertRefund(tx, {
      eventId,
      orderId: order.id,
      cause: 'cancellation',
      places: order.ticketCount,
      amountCents,
      provider: order.provider,
      transactionId: order.transactionId,
      status,
      refundedAt: status === 'refunded' ? deps.clock.now() : null,
    });
    if (refund && status !== 'pending') await applyRefund(tx, deps, refund);
  });
}

/** Places given without an order (none today: kept so that a cancelled event leaves no live ticket). */
async function cancelPlacesWithoutOrder(deps: AppDeps, eventId: string) {
  await deps.db.transaction(async (tx) => {
    const cancelled = await cancelParticipationsWithoutOrder(tx, eventId, deps.clock.now());
    const userIds = [...new Set(cancelled.map((row) => row.userId).filter((id): id is string => id !== null))];
    const event = await repo.findEventCancellation(tx, eventId);
    for (const person of await repo.findUserContacts(tx, userIds)) {
      await queueMail(tx, {
        to: person.email,
        subject: refundsFr.mail.cancelled.subject(deps.config.brandName, event?.title ?? ''),
        text: refundsFr.mail.cancelled.body(person.firstName, event?.title ?? '', event?.cancellationMessage ?? '', 0),
      });
    }
  });
}
