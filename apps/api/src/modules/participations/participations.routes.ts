import { holderUpdated, holderUpdateRequest } from '@guichet/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { access } from '../../plugins/route-access';
import { requireUser } from '../../plugins/session';
import { changeHolder } from './holder.service';
import { leaveEvent } from './leave.service';
import { requestRefund } from './refund.service';

/** The attendee's side of a participation: leaving a free event, asking for a refund, naming a place's holder. */
export const participationRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.delete(
    '/events/:id/participation',
    { schema: { params: z.object({ id: z.string().max(64) }) }, ...access('user') },
    async (request, reply) => {
      await leaveEvent(deps, requireUser(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/me/participations/:id/refund-request',
    {
      schema: {
        params: z.object({ id: z.string().max(64) }),
        response: { 200: z.object({ message: z.string() }) },
      },
      ...access('user'),
    },
    async (request) => requestRefund(deps, requireUser(request), request.params.id),
  );

  app.patch(
    '/me/participations/:id/holder',
    {
      schema: {
        params: z.object({ id: z.string().max(64) }),
        body: holderUpdateRequest,
        response: { 200: holderUpdated },
      },
      ...access('user'),
    },
    async (request) => changeHolder(deps, requireUser(request), request.params.id, request.body),
  );
};
