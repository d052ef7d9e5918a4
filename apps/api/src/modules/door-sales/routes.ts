import { doorSale, doorTicket, manualEntryCreated, manualEntryRequest } from '@guichet/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { access } from '../../plugins/route-access';
import * as service from './service';

const params = z.object({ id: z.string().max(64) });

/** The in-person sale, 'Ajout Manuel' (2-organiser.md §2.7): the event's verified organiser and the administrator. */
export const doorSaleRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    '/console/events/:id/door-tickets',
    {
      schema: {
        params,
        // The date sold, on an event of several (issue 32): the tickets that sell it.
        querystring: z.object({ dateId: z.string().max(64).optional() }),
        response: { 200: z.array(doorTicket) },
      },
      ...access('user'),
    },
    async (request) => service.listDoorTickets(deps, request.user, request.params.id, request.query.dateId),
  );

  app.get(
    '/console/events/:id/manual-entries',
    { schema: { params, response: { 200: z.array(doorSale) } }, ...access('user') },
    async (request) => service.listDoorSales(deps, request.user, request.params.id),
  );

  app.post(
    '/console/events/:id/manual-entries',
    { schema: { params, body: manualEntryRequest, response: { 201: manualEntryCreated } }, ...access('user') },
    async (request, reply) =>
      reply.status(201).send(await service.createManualEntry(deps, request.user, request.params.id, request.body)),
  );
};
