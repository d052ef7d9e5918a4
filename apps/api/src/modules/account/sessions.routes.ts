import { activeSessionList, messageResult } from '@guichet/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { access } from '../../plugins/route-access';
import { requireUser } from '../../plugins/session';
import * as sessions from './sessions.service';

/** The account's open sessions, in the settings (issue 15): listed, ended one by one or all but this one. */
export const sessionRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get('/me/sessions', { schema: { response: { 200: activeSessionList } }, ...access('user') }, async (request) =>
    sessions.listSessions(deps, requireUser(request), request.sessionToken),
  );

  app.delete(
    '/me/sessions/:id',
    { schema: { params: z.object({ id: z.string().max(64) }), response: { 200: messageResult } }, ...access('user') },
    async (request) => sessions.endSession(deps, requireUser(request), request.params.id),
  );

  app.post(
    '/me/sessions/end-others',
    { schema: { response: { 200: messageResult } }, ...access('user') },
    async (request) => sessions.endOtherSessions(deps, requireUser(request), request.sessionToken),
  );
};
