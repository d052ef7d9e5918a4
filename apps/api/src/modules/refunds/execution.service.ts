import { dateChangesFr, refundsFr, resaleFr } from '@guichet/shared';
import type { AppDeps } from '../../app-deps';
import type { Database } from '../../db/client';
import { queueMail } from '../../mail/outbox';
import type { PaymentProviderName } from '../../payments';
import type { Payments } from '../checkout/payment.service';
import { cancelParticipations, refundOrder, removeRefundedPlaces } from '../orders/participations';
import * as repo from './refunds.repository';

/** A provider call longer than this was cut off (a process died): the refund is asked again, same key. */
export const REFUND_LEASE_MS = 5 * 60_000;

export type RefundDeps = AppDeps & { payments: Payments };

/** Thrown while another process has the refund at its provider: the job tries again later. */
export class RefundInProgress extends Error {}

/**
 * Carries out one refund, exactly once: the row is claimed (so concurrent runs cannot both ask
 * the provider), the provider is asked under the refund's own key (so a refund asked again after
 * a cut-off is not made twice), and only then, in one transaction, are the places cancelled and
 * given back to the sale and the holder told. A provider failure leaves the refund 'failed' with
 * its error, for the job runner to try again; the places stay the holder's meanwhile.
 */
export async function carryOutRefund(
  deps: RefundDeps,
  refundId: string,
  /** Test seam: runs between the provider's refund and the database's record of it. */
  afterProviderRefund?: () => Promise<void>,
): Promise<repo.RefundRow['status']> {
  const now = deps.clock.now();
  const refund = await repo.claimRefund(deps.db, refundId, now, new Date(now.getTime() - REFUND_LEASE_MS));
  if (!refund) {
    const current = await repo.findRefund(deps.db, refundId);
    if (current?.status === 'refunding') throw new RefundInProgress(`refund ${refundId} is being made elsewhere`);
    return current?.status ?? 'refused';
  }
  const provider = deps.payments.providers[refund.provider as PaymentProviderName];
  try {
    if (!provider || !refund.transactionId || !refund.orderId) {
      throw new Error(`no provider to refund through (${refund.provider ?? 'none'})`);
    }
    const reference = (await repo.findOrderReference(deps.db, refund.orderId)) ?? '';
    await provider.refund({
      transactionId: refund.transactionId,
      amountCents: refund.amountCents,
      reference,
      key: `refund-${refund.id}`,
    });
  } catch (error) {
    await repo.markRefundFailed(deps.db, refund.id, error instanceof Error ? error.message : String(error));
    throw error;
  }
  await afterProviderRefund?.();
  await deps.db.transaction(async (tx) => {
    const settled = await repo.settleRefund(tx, refund.id, deps.clock.now());
    if (settled) await applyRefund(tx, deps, settled);
  });
  return 'refunded';
}

/**
 * What a refund does once the money is back (or there was none to give back): the places leave
 * their holder and return to the sale, and the holder is told.
 */
export async function applyRefund(tx: Database, deps: Pick<AppDeps, 'config' | 'clock'>, refund: repo.RefundRow) {
  const now = deps.clock.now();
  if (refund.cause === 'date_cancelled' || refund.cause === 'date_moved') {
    // One date of several: a place bought for it ends (a cancelled date's ended with the
    // cancellation), a pass keeps its other dates; the order stays paid for the rest.
    if (refund.cause === 'date_moved' && refund.participationId && refund.dateId) {
      const ended = await repo.placeBoughtForDate(tx, refund.participationId, refund.dateId);
      if (ended) await cancelParticipations(tx, [refund.participationId], now);
    }
  } else if (refund.cause === 'request' && refund.participationId) {
    await removeRefundedPlaces(tx, refund.participationId, refund.places, now);
    // A resold place was cancelled when it sold, its buyer taking it: nothing goes back on sale.
  } else if (refund.cause !== 'resale' && refund.orderId) {
    await refundOrder(tx, refund.orderId, now);
  }
  const to = await repo.findRefundRecipient(tx, refund);
  if (!to) return;
  const brand = deps.config.brandName;
  // A cancelled date's buyers had one mail each from the cancellation, whatever their places.
  if (refund.cause === 'date_cancelled') return;
  const dateBegin = refund.cause === 'date_moved' && refund.dateId ? await repo.findDateBegin(tx, refund.dateId) : null;
  const mail = dateBegin
    ? {
        subject: dateChangesFr.mail.refunded.subject(brand, to.eventTitle),
        text: dateChangesFr.mail.refunded.body(
          to.firstName,
          to.eventTitle,
          dateBegin.toISOString(),
          refund.amountCents,
        ),
      }
    : refund.cause === 'resale'
      ? {
          subject: resaleFr.mail.subject(brand, to.eventTitle),
          text: resaleFr.mail.body(
            to.firstName,
            to.eventTitle,
            refund.amountCents,
            await repo.resaleFeeOf(tx, refund.id),
          ),
        }
      : refund.cause === 'request'
        ? {
            subject: refundsFr.mail.accepted.subject(brand, to.eventTitle),
            text: refundsFr.mail.accepted.body(to.firstName, to.eventTitle, refund.amountCents, refund.places),
          }
        : {
            subject: refundsFr.mail.cancelled.subject(brand, to.eventTitle),
            text: refundsFr.mail.cancelled.body(
              to.firstName,
              to.eventTitle,
              to.message ?? '',
              refund.status === 'manual' ? 0 : refund.amountCents,
            ),
          };
  // Money went back on a paid order: the mail carries the refund's credit notes, issued before it goes.
  const creditNotes =
    refund.orderId && refund.amountCents > 0 ? [{ kind: 'credit-notes' as const, refundId: refund.id }] : [];
  await queueMail(tx, { to: to.email, ...mail, ...(creditNotes.length > 0 && { attachments: creditNotes }) });
}
