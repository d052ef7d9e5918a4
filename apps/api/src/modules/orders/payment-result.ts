import type { Database } from '../../db/client';
import { paymentOutcomes } from '../../lib/metrics';
import { recordCapture } from './captures';
import { giveBackPromoUse, holdPlacesAgain, releaseHeld, takePromoUse } from './places';
import { findOrderLines, lockOrderByReference, markLatePaymentOwed, setOrderStatus } from './repository';
import { findOrderToSettle, heldSettlement, settleHeldOrder, settleInTransaction } from './settlements';

type PaymentResult = {
  reference: string;
  status: 'paid' | 'refused' | 'cancelled';
  amountCents: number;
  transactionId: string;
};

export type ConfirmationOutcome =
  | 'paid'
  | 'already_paid'
  /** A refused attempt of an order still held: the hold stays, for the buyer to try again. */
  | 'attempt_refused'
  | 'released'
  | 'ignored'
  | 'unknown_order'
  | 'amount_mismatch'
  /** A payment whose hold had ended and whose places (or promo use) were gone: to refund. */
  | 'refund_needed'
  /** Another capture of an order already paid (two payment pages): to refund. */
  | 'duplicate_capture';

/** The places (or the promo use) of a late payment are gone: the savepoint is rolled back. */
class NothingLeft extends Error {}

type Provider = 'sandbox' | 'etransactions' | 'stripe';

/**
 * Applies a provider's verdict to an order, exactly once whatever arrives and however often:
 * the order row is locked, and only a state that can still change is changed. Every capture is
 * recorded. A payment for a hold that ended is honoured if its places and promo use are still
 * free; otherwise, like a second capture of a paid order, the caller refunds it.
 */
export async function applyPaymentResult(
  deps: { db: Database; config: { brandName: string; publicUrl: string } },
  result: PaymentResult,
  provider: Provider,
): Promise<ConfirmationOutcome> {
  const outcome = (await settleLiveHold(deps, result, provider)) ?? (await applyInTransaction(deps, result, provider));
  paymentOutcomes.inc({ provider, outcome });
  return outcome;
}

/**
 * The common case, a payment for a hold still live, settled in one statement (two round trips
 * in all, shared with the notifications that arrive meanwhile; the hot ticket row locked last);
 * undefined when the order is in any other state, which the general path below settles.
 */
async function settleLiveHold(
  deps: { db: Database; config: { brandName: string; publicUrl: string } },
  result: PaymentResult,
  provider: Provider,
): Promise<'paid' | undefined> {
  if (result.status !== 'paid') return undefined;
  const order = await findOrderToSettle(deps.db, result.reference);
  if (order?.status !== 'awaiting_payment' || order.eventCancelled || order.totalCents !== result.amountCents) {
    return undefined;
  }
  const outcome = await settleHeldOrder(deps.db, heldSettlement(order, provider, result, deps.config));
  return outcome === 'paid' ? 'paid' : undefined;
}

function applyInTransaction(
  deps: { db: Database; config: { brandName: string; publicUrl: string } },
  result: PaymentResult,
  provider: Provider,
): Promise<ConfirmationOutcome> {
  return deps.db.transaction(async (tx) => {
    const locked = await lockOrderByReference(tx, result.reference);
    if (!locked) return 'unknown_order';
    const { order, eventTitle } = locked;
    const lines = await findOrderLines(tx, order.id);
    const places = lines.map((l) => ({ ticketId: l.ticketId, dateId: l.dateId, quantity: l.quantity }));
    const capture = (kind: 'payment' | 'duplicate' | 'late', refundStatus: 'none' | 'pending') =>
      recordCapture(tx, {
        orderId: order.id,
        provider,
        transactionId: result.transactionId,
        amountCents: result.amountCents,
        kind,
        refundStatus,
      });

    if (result.status !== 'paid') {
      if (order.status !== 'awaiting_payment') return 'ignored';
      // A refused card ends one attempt, not the order: the buyer may try again (another card, the
      // same one once the bank agrees) until the hold expires, and the places stay theirs meanwhile.
      // An abandoned hold ends by expiry, as a declined Stripe attempt does. A cancellation is the
      // buyer's own choice to stop: its places go back on sale at once, as 'Précédent' does.
      if (result.status === 'refused') return 'attempt_refused';
      // Lock order of every path: the promo code before the tickets.
      await giveBackPromoUse(tx, order.discountCodeId);
      await releaseHeld(tx, places);
      await setOrderStatus(tx, order.id, 'cancelled');
      return 'released';
    }

    if (order.status === 'paid' || order.status === 'refund_requested' || order.status === 'refunded') {
      if (order.transactionId === result.transactionId) {
        // A late payment still owed back is refunded again by whoever brings its verdict.
        return order.status === 'refund_requested' ? 'refund_needed' : 'already_paid';
      }
      await capture('duplicate', 'pending');
      return 'duplicate_capture';
    }
    if (result.amountCents !== order.totalCents) return 'amount_mismatch';
    if (locked.eventCancelled) {
      // Its places would be refunded by the cancellation: the payment goes back at once instead.
      if (order.status === 'awaiting_payment') {
        await giveBackPromoUse(tx, order.discountCodeId);
        await releaseHeld(tx, places);
      }
      await markLatePaymentOwed(tx, order.id, result.transactionId);
      await capture('late', 'pending');
      return 'refund_needed';
    }
    if (order.status !== 'awaiting_payment') {
      // The hold ended (expired, given back, refused): its promo use and places are held again,
      // in a savepoint so that a limit failing half-way leaves nothing taken, and the order is
      // then settled as any hold is. Only "nothing left" means a refund: any other failure (a
      // deadlock, a lock timeout) is not the buyer's loss and is raised, so that the provider
      // notifies again.
      const reheld = await tx
        .transaction(async (savepoint) => {
          if (order.discountCodeId && !(await takePromoUse(savepoint, order.discountCodeId))) throw new NothingLeft();
          if (!(await holdPlacesAgain(savepoint, { eventId: order.eventId, lines: places }))) {
            throw new NothingLeft();
          }
          await setOrderStatus(savepoint, order.id, 'awaiting_payment');
          return true;
        })
        .catch((error: unknown) => {
          if (error instanceof NothingLeft) return false;
          throw error;
        });
      if (!reheld) {
        await markLatePaymentOwed(tx, order.id, result.transactionId);
        await capture('late', 'pending');
        return 'refund_needed';
      }
    }
    // The one way a held order is paid (orders/sql/guichet_settle_held.sql), here alone and
    // under this transaction's lock of the order.
    const [settled] = await settleInTransaction(tx, [
      heldSettlement({ ...order, eventTitle, lines }, provider, result, deps.config),
    ]);
    if (settled !== 'paid') throw new Error(`order ${order.id} held under lock was not settled`);
    return 'paid';
  });
}
