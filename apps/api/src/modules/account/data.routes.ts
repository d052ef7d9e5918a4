import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { access } from '../../plugins/route-access';
import { clearSessionCookie, requireUser } from '../../plugins/session';
import { deleteAccount, exportPersonalData } from './data.service';

export const dataRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const fileName = `${deps.config.brandName.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-mes-donnees.json`;

  app.get('/me/export', { ...access('user', { perWindow: 1, minutes: 10 }) }, async (request, reply) => {
    const data = await exportPersonalData(deps, requireUser(request));
    return reply
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('cache-control', 'no-store')
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(data, null, 2));
  });

  app.delete('/me', { ...access('user', { perWindow: 1, minutes: 10 }) }, async (request, reply) => {
    await deleteAccount(deps, requireUser(request));
    clearSessionCookie(reply, deps);
    return reply.status(204).send();
  });
};
