import { eventStats, exportQuery, participantsPage, participantsQuery } from '@guichet/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { access } from '../../plugins/route-access';
import { sessionCopyOf } from '../../plugins/session';
import { contentDisposition, exportParticipations } from './export';
import * as service from './service';

const eventParams = z.object({ id: z.string().max(64) });

/**
 * The follow-up of an event's sales in the console (2-organiser.md §2.4, §2.5, §9): its organiser
 * and the administrator; anyone else is answered 404, a visitor 401.
 */
export const followUpRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    '/console/events/:id/stats',
    {
      schema: {
        params: eventParams,
        // One date of an event of several (issue 32).
        querystring: z.object({ dateId: z.string().max(64).optional() }),
        response: { 200: eventStats },
      },
      // The statistics' statement confirms the session: a copy of it spares a round trip.
      config: { ...access('user').config, confirmsSession: true },
    },
    async (request, reply) =>
      service.eventStats(deps, request.user, request.params.id, request.query.dateId, sessionCopyOf(request, reply)),
  );

  app.get(
    '/console/events/:id/participants',
    {
      schema: { params: eventParams, querystring: participantsQuery, response: { 200: participantsPage } },
      // The page's statement confirms the session: a copy of it spares a round trip per page.
      config: { ...access('user').config, confirmsSession: true },
    },
    async (request, reply) =>
      service.listParticipants(deps, request.user, request.params.id, request.query, sessionCopyOf(request, reply)),
  );

  for (const format of ['xlsx', 'csv'] as const) {
    app.get(
      `/console/events/:id/export.${format}`,
      { schema: { params: eventParams, querystring: exportQuery }, ...access('user') },
      async (request, reply) => {
        const file = await exportParticipations(
          deps,
          request.user,
          request.params.id,
          format,
          request.query.columns,
          request.log,
          request.query.dateId,
        );
        return reply
          .header('content-type', file.contentType)
          .header('content-disposition', contentDisposition(file.fileName))
          .header('cache-control', 'no-store')
          .send(file.body);
      },
    );
  }
};
