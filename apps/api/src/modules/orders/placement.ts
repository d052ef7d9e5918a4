import type { AppDeps } from '../../app-deps';
import type { Database } from '../../db/client';
import { reclaimExpiredHolds } from './places';
import { eventCancelled, oneFreeTicket, promoExhausted, promoUsed, soldOut } from './refusals';
import { findEventTitle, type HoldOutcome, holdInTransaction, type NewOrder } from './repository';
import { heldSettlement, type PlaceSource, settleInTransaction } from './settlements';

/** The sale changed since the order was checked against it (its fingerprint). */
export class StaleSale extends Error {}

/** An order paid at once, as placeSettledOrder and placeSettledOrders take it. */
type SettledOrder = Omit<NewOrder, 'status' | 'paidAt' | 'eventId' | 'userId'> & {
  /** The buyer's account; null: found by `buyerEmail` by the hold (an account made by `prepare`). */
  userId: string | null;
  /** The sale's fingerprint the order was checked against; none for a fresh read. */
  fingerprint?: string;
};

type Placement = {
  eventId: string;
  isFreeEvent: boolean;
  source: PlaceSource;
  now: Date;
  orders: SettledOrder[];
  /** Written first in the same transaction (the buyers' accounts), undone with the rest on a refusal. */
  prepare?: (tx: Database) => Promise<void>;
};

/** An order of a batch that was refused: its index in the batch and why. */
export class PlacementRefused extends Error {
  constructor(
    readonly index: number,
    readonly refusal: Error,
  ) {
    super(refusal.message);
  }
}

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
  order: SettledOrder & { eventId: string; isFreeEvent: boolean; source: 'web' | 'presentiel'; now: Date },
): Promise<{ id: string; participationIds: string[] }> {
  const { eventId, isFreeEvent, source, now, ...values } = order;
  try {
    const [placed] = await placeSettledOrders(deps, { eventId, isFreeEvent, source, now, orders: [values] });
    if (!placed) throw new Error('an order paid at once was not placed');
    return placed;
  } catch (error) {
    throw error instanceof PlacementRefused ? error.refusal : error;
  }
}

/**
 * Orders of one event paid at once, all or none (an organiser's invitations from a file): held in
 * one statement (guichet_hold_batch) and settled in one (guichet_settle_held), in one
 * transaction; the first refused order rolls everything back and is answered as PlacementRefused.
 * Invitations are given, not bought: outside the one-free-place rule.
 */
export async function placeSettledOrders(
  deps: Pick<AppDeps, 'db' | 'config'>,
  placement: Placement,
): Promise<{ id: string; participationIds: string[] }[]> {
  const { eventId, isFreeEvent, source, now } = placement;
  const attempt = (afterReclaim: boolean) =>
    deps.db.transaction(async (tx) => {
      await placement.prepare?.(tx);
      const held = await holdInTransaction(
        tx,
        placement.orders.map(({ fingerprint, lines, userId, buyerEmail, ...values }) => ({
          sale: { event: { id: eventId }, fingerprint: fingerprint ?? null },
          userId,
          email: buyerEmail,
          now,
          afterReclaim,
          lines: lines.filter((line) => !line.isGift),
          giftTicketId: lines.find((line) => line.isGift)?.ticketId ?? null,
          settled: { isFreeEvent, isInvitation: source === 'invitation' },
          order: { ...values, expiresAt: now },
        })),
      );
      const refused = held.findIndex((hold) => hold.outcome !== 'held');
      // The orders held before the refused one are rolled back with everything else.
      if (refused >= 0) throw new HoldRefused(refused, held[refused]?.outcome ?? 'sold_out');
      const eventTitle = await findEventTitle(tx, eventId);
      const settlements = placement.orders.map((order, i) =>
        heldSettlement(
          {
            id: held[i]?.id ?? '',
            buyerEmail: order.buyerEmail,
            buyerFirstName: order.buyerFirstName,
            reference: order.reference,
            eventTitle,
            lines: order.lines.map((line) => ({
              ticketId: line.ticketId,
              // The gift's place is for the order's first date, as the hold counted it.
              dateId: line.dateId ?? (line.isGift ? (order.lines.find((l) => !l.isGift)?.dateId ?? null) : null),
              quantity: line.quantity,
              refundPlaces: line.refundPlaces,
              isGift: line.isGift ?? false,
              holders: line.holders ?? null,
              answers: line.answers ?? null,
            })),
          },
          order.provider,
          { transactionId: null, amountCents: order.totalCents },
          deps.config,
        ),
      );
      const settled = await settleInTransaction(
        tx,
        settlements.map((settlement) => ({ ...settlement, source, paidAt: now.toISOString() })),
      );
      // Placed and locked by this transaction: only its event's cancellation keeps it from being paid.
      if (settled.some((outcome) => outcome !== 'paid')) throw eventCancelled();
      return settlements.map((settlement, i) => ({
        id: held[i]?.id ?? '',
        participationIds: settlement.participations.map((p) => p.id),
      }));
    });
  try {
    return await attempt(false);
  } catch (error) {
    if (!(error instanceof HoldRefused)) throw error;
    if (error.outcome !== 'expired_holds')
      throw new PlacementRefused(error.index, refusalOf(error.outcome, isFreeEvent));
  }
  await reclaimExpiredHolds(deps.db, eventId, now);
  try {
    return await attempt(true);
  } catch (error) {
    if (!(error instanceof HoldRefused)) throw error;
    throw new PlacementRefused(error.index, refusalOf(error.outcome, isFreeEvent));
  }
}

/** Thrown inside the placement's transaction so that it rolls back. */
class HoldRefused extends Error {
  constructor(
    readonly index: number,
    readonly outcome: HoldOutcome,
  ) {
    super(`hold refused: ${outcome}`);
  }
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
