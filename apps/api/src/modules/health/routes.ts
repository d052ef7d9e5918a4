import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../../config';
import type { DatabaseHandle } from '../../db/client';

export const healthRoutes: FastifyPluginAsync<{ database: DatabaseHandle; config: Config }> = async (
  app,
  { database, config },
) => {
  app.get('/health', async (_request, reply) => {
    const up = await database.ping();
    return reply.status(up ? 200 : 503).send({ status: up ? 'ok' : 'unavailable', database: up ? 'up' : 'down' });
  });

  // What the web app needs to know about this deployment, and nothing secret.
  app.get('/meta', async () => ({
    brandName: config.brandName,
    environment: config.env,
    termsVersion: config.termsVersion,
    appStoreUrl: config.appStoreUrl,
    playStoreUrl: config.playStoreUrl,
  }));
};
