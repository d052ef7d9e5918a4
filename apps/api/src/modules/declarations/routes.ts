import { declarationsQuery, eventDeclarations } from '@guichet/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { access } from '../../plugins/route-access';
import { contentDisposition } from '../follow-up/export';
import { exportDeclarations } from './export';
import * as service from './service';

const eventParams = z.object({ id: z.string().max(64) });

/**
 * What the organiser declares for an event (issue 29), in the console: its organiser and the
 * administrator, as for the follow-up; anyone else is answered 404, a visitor 401.
 */
export const declarationsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    '/console/events/:id/declarations',
    {
      schema: { params: eventParams, querystring: declarationsQuery, response: { 200: eventDeclarations } },
      ...access('user'),
    },
    async (request) => service.eventDeclarations(deps, request.user, request.params.id, request.query.month),
  );

  for (const format of ['xlsx', 'csv'] as const) {
    app.get(
      `/console/events/:id/declarations.${format}`,
      { schema: { params: eventParams, querystring: declarationsQuery }, ...access('user') },
      async (request, reply) => {
        const file = await exportDeclarations(deps, request.user, request.params.id, request.query.month, format);
        return reply
          .header('content-type', file.contentType)
          .header('content-disposition', contentDisposition(file.fileName))
          .header('cache-control', 'no-store')
          .send(file.body);
      },
    );
  }
};
