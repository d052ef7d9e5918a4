import { consoleEventDate, eventDateCancelInput, eventDateMoveInput } from '@guichet/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../plugins/route-access';
import { requireUser } from '../../plugins/session';
import type { RefundDeps } from '../refunds/execution.service';
import * as service from './changes.service';

const dateParams = z.object({ id: z.string().max(64), dateId: z.string().max(64) });
// Each move or cancellation e-mails every holder of the date, as an event's cancellation does.
const mailsEveryHolder = { perWindow: 3, minutes: 10, floor: 5 };

/** A date moved or cancelled (issue 32), and the holder's refund of a moved date. */
export const dateChangeRoutes: FastifyPluginAsyncZod<RefundDeps> = async (app, deps) => {
  app.post(
    '/console/events/:id/dates/:dateId/move',
    {
      schema: { params: dateParams, body: eventDateMoveInput, response: { 200: consoleEventDate } },
      ...access('user', mailsEveryHolder),
    },
    async (request) => service.moveDate(deps, request.user, request.params.id, request.params.dateId, request.body),
  );

  app.post(
    '/console/events/:id/dates/:dateId/cancel',
    {
      schema: { params: dateParams, body: eventDateCancelInput, response: { 200: consoleEventDate } },
      ...access('user', mailsEveryHolder),
    },
    async (request) => service.cancelDate(deps, request.user, request.params.id, request.params.dateId, request.body),
  );

  app.post(
    '/me/participations/:id/date-refund',
    {
      schema: {
        params: z.object({ id: z.string().max(64) }),
        // A pass names the moved date it gives up; a place bought for one date needs none.
        body: z.strictObject({ dateId: z.string().max(64).optional() }),
        response: { 200: z.object({ message: z.string() }) },
      },
      ...access('user'),
    },
    async (request) => service.refundMovedDate(deps, requireUser(request), request.params.id, request.body.dateId),
  );
};
