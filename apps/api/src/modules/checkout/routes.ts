import { createOrderRequest, orderCreated, orderView } from '@guichet/shared';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { orderLines } from '../../db/schema';
import { access } from '../../plugins/route-access';
import { createSaleCache } from './hot-path';
import { loadBuyerOrder } from './order-access';
import type { Payments } from './payment-service';
import { releaseOrder } from './release';
import { checkDiscount, createOrder } from './service';

export const checkoutRoutes: FastifyPluginAsyncZod<AppDeps & { payments: Payments }> = async (app, deps) => {
  // One copy of each sale's metadata per application instance (see createSaleCache).
  const checkout = { ...deps, sales: createSaleCache() };

  app.post(
    '/orders',
    { schema: { body: createOrderRequest, response: { 201: orderCreated } }, ...access('anyone') },
    async (request, reply) => reply.status(201).send(await createOrder(checkout, request.user, request.body)),
  );

  app.get(
    '/events/:id/discounts/check',
    {
      schema: {
        params: z.object({ id: z.string().max(64) }),
        querystring: z.object({ code: z.string().max(50).default('') }),
        response: { 200: z.object({ percent: z.number().int() }) },
      },
      ...access('anyone', { perWindow: 3, minutes: 1, floor: 5 }),
    },
    async (request) => checkDiscount(deps, request.params.id, request.query.code),
  );

  app.get(
    '/orders/:id',
    {
      schema: {
        params: z.object({ id: z.string().max(64) }),
        querystring: z.object({ token: z.string().max(100).optional() }),
        response: { 200: orderView },
      },
      ...access('anyone'),
    },
    async (request) => {
      const order = await loadBuyerOrder(deps.db, request, request.params.id, request.query.token);
      const lines = await deps.db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
      return {
        ...order,
        expiresAt: order.expiresAt.toISOString(),
        lines: lines.map((l) => ({ ticketId: l.ticketId, quantity: l.quantity, refundPlaces: l.refundPlaces })),
      };
    },
  );

  app.delete(
    '/orders/:id',
    {
      schema: {
        params: z.object({ id: z.string().max(64) }),
        querystring: z.object({ token: z.string().max(100).optional() }),
      },
      ...access('anyone'),
    },
    async (request, reply) => {
      const order = await loadBuyerOrder(deps.db, request, request.params.id, request.query.token);
      await releaseOrder(deps.db, order.id);
      return reply.status(204).send();
    },
  );
};
