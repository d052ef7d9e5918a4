import { createOrderRequest, fr, orderCreated } from '@guichet/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { orderLines, orders } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { safeEqual, sha256 } from '../../lib/tokens';
import { createOrder } from './service';

const orderView = z.object({
  id: z.string(),
  eventId: z.string(),
  reference: z.string(),
  status: z.string(),
  provider: z.string(),
  expiresAt: z.string(),
  subtotalCents: z.number().int(),
  discountCents: z.number().int(),
  insuranceCents: z.number().int(),
  feeCents: z.number().int(),
  totalCents: z.number().int(),
  ticketCount: z.number().int(),
  lines: z.array(z.object({ ticketId: z.string(), quantity: z.number().int(), refundPlaces: z.number().int() })),
});

export const checkoutRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const checkout = { ...deps, defaultProvider: 'sandbox' as const };

  app.post(
    '/orders',
    { schema: { body: createOrderRequest, response: { 201: orderCreated } } },
    async (request, reply) => reply.status(201).send(await createOrder(checkout, request.user, request.body)),
  );

  app.get(
    '/orders/:id',
    {
      schema: {
        params: z.object({ id: z.string().max(64) }),
        querystring: z.object({ token: z.string().max(100).optional() }),
        response: { 200: orderView },
      },
    },
    async (request) => {
      const notFound = new AppError('ORDER_NOT_FOUND', fr.checkout.orderNotFound, 404);
      if (!/^[0-9a-f-]{36}$/i.test(request.params.id)) throw notFound;
      const order = await deps.db.query.orders.findFirst({ where: and(eq(orders.id, request.params.id)) });
      if (!order) throw notFound;
      // Its buyer only: the session's user, or a guest holding the order's token.
      const token = request.query.token;
      const isBuyer =
        request.user?.id === order.userId ||
        Boolean(token && order.accessTokenHash && safeEqual(order.accessTokenHash, sha256(token)));
      if (!isBuyer) throw notFound;
      const lines = await deps.db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
      return {
        ...order,
        expiresAt: order.expiresAt.toISOString(),
        lines: lines.map((l) => ({ ticketId: l.ticketId, quantity: l.quantity, refundPlaces: l.refundPlaces })),
      };
    },
  );
};
