import { checkoutFr } from '@guichet/shared';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import { orders } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { safeEqual, sha256 } from '../../lib/tokens';

/** An order for its buyer only: the session's user, or a guest holding the order's token. */
export async function loadBuyerOrder(db: Database, request: FastifyRequest, id: string, token?: string) {
  const notFound = new AppError('ORDER_NOT_FOUND', checkoutFr.orderNotFound, 404);
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw notFound;
  const order = await db.query.orders.findFirst({ where: eq(orders.id, id) });
  if (!order) throw notFound;
  const isBuyer =
    request.user?.id === order.userId ||
    Boolean(token && order.accessTokenHash && safeEqual(order.accessTokenHash, sha256(token)));
  if (!isBuyer) throw notFound;
  return order;
}
