import {
  cancelEventRequest,
  cancellationView,
  refundDecision,
  refundRequestList,
  refuseRefundRequest,
} from '@guichet/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../plugins/route-access';
import { cancelEvent, getCancellation } from './cancellation.service';
import type { RefundDeps } from './execution.service';
import * as service from './request.service';

const eventParams = z.object({ id: z.string().max(64) });
const requestParams = eventParams.extend({ participationId: z.string().max(64) });

/** The console's refund requests and the event's cancellation: its organiser and the administrator. */
export const refundRoutes: FastifyPluginAsyncZod<RefundDeps> = async (app, deps) => {
  app.get(
    '/console/events/:id/refunds',
    { schema: { params: eventParams, response: { 200: refundRequestList } }, ...access('user') },
    async (request) => service.listRefundRequests(deps, request.user, request.params.id),
  );

  app.post(
    '/console/events/:id/refunds/:participationId/accept',
    { schema: { params: requestParams, response: { 200: refundDecision } }, ...access('user') },
    async (request) => service.acceptRefund(deps, request.user, request.params.id, request.params.participationId),
  );

  app.post(
    '/console/events/:id/refunds/:participationId/refuse',
    {
      schema: { params: requestParams, body: refuseRefundRequest, response: { 200: refundDecision } },
      ...access('user'),
    },
    async (request) =>
      service.refuseRefund(deps, request.user, request.params.id, request.params.participationId, request.body.reason),
  );

  app.get(
    '/console/events/:id/cancellation',
    { schema: { params: eventParams, response: { 200: cancellationView } }, ...access('user') },
    async (request) => getCancellation(deps, request.user, request.params.id),
  );

  app.post(
    '/console/events/:id/cancellation',
    {
      schema: { params: eventParams, body: cancelEventRequest, response: { 202: cancellationView } },
      // Each cancellation e-mails every holder.
      ...access('user', { perWindow: 1, minutes: 10, floor: 3 }),
    },
    async (request, reply) =>
      reply.status(202).send(await cancelEvent(deps, request.user, request.params.id, request.body.message)),
  );
};
