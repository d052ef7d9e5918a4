import { createdShareLink, hiddenTicket, shareLinkRequest } from '@guichet/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { access } from '../../plugins/route-access';
import { requireUser } from '../../plugins/session';
import * as service from './service';

const params = z.object({ id: z.string().max(64) });
/** Private links (1-attendee.md "Event page"): for the event's organiser or an administrator. */
export const shareLinkRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    '/events/:id/hidden-tickets',
    { schema: { params, response: { 200: z.array(hiddenTicket) } }, ...access('user') },
    async (request) => service.listHiddenTickets(deps, requireUser(request), request.params.id),
  );

  app.post(
    '/events/:id/invite-link',
    { schema: { params, response: { 200: createdShareLink } }, ...access('user') },
    async (request) => service.getInviteLink(deps, requireUser(request), request.params.id),
  );

  app.post(
    '/events/:id/share-links',
    { schema: { params, body: shareLinkRequest, response: { 201: createdShareLink } }, ...access('user') },
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.createShareLink(deps, requireUser(request), request.params.id, request.body.ticketIds)),
  );
};
