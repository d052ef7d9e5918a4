import type { AppDeps } from '../../app-deps';
import { reclaimExpiredHolds } from './places';
import { eventCancelled, oneFreeTicket, promoExhausted, promoUsed, soldOut } from './refusals';
import { findEventTitle, type HoldOutcome, holdInTransaction, type NewOrder } from './repository';
import { heldSettlement, settleInTransaction } from './settlements';

/** The sale changed since the order was checked against it (its fingerprint). */
export class StaleSale extends Error {}

/**
 * An order paid at once, with nothing left to pay online: a free order, or a sale at the door paid
 * there. It is placed as every order is, by the hold (guichet_hold: the sale's fingerprint, the
 * one-free-place rule, the promo code's use, the order, its lines and its places under every
 * limit), then settled in the same transaction as every held order is (guichet_settle_held: paid,
 * places sold, participations and their e-mail). Places or a promo use held by expired holds are
 * reclaimed once, in a transaction of their own, then it tries again.
 */
export async function placeSettledOrder(
  deps: Pick<AppDeps, 'db' | 'config'>,
  order: Omit<NewOrder, 'status' | 'paidAt'> & {
    /** The sale's fingerprint the order was checked against; none for a fresh read. */
    fingerprint?: string;
    isFreeEvent: boolean;
    source: 'web' | 'presentiel';
    now: Date;
  },
): Promise<{ id: string; participationIds: string[] }> {
  const { fingerprint, isFreeEvent, source, now, lines, eventId, userId, buyerEmail, ...values } = order;
  const gift = lines.find((line) => line.isGift);
  const paidLines = lines.filter((line) => !line.isGift);
  const attempt = (afterReclaim: boolean) =>
    deps.db.transaction(async (tx) => {
      const { outcome, id } = await holdInTransaction(tx, {
        sale: { event: { id: eventId }, fingerprint: fingerprint ?? null },
        userId,
        email: buyerEmail,
        now,
        afterReclaim,
        lines: paidLines,
        giftTicketId: gift?.ticketId ?? null,
        settled: { isFreeEvent },
        order: { ...values, expiresAt: now },
      });
      if (outcome !== 'held') return { outcome };
      const settlement = heldSettlement(
        {
          id,
          buyerEmail,
          buyerFirstName: values.buyerFirstName,
          reference: values.reference,
          eventTitle: await findEventTitle(tx, eventId),
          lines: lines.map((line) => ({
            ticketId: line.ticketId,
            quantity: line.quantity,
            refundPlaces: line.refundPlaces,
            isGift: line.isGift ?? false,
            holders: line.holders ?? null,
            answers: line.answers ?? null,
          })),
        },
        values.provider,
        { transactionId: null, amountCents: values.totalCents },
        deps.config,
      );
      const settled = await settleInTransaction(tx, { ...settlement, source, paidAt: now.toISOString() });
      // Placed and locked by this transaction: only its event's cancellation keeps it from being paid.
      if (settled !== 'paid') throw eventCancelled();
      return { outcome, id, participationIds: settlement.participations.map((p) => p.id) };
    });
  let placed = await attempt(false);
  if (placed.outcome === 'expired_holds') {
    await reclaimExpiredHolds(deps.db, eventId, now);
    placed = await attempt(true);
  }
  if (placed.outcome === 'held' && placed.id && placed.participationIds) {
    return { id: placed.id, participationIds: placed.participationIds };
  }
  throw refusalOf(placed.outcome, isFreeEvent);
}

function refusalOf(outcome: HoldOutcome, isFreeEvent: boolean): Error {
  switch (outcome) {
    case 'stale':
      return new StaleSale();
    case 'one_free_ticket':
      return oneFreeTicket(isFreeEvent);
    case 'promo_used':
      return promoUsed();
    case 'promo_exhausted':
      return promoExhausted();
    case 'sold_out':
    case 'expired_holds':
      return soldOut();
    default:
      return new Error(`an order paid at once was refused: ${outcome}`);
  }
}
