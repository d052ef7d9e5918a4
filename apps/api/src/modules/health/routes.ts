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
  // Readiness: may this process be given requests? Not while it shuts down, nor without its
  // database. /health is the same answer (what the e2e servers and older probes wait for).
  for (const url of ['/health', '/health/ready']) {
    app.get(
      url,
      { schema: { response: { 200: health, 503: health } }, ...access('anyone'), logLevel: 'warn' },
      async (_request, reply) => {
        const databaseUp = await database.ping();
        const ready = databaseUp && !app.shutdown.isShuttingDown();
        return reply
          .status(ready ? 200 : 503)
          .send({ status: ready ? 'ok' : 'unavailable', database: databaseUp ? 'up' : 'down' });
      },
    );
  }

  // Liveness: the process answers. Never the database: a database outage must not make an
  // orchestrator restart every healthy process.
  app.get(
    '/health/live',
    { schema: { response: { 200: z.object({ status: z.literal('ok') }) } }, ...access('anyone'), logLevel: 'warn' },
    async () => ({ status: 'ok' as const }),
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
