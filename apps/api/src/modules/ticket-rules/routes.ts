import { resaleSettings, transferSettings } from '@guichet/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { access } from '../../plugins/route-access';
import * as service from './service';

const idParams = z.object({ id: z.string().max(64) });

/**
 * The organiser's rules of transfers and resale (issue 30; docs/decisions.md, "Transfers",
 * "Resale"), each kind at `/console/events/:id/<kind>-settings`, read and written alike.
 */
export const ticketRulesRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const kinds = [
    { kind: 'transfer', schema: transferSettings },
    { kind: 'resale', schema: resaleSettings },
  ] as const;
  for (const { kind, schema } of kinds) {
    app.get(
      `/console/events/:id/${kind}-settings`,
      { schema: { params: idParams, response: { 200: schema } }, ...access('user') },
      async (request) => service.getRules(deps, request.user, request.params.id, kind),
    );

    app.put(
      `/console/events/:id/${kind}-settings`,
      { schema: { params: idParams, body: schema, response: { 200: schema } }, ...access('user') },
      async (request) => service.saveRules(deps, request.user, request.params.id, kind, request.body),
    );
  }
};
