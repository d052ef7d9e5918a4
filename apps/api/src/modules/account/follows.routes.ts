import { eventPreview, followList, followResult, historyType } from '@guichet/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { access } from '../../plugins/route-access';
import { requireUser } from '../../plugins/session';
import * as followService from './follows.service';
import { listHistory } from './history.service';
import { userParams } from './profile.routes';

export const followRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  // No rate limit: following is idempotent, needs a session and sends nothing.
  const schema = { params: userParams, response: { 200: followResult } };

  app.post('/users/:id/follow', { schema, ...access('user') }, async (request) =>
    followService.follow(deps, requireUser(request), request.params.id),
  );

  app.delete('/users/:id/follow', { schema, ...access('user') }, async (request) =>
    followService.unfollow(deps, requireUser(request), request.params.id),
  );

  for (const type of ['followers', 'follows'] as const) {
    app.get(
      `/users/:id/${type}`,
      { schema: { params: userParams, response: { 200: followList } }, ...access('anyone') },
      async (request) => followService.listFollows(deps, request.user, request.params.id, type),
    );
  }

  app.get(
    '/users/:id/events/:type',
    {
      schema: {
        params: userParams.extend({ type: historyType }),
        response: { 200: z.array(eventPreview) },
      },
      ...access('anyone'),
    },
    async (request) => listHistory(deps, request.user, request.params.id, request.params.type),
  );
};
