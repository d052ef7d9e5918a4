import { resaleHistoryItem, resaleListed, resaleRequest } from '@guichet/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { access } from '../../plugins/route-access';
import { requireUser } from '../../plugins/session';
import * as service from './service';

const idParams = z.object({ id: z.string().max(64) });

/**
 * Face-value resale (issue 30; docs/decisions.md, "Resale"): the holder lists and withdraws from
 * /myTickets, the organiser reads a place's resales (the rules are modules/ticket-rules'). The
 * sale itself is a job after a normal sale.
 */
export const resaleRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.post(
    '/me/participations/:id/resale',
    {
      // An empty strict body: the price is the one paid, never the caller's (400 on any field).
      schema: { params: idParams, body: resaleRequest.optional(), response: { 201: resaleListed } },
      ...access('user'),
    },
    async (request, reply) =>
      reply.status(201).send(await service.listForResale(deps, requireUser(request), request.params.id)),
  );

  app.delete(
    '/me/participations/:id/resale',
    { schema: { params: idParams }, ...access('user') },
    async (request, reply) => {
      await service.withdrawFromResale(deps, requireUser(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.get(
    '/console/events/:id/participations/:participationId/resales',
    {
      schema: {
        params: idParams.extend({ participationId: z.string().max(64) }),
        response: { 200: z.array(resaleHistoryItem) },
      },
      ...access('user'),
    },
    async (request) => service.listHistory(deps, request.user, request.params.id, request.params.participationId),
  );
};
