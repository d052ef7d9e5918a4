import { deploymentMeta } from '@guichet/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import type { DatabaseHandle } from '../../db/client';
import { access } from '../../plugins/route-access';

const health = z.object({ status: z.enum(['ok', 'unavailable']), database: z.enum(['up', 'down']) });

export const healthRoutes: FastifyPluginAsyncZod<{ database: DatabaseHandle; config: Config }> = async (
  app,
  { database, config },
) => {
  app.get(
    '/health',
    { schema: { response: { 200: health, 503: health } }, ...access('anyone') },
    async (_request, reply) => {
      const up = await database.ping();
      return reply.status(up ? 200 : 503).send({ status: up ? 'ok' : 'unavailable', database: up ? 'up' : 'down' });
    },
  );

  // What the web app needs to know about this deployment, and nothing secret.
  app.get('/meta', { schema: { response: { 200: deploymentMeta } }, ...access('anyone') }, async () => ({
    brandName: config.brandName,
    environment: config.env,
    termsVersion: config.termsVersion,
    appStoreUrl: config.appStoreUrl,
    playStoreUrl: config.playStoreUrl,
    socialLinks: config.socialLinks,
  }));
};
