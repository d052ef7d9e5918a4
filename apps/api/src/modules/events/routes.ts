import { eventDetail, eventListQuery } from '@guichet/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../plugins/route-access';
import * as service from './service';

export const eventRoutes: FastifyPluginAsyncZod<service.EventDeps> = async (app, deps) => {
  const listPublicEvents = service.createEventListing(deps);

  app.get('/events', { schema: { querystring: eventListQuery }, ...access('anyone') }, async (request, reply) => {
    // Already JSON from the database: sent as is, without parsing and re-serialising.
    const body = await listPublicEvents(request.query.price, request.user);
    return reply.type('application/json; charset=utf-8').send(body);
  });

  app.get(
    '/events/types',
    { schema: { response: { 200: z.array(z.object({ id: z.number(), label: z.string() })) } }, ...access('anyone') },
    async () => service.listEventTypes(deps),
  );

  app.get(
    '/events/:id',
    {
      schema: {
        params: z.object({ id: z.string().max(64) }),
        querystring: z.object({ share: z.string().max(100).optional() }),
        response: { 200: eventDetail },
      },
      ...access('anyone'),
    },
    async (request) => service.getEvent(deps, request.params.id, request.user, request.query.share),
  );
};
