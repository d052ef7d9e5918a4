import { discountedUnitPriceCents, type RefundDecision, type RefundRequestRow, refundsFr } from '@guichet/shared';
import type { AppDeps } from '../../app-deps';
import { queueJob } from '../../jobs/queue';
import { AppError } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { queueMail } from '../../mail/outbox';
import type { Viewer } from '../../policy/can';
import { authorizeEvent } from '../../policy/event-access';
import { applyRefund, carryOutRefund, type RefundDeps } from './execution.service';
import * as repo from './refunds.repository';

const e = refundsFr.errors;
/** A refund the provider refuses now is tried for about five hours (backoff up to an hour). */
const REFUND_JOB_ATTEMPTS = 12;

/**
 * The refund a holder asked for, as its decision records it: their insured places not yet used at
 * the door, at the price they paid for them.
 */
function requestedRefund(eventId: string, participationId: string, ticket: repo.RequestedParticipation) {
  const places = Math.max(0, Math.min(ticket.refundPlaces, ticket.quantity - ticket.entriesUsed));
  return {
    eventId,
    orderId: ticket.orderId,
    participationId,
    cause: 'request' as const,
    places,
    amountCents: places * discountedUnitPriceCents(ticket.unitPriceCents, ticket.discountPercent),
    provider: ticket.provider,
  };
}

const participationNotFound = () => new AppError('TICKET_NOT_FOUND', refundsFr.errors.notRequested, 404);

/** The event's refund requests, for its organiser (and the administrator), oldest first. */
export async function listRefundRequests(
  deps: AppDeps,
  viewer: Viewer | null,
  eventId: string,
): Promise<{ items: RefundRequestRow[] }> {
  await authorizeEvent(deps.db, viewer, eventId, 'decideRefunds', { hideRefusal: true });
  const rows = await repo.findEventRefundRequests(deps.db, eventId);
  return {
    items: rows.map((row) => ({
      participationId: row.participationId,
      holderName: row.holderName,
      holderEmail: row.holderEmail,
      ticketTitle: row.ticketTitle,
      places: row.refundPlacesDone ?? row.refundPlaces,
      amountCents:
        row.refundAmountCents ?? row.refundPlaces * discountedUnitPriceCents(row.unitPriceCents, row.discountPercent),
      requestedAt: new Date(row.requestedAt).toISOString(),
      status: row.status ?? 'requested',
      reason: row.reason,
      lastError: row.lastError,
    })),
  };
}

/**
 * Accepts a holder's request: their insured places are refunded through the provider that took
 * the money, then cancelled and given back to the sale (carryOutRefund). Asked again, by a second
 * click or another process, it answers the refund already decided.
 */
export async function acceptRefund(
  deps: RefundDeps,
  viewer: Viewer | null,
  eventId: string,
  participationId: string,
): Promise<RefundDecision> {
  await authorizeEvent(deps.db, viewer, eventId, 'decideRefunds', { hideRefusal: true });
  if (!isUuid(participationId)) throw participationNotFound();
  const refund = await deps.db.transaction(async (tx) => {
    const ticket = await repo.lockParticipationOfEvent(tx, eventId, participationId);
    if (!ticket?.refundRequestedAt) throw participationNotFound();
    const decided = await repo.findRequestRefund(tx, participationId);
    if (decided) {
      if (decided.status === 'refused') throw new AppError('REFUND_DECIDED', e.alreadyDecided, 409);
      return decided;
    }
    if (ticket.cancelledAt) throw new AppError('REFUND_DECIDED', e.alreadyDecided, 409);
    const asked = requestedRefund(eventId, participationId, ticket);
    const online = ticket.provider !== null && ticket.provider !== 'free' && ticket.provider !== 'onsite';
    const status = asked.amountCents === 0 ? 'refunded' : online ? 'pending' : 'manual';
    const created = await repo.insertRefund(tx, {
      ...asked,
      transactionId: ticket.transactionId,
      status,
      decidedBy: viewer?.id,
      refundedAt: status === 'refunded' ? deps.clock.now() : null,
    });
    if (!created) throw new AppError('REFUND_DECIDED', e.alreadyDecided, 409);
    if (status === 'pending') {
      await queueJob(tx, 'ticket_refund', { refundId: created.id }, { maxAttempts: REFUND_JOB_ATTEMPTS });
    } else {
      await applyRefund(tx, deps, created);
    }
    return created;
  });
  if (refund.status !== 'pending' && refund.status !== 'failed') return { status: refund.status };
  try {
    return { status: await carryOutRefund(deps, refund.id) };
  } catch {
    // Recorded on the refund; its job tries again.
    return { status: (await repo.findRefund(deps.db, refund.id))?.status ?? 'failed' };
  }
}

/** Refuses a holder's request with a reason, once; the holder is told why. */
export async function refuseRefund(
  deps: AppDeps,
  viewer: Viewer | null,
  eventId: string,
  participationId: string,
  reason: string,
): Promise<RefundDecision> {
  const event = await authorizeEvent(deps.db, viewer, eventId, 'decideRefunds', { hideRefusal: true });
  if (!isUuid(participationId)) throw participationNotFound();
  await deps.db.transaction(async (tx) => {
    const ticket = await repo.lockParticipationOfEvent(tx, eventId, participationId);
    if (!ticket?.refundRequestedAt) throw participationNotFound();
    // The refusal keeps what was asked, for the record.
    const created = ticket.cancelledAt
      ? undefined
      : await repo.insertRefund(tx, {
          ...requestedRefund(eventId, participationId, ticket),
          status: 'refused',
          reason,
          decidedBy: viewer?.id,
        });
    if (!created) throw new AppError('REFUND_DECIDED', e.alreadyDecided, 409);
    const to = await repo.findRefundRecipient(tx, created);
    if (to) {
      await queueMail(tx, {
        to: to.email,
        subject: refundsFr.mail.refused.subject(deps.config.brandName, event.title),
        text: refundsFr.mail.refused.body(to.firstName, event.title, reason),
      });
    }
  });
  return { status: 'refused' };
}
