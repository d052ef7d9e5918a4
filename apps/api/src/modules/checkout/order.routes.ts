import { createOrderRequest, orderCreated, orderView, paymentResultOrder } from '@guichet/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { access } from '../../plugins/route-access';
import { requireAdmission } from '../waiting-room/guard';
import { getBuyerOrder, getViewerOrderByReference, releaseBuyerOrder } from './buyer-order.service';
import { checkDiscount, createOrder } from './order.service';
import type { Payments } from './payment.service';
import { createSaleCache, SALE_CHANGED_CHANNEL } from './sale-cache';

const orderParams = z.object({ id: z.string().max(64) });
/** A guest's proof that the order is theirs (an account's is its session). */
const guestToken = z.object({ token: z.string().max(100).optional() });

export const checkoutRoutes: FastifyPluginAsyncZod<AppDeps & { payments: Payments }> = async (app, deps) => {
  // One copy of each sale's metadata per application instance (see createSaleCache), dropped when
  // any process reports an organiser's change.
  const sales = createSaleCache();
  app.addHook(
    'onClose',
    deps.bus.subscribe(SALE_CHANGED_CHANNEL, (eventId) => sales.forget(eventId)),
  );
  const checkout = { ...deps, sales };

  app.post(
    '/orders',
    {
      schema: { body: createOrderRequest, response: { 201: orderCreated } },
      // Per address, on top of one live hold per account and event (guichet_hold): generous enough
      // for a crowd behind one network, short of a script's pace.
      ...access('anyone', { perWindow: 10, minutes: 1 }),
      preHandler: requireAdmission(deps),
      // Its answer is always under the 1 KB worth compressing: the on-sale's hot route skips the hooks.
      compress: false,
      decompress: false,
    },
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
    async (request) => checkDiscount(deps, request.user, request.params.id, request.query.code),
  );

  app.get(
    '/orders/:id',
    { schema: { params: orderParams, querystring: guestToken, response: { 200: orderView } }, ...access('anyone') },
    async (request) => getBuyerOrder(deps.db, request.params.id, { viewer: request.user, token: request.query.token }),
  );

  // The payment result page: what the server knows of the viewer's order named in its address.
  app.get(
    '/orders/by-reference/:reference',
    {
      schema: { params: z.object({ reference: z.string().max(64) }), response: { 200: paymentResultOrder } },
      ...access('anyone'),
    },
    async (request) => getViewerOrderByReference(deps, request.params.reference, request.user),
  );

  app.delete(
    '/orders/:id',
    { schema: { params: orderParams, querystring: guestToken }, ...access('anyone') },
    async (request, reply) => {
      await releaseBuyerOrder(deps.db, request.params.id, { viewer: request.user, token: request.query.token });
      return reply.status(204).send();
    },
  );
};
