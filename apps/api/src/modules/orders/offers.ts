import { randomUUID } from 'node:crypto';
import { HOLD_SECONDS } from '@guichet/shared';
import { sql } from 'drizzle-orm';
import { arrayLiteral } from '../../db/array-literal';
import { type Database, queryRows } from '../../db/client';
import { orderLines, orders } from '../../db/schema';
import { releaseHeld } from './places';
import { findEventTitle, findOrderLines, lockOrder, type NewOrder } from './repository';
import { heldSettlement, settleInTransaction } from './settlements';

/**
 * Orders of the waiting list (docs/decisions.md, "Waiting list"): places that came back kept for
 * the next people in line as `offered` orders, held in `tickets.held` until their deadline; the
 * offer's link turns one into the normal 180 s hold; an offer past its deadline gives its places
 * back. The waiting list module writes its own entries in the same transactions.
 */

export type OfferPick = { entryId: string; userId: string; quantity: number };

/**
 * Keeps the ticket's free places for the first people waiting (`guichet_offer_places`, which
 * locks the event when capped, then the ticket): whom, and how many places each. Call it in the
 * transaction that writes their orders (`insertOfferedOrders`).
 */
export function reserveOfferPlaces(
  tx: Database,
  line: { ticketId: string; dateId: string | null },
  limit: number,
): Promise<OfferPick[]> {
  return queryRows<OfferPick>(
    tx,
    sql`select entry_id as "entryId", user_id as "userId", quantity
          from guichet_offer_places(${line.ticketId}::uuid, ${line.dateId}::uuid, ${limit}::int)`,
  );
}

/** An offer's order; `dateId` the date its places are held on (issue 32), null for a pass or a one-date event. */
export type OfferedOrder = Omit<NewOrder, 'status' | 'lines' | 'paidAt'> & {
  ticketId: string;
  dateId: string | null;
  unitPriceCents: number;
};

/**
 * The orders that carry offers' places, each priced as a hold of them would be, written together
 * (two statements, whatever their number): answers their ids, in the order given. Marked as
 * offers': how an offer's payment hold ends is its entry's outcome (orders_waiting_list_outcome).
 */
export async function insertOfferedOrders(tx: Database, list: OfferedOrder[]): Promise<string[]> {
  if (list.length === 0) return [];
  const ids = list.map(() => randomUUID());
  await tx.insert(orders).values(
    list.map(({ ticketId: _ticket, dateId: _date, unitPriceCents: _price, ...values }, index) => ({
      ...values,
      id: ids[index] as string,
      status: 'offered' as const,
      isWaitingListOffer: true,
    })),
  );
  await tx.insert(orderLines).values(
    list.map((order, index) => ({
      orderId: ids[index] as string,
      ticketId: order.ticketId,
      dateId: order.dateId,
      quantity: order.ticketCount,
      unitPriceCents: order.unitPriceCents,
    })),
  );
  return ids;
}

export type OfferTaken =
  | { outcome: 'taken'; order: { id: string; expiresAt: Date; totalCents: number; provider: string; status: string } }
  | { outcome: 'expired' | 'used' | 'one_free_ticket' };

/**
 * The one-free-place rule of every order (`guichet_free_ticket_taken`): whether the account
 * already has, or holds, its free place of the event.
 */
export async function hasFreePlace(
  tx: Database,
  order: { eventId: string; userId: string },
  now: Date,
): Promise<boolean> {
  const [row] = await queryRows<{ taken: boolean }>(
    tx,
    sql`select guichet_free_ticket_taken(${order.eventId}::uuid, ${order.userId}::uuid,
             not exists (select 1 from tickets where event_id = ${order.eventId} and deleted_at is null
                            and price_cents > 0),
             ${now.toISOString()}::timestamptz) as taken`,
  );
  return row?.taken === true;
}

/**
 * The offer's link opened by its person: under the order's lock, an offer still running becomes
 * the normal hold (awaiting payment for HOLD_SECONDS; an order that costs nothing is settled at
 * once, as a free order is, unless the account already has its free place of the event: the offer
 * then ends and passes on). Its places stay held throughout, so nobody else can take them in
 * between. `onTaken` and `onRefused` write the caller's own record in the same transaction.
 */
export async function takeOffer(
  db: Database,
  request: { orderId: string; now: Date; site: { brandName: string; publicUrl: string } },
  onTaken: (tx: Database) => Promise<void>,
  onRefused: (tx: Database) => Promise<void>,
): Promise<OfferTaken> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, request.orderId);
    if (!order) return { outcome: 'used' as const };
    if (order.status === 'expired' || (order.status === 'offered' && order.expiresAt <= request.now)) {
      return { outcome: 'expired' as const };
    }
    if (order.status !== 'offered') return { outcome: 'used' as const };
    if (order.totalCents === 0 && (await hasFreePlace(tx, order, request.now))) {
      // One free place per account and event: taken meanwhile, so this one goes to the next person.
      await giveOffersBack(tx, [order.id]);
      await onRefused(tx);
      return { outcome: 'one_free_ticket' as const };
    }
    const expiresAt = new Date(request.now.getTime() + HOLD_SECONDS * 1000);
    await tx.execute(
      sql`update orders set status = 'awaiting_payment', expires_at = ${expiresAt.toISOString()}::timestamptz
           where id = ${order.id}`,
    );
    await onTaken(tx);
    if (order.totalCents > 0) {
      return { outcome: 'taken' as const, order: { ...order, expiresAt, status: 'awaiting_payment' } };
    }
    const lines = (await findOrderLines(tx, order.id)).map((line) => ({ ...line, isGift: line.isGift ?? false }));
    const settlement = heldSettlement(
      { ...order, eventTitle: await findEventTitle(tx, order.eventId), lines },
      'free',
      { transactionId: null, amountCents: 0 },
      request.site,
    );
    const [settled] = await settleInTransaction(tx, [
      { ...settlement, source: 'web', paidAt: request.now.toISOString() },
    ]);
    if (settled !== 'paid') return { outcome: 'expired' as const };
    return { outcome: 'taken' as const, order: { ...order, expiresAt, status: 'paid' } };
  });
}

/** Ends offers still running (`expired`) and gives their places back, in the caller's transaction. */
async function giveOffersBack(tx: Database, orderIds: string[]): Promise<string[]> {
  const ended = await queryRows<{ id: string }>(
    tx,
    sql`update orders set status = 'expired'
         where id = any(${arrayLiteral(orderIds)}::uuid[]) and status = 'offered' returning id`,
  );
  if (ended.length === 0) return [];
  const ids = ended.map((row) => row.id);
  const lines = await queryRows<{ ticketId: string; dateId: string | null; quantity: number }>(
    tx,
    sql`select ticket_id as "ticketId", date_id as "dateId", sum(quantity)::int as quantity from order_lines
         where order_id = any(${arrayLiteral(ids)}::uuid[]) group by ticket_id, date_id`,
  );
  await releaseHeld(tx, lines);
  return ids;
}

/**
 * Offers past their deadline, a few at a time: each order, locked (skipping any another
 * transaction holds: a link being opened), becomes `expired` and gives its places back, which
 * calls the next people in line (the waiting list's trigger on tickets). `onExpired` writes the
 * caller's own record in the same transaction. Answers how many ended.
 */
export async function expireOffers(
  db: Database,
  now: Date,
  limit: number,
  onExpired: (tx: Database, orderIds: string[]) => Promise<void>,
): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await queryRows<{ id: string }>(
      tx,
      sql`select id from orders
           where status = 'offered' and expires_at <= ${now.toISOString()}::timestamptz
           order by id limit ${limit} for no key update skip locked`,
    );
    if (due.length === 0) return 0;
    const ended = await giveOffersBack(
      tx,
      due.map((row) => row.id),
    );
    await onExpired(tx, ended);
    return ended.length;
  });
}

/**
 * Its person gives an offer up (they left the line): under the order's lock, an offer still
 * running ends and its places go to the next people at once. `onEnded` writes the caller's own
 * record in the same transaction, whatever became of the offer.
 */
export async function withdrawOffer(
  db: Database,
  orderId: string,
  onEnded: (tx: Database) => Promise<void>,
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockOrder(tx, orderId);
    await giveOffersBack(tx, [orderId]);
    await onEnded(tx);
  });
}
