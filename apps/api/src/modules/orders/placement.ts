import type { AppDeps } from '../../app-deps';
import type { orders } from '../../db/schema';
import { issueParticipations } from './issue';
import { hasExpiredHolds, hasFreeTicket, isPromoUsedBy, reclaimExpiredHolds, takePlaces, takePromoUse } from './places';
import { oneFreeTicket, promoExhausted, promoUsed, soldOut } from './refusals';
import { insertOrderWithLines, isSaleCurrent, type NewOrder } from './repository';

/** The sale changed since the order was checked against it (its fingerprint). */
export class StaleSale extends Error {}
class NoPlaces extends Error {}
class NoPromoUse extends Error {}

/**
 * An order settled at once, with nothing left to pay online: a free order, or a sale at the door
 * paid there. One transaction: the sale's fingerprint when the order was checked against a copy,
 * the one-free-place rule, the promo code's use, the order and its lines, the places (taken as
 * sold, last, so that the hot rows stay locked briefly), the participations and their e-mail.
 * Places or a promo use held by expired holds are reclaimed once, then it tries again.
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
  const { fingerprint, isFreeEvent, source, now, ...values } = order;
  const attempt = () =>
    deps.db.transaction(async (tx) => {
      if (fingerprint !== undefined && !(await isSaleCurrent(tx, values.eventId, fingerprint))) throw new StaleSale();
      const hasFreeLines = isFreeEvent || values.lines.some((l) => l.unitPriceCents === 0 && !l.isGift);
      if (
        hasFreeLines &&
        (await hasFreeTicket(tx, { eventId: values.eventId, userId: values.userId, isFreeEvent, now }))
      ) {
        throw oneFreeTicket(isFreeEvent);
      }
      // Lock order of every path: the promo code, then the event and its tickets.
      if (values.discountCodeId && !(await takePromoUse(tx, values.discountCodeId))) throw new NoPromoUse();
      // Read once the code's row is locked by its use: the same buyer's other order waits for it.
      if (
        values.discountCodeId &&
        (await isPromoUsedBy(tx, {
          discountCodeId: values.discountCodeId,
          userId: values.userId,
          now,
          countHolds: true,
        }))
      ) {
        throw promoUsed();
      }
      const paid: typeof orders.$inferInsert = { ...values, status: 'paid', paidAt: now };
      const id = await insertOrderWithLines(tx, { ...paid, lines: values.lines });
      if (!(await takePlaces(tx, { eventId: values.eventId, lines: values.lines, into: 'sold' }))) throw new NoPlaces();
      const participationIds = await issueParticipations(
        tx,
        { ...paid, id, userId: values.userId },
        values.lines.map((l) => ({ ticket: { id: l.ticketId }, ...l })),
        deps.config,
        source,
      );
      return { id, participationIds };
    });
  const answer = (error: unknown) =>
    error instanceof NoPlaces ? soldOut() : error instanceof NoPromoUse ? promoExhausted() : error;
  try {
    return await attempt();
  } catch (error) {
    if (!(error instanceof NoPlaces || error instanceof NoPromoUse)) throw error;
    if (!(await hasExpiredHolds(deps.db, values.eventId, now))) throw answer(error);
    await reclaimExpiredHolds(deps.db, values.eventId, now);
    try {
      return await attempt();
    } catch (retry) {
      throw answer(retry);
    }
  }
}
