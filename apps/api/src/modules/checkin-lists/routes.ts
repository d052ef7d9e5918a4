import { checkinLists, createCheckinListRequest, updateCheckinListRequest } from '@guichet/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { access } from '../../plugins/route-access';
import * as service from './service';

const params = z.object({ id: z.string().max(64) });
const listParams = params.extend({ listId: z.string().max(64) });

/** The console's check-in lists (issue 31): the event's organiser and the administrator. */
export const checkinListRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    '/console/events/:id/checkin-lists',
    { schema: { params, response: { 200: checkinLists } }, ...access('user') },
    async (request) => service.listsForConsole(deps, request.user, request.params.id),
  );

  app.post(
    '/console/events/:id/checkin-lists',
    {
      schema: { params, body: createCheckinListRequest, response: { 201: z.object({ id: z.string() }) } },
      ...access('user'),
    },
    async (request, reply) =>
      reply.status(201).send(await service.createList(deps, request.user, request.params.id, request.body)),
  );

  app.patch(
    '/console/events/:id/checkin-lists/:listId',
    { schema: { params: listParams, body: updateCheckinListRequest }, ...access('user') },
    async (request, reply) => {
      await service.updateList(deps, request.user, request.params.id, request.params.listId, request.body);
      return reply.status(204).send();
    },
  );

  app.delete(
    '/console/events/:id/checkin-lists/:listId',
    { schema: { params: listParams }, ...access('user') },
    async (request, reply) => {
      await service.deleteList(deps, request.user, request.params.id, request.params.listId);
      return reply.status(204).send();
    },
  );
};
