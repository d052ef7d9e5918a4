import { consoleEvent, consoleEventsQuery, consoleOrganizer } from '@guichet/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { access } from '../../plugins/route-access';
import { requireUser } from '../../plugins/session';
import { listConsoleEvents, listConsoleOrganizers, listOwnEvents } from './service';

/** Routes of the organiser console's reads: the organiser's events, the administrator's organiser list. */
export const consoleRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    '/console/events',
    { schema: { querystring: consoleEventsQuery, response: { 200: z.array(consoleEvent) } }, ...access('user') },
    async (request) => listConsoleEvents(deps, requireUser(request), request.query.organizerId || undefined),
  );

  app.get('/me/events', { schema: { response: { 200: z.array(consoleEvent) } }, ...access('user') }, async (request) =>
    listOwnEvents(deps, requireUser(request)),
  );

  app.get(
    '/console/organizers',
    { schema: { response: { 200: z.array(consoleOrganizer) } }, ...access('user') },
    async (request) => listConsoleOrganizers(deps, requireUser(request)),
  );
};
