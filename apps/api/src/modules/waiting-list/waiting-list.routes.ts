import {
  joinWaitingListRequest,
  leaveWaitingListQuery,
  orderCreated,
  waitingListEntry,
  waitingListOffer,
  waitingListOfTicket,
} from '@guichet/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { access } from '../../plugins/route-access';
import * as offers from './offers.service';
import * as service from './waiting-list.service';

const eventParams = z.object({ id: z.string().max(64) });
const offerParams = z.object({ token: z.string().max(128) });

/** The waiting list of sold-out tickets (issue 30): the attendee's lines, the organiser's view. */
export const waitingListRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    '/events/:id/waiting-list',
    { schema: { params: eventParams, response: { 200: z.array(waitingListEntry) } }, ...access('user') },
    async (request) => service.listOwnEntries(deps, request.user, request.params.id),
  );

  app.post(
    '/events/:id/waiting-list',
    {
      schema: { params: eventParams, body: joinWaitingListRequest, response: { 201: waitingListEntry } },
      ...access('user'),
    },
    async (request, reply) =>
      reply.status(201).send(await service.joinWaitingList(deps, request.user, request.params.id, request.body)),
  );

  app.delete(
    '/events/:id/waiting-list',
    { schema: { params: eventParams, querystring: leaveWaitingListQuery }, ...access('user') },
    async (request, reply) => {
      await service.leaveWaitingList(deps, request.user, request.params.id, request.query);
      return reply.status(204).send();
    },
  );

  app.get(
    '/console/events/:id/waiting-list',
    { schema: { params: eventParams, response: { 200: z.array(waitingListOfTicket) } }, ...access('user') },
    async (request) => service.listEventWaitingLists(deps, request.user, request.params.id),
  );

  // The personal link of an offer (its token is the only key): its page, then taking the places.
  app.get(
    '/waiting-list/offers/:token',
    { schema: { params: offerParams, response: { 200: waitingListOffer } }, ...access('user') },
    async (request) => offers.getOffer(deps, request.user, request.params.token),
  );

  app.post(
    '/waiting-list/offers/:token/accept',
    { schema: { params: offerParams, response: { 201: orderCreated } }, ...access('user') },
    async (request, reply) =>
      reply.status(201).send(await offers.takeWaitingListOffer(deps, request.user, request.params.token)),
  );
};
