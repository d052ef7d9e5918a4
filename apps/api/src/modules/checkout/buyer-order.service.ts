import { checkoutFr, type OrderView, type PaymentResultOrder } from '@guichet/shared';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { safeEqual, sha256 } from '../../lib/tokens';
import type { Viewer } from '../../policy/can';
import { releaseOrder } from '../orders/release';
import { findOrderById, findOrderByReference, findOrderLines, type OrderRow } from '../orders/repository';

/** Who asks for an order: the session's account, or a guest with the token the order gave them. */
export type OrderAsker = { viewer: Pick<Viewer, 'id'> | null; token?: string };

/** An order for its buyer only; anyone else is told it does not exist. */
export async function findBuyerOrder(db: Database, id: string, asker: OrderAsker): Promise<OrderRow> {
  const notFound = new AppError('ORDER_NOT_FOUND', checkoutFr.orderNotFound, 404);
  const order = isUuid(id) ? await findOrderById(db, id) : undefined;
  if (!order) throw notFound;
  if (!isBuyerOf(order, asker)) throw notFound;
  return order;
}

/** Whether the asker is the order's buyer: its account, or a guest holding the order's token. */
export function isBuyerOf(order: Pick<OrderRow, 'userId' | 'accessTokenHash'>, { viewer, token }: OrderAsker): boolean {
  return (
    (viewer !== null && viewer.id === order.userId) ||
    Boolean(token && order.accessTokenHash && safeEqual(order.accessTokenHash, sha256(token)))
  );
}

/** The buyer's order with its lines (the payment step and its countdown read it). */
export async function getBuyerOrder(db: Database, id: string, asker: OrderAsker): Promise<OrderView> {
  const order = await findBuyerOrder(db, id, asker);
  const lines = await findOrderLines(db, order.id);
  return {
    ...order,
    expiresAt: order.expiresAt.toISOString(),
    lines: lines.map((l) => ({ ticketId: l.ticketId, quantity: l.quantity, refundPlaces: l.refundPlaces })),
  };
}

/** The buyer gives their hold back (see releaseOrder). */
export async function releaseBuyerOrder(db: Database, id: string, asker: OrderAsker): Promise<void> {
  const order = await findBuyerOrder(db, id, asker);
  await releaseOrder(db, order.id);
}

/**
 * The result page's order (issue 26): the signed-in viewer's own, by its payment reference; anyone
 * else, and a reference nobody has, get the same 404, so that the page never tells more than the
 * viewer may know nor shows an outcome the server has not recorded.
 */
export async function getViewerOrderByReference(
  deps: { db: Database; clock: { now(): Date } },
  reference: string,
  viewer: Pick<Viewer, 'id'> | null,
): Promise<PaymentResultOrder> {
  const order = viewer ? await findOrderByReference(deps.db, reference) : undefined;
  if (!order || order.userId !== viewer?.id) throw new AppError('ORDER_NOT_FOUND', checkoutFr.orderNotFound, 404);
  const left = order.status === 'awaiting_payment' ? order.expiresAt.getTime() - deps.clock.now().getTime() : 0;
  return {
    id: order.id,
    eventId: order.eventId,
    reference: order.reference,
    status: order.status,
    totalCents: order.totalCents,
    secondsLeft: Math.max(0, Math.floor(left / 1000)),
  };
}
