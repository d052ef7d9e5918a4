import { callerRate, organiserRate } from '@guichet/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../plugins/route-access';

/** The rates page's commission (2-organiser.md §2.9): the caller's own, the standard one for a visitor. */
export const rateRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/rates', { schema: { response: { 200: callerRate } }, ...access('anyone') }, async (request) =>
    organiserRate(request.user ?? { commissionRateBps: null, commissionFixedCents: null }),
  );
};
