import {
  transferAccepted,
  transferCreated,
  transferHistoryItem,
  transferOffer,
  transferRequest,
} from '@guichet/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { access } from '../../plugins/route-access';
import { requireUser } from '../../plugins/session';
import * as service from './service';

const idParams = z.object({ id: z.string().max(64) });
const tokenParams = z.object({ token: z.string().max(128) });

/**
 * Ticket transfers (issue 30; docs/decisions.md, "Transfers"): the holder sends and cancels from
 * /myTickets, the receiver's link shows and accepts, the organiser reads a place's history (the
 * rules are modules/ticket-rules').
 */
export const transferRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.post(
    '/me/participations/:id/transfer',
    {
      schema: { params: idParams, body: transferRequest, response: { 201: transferCreated } },
      // It mails an address the caller chose: bounded per address and per account.
      ...access('user', { perWindow: 1, minutes: 10, perTarget: { perWindow: 0.5, minutes: 60 } }),
    },
    async (request, reply) =>
      reply.status(201).send(await service.sendTransfer(deps, requireUser(request), request.params.id, request.body)),
  );

  app.delete(
    '/me/participations/:id/transfer',
    { schema: { params: idParams }, ...access('user') },
    async (request, reply) => {
      await service.cancelTransfer(deps, requireUser(request), request.params.id);
      return reply.status(204).send();
    },
  );

  // The link's token is its only key: anyone holding it sees what it offers, the receiver accepts.
  app.get(
    '/transfers/:token',
    { schema: { params: tokenParams, response: { 200: transferOffer } }, ...access('anyone') },
    async (request) => service.getTransfer(deps, request.params.token),
  );

  app.post(
    '/transfers/:token/accept',
    { schema: { params: tokenParams, response: { 201: transferAccepted } }, ...access('user') },
    async (request, reply) =>
      reply.status(201).send(await service.acceptTransfer(deps, request.user, request.params.token)),
  );

  app.get(
    '/console/events/:id/participations/:participationId/transfers',
    {
      schema: {
        params: idParams.extend({ participationId: z.string().max(64) }),
        response: { 200: z.array(transferHistoryItem) },
      },
      ...access('user'),
    },
    async (request) => service.listHistory(deps, request.user, request.params.id, request.params.participationId),
  );
};
