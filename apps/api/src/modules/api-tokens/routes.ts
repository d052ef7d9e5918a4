import { apiTokenCreated, apiTokenInput, apiTokenList } from '@guichet/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { access } from '../../plugins/route-access';
import { requireUser } from '../../plugins/session';
import * as tokens from './service';

/** An organiser's API tokens (issue 33), in their settings: created, listed, revoked. */
export const apiTokenRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get('/me/api-tokens', { schema: { response: { 200: apiTokenList } }, ...access('user') }, async (request) =>
    tokens.listApiTokens(deps, requireUser(request)),
  );

  app.post(
    '/me/api-tokens',
    {
      schema: { body: apiTokenInput, response: { 201: apiTokenCreated } },
      ...access('user', { perWindow: 3, minutes: 60, floor: 30 }),
    },
    async (request, reply) =>
      reply.code(201).send(await tokens.createApiToken(deps, requireUser(request), request.body)),
  );

  app.delete(
    '/me/api-tokens/:id',
    { schema: { params: z.object({ id: z.string().max(64) }) }, ...access('user') },
    async (request, reply) => {
      await tokens.revokeApiToken(deps, requireUser(request), request.params.id);
      return reply.code(204).send();
    },
  );
};
