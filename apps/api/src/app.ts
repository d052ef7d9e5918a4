import path from 'node:path';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import { z } from 'zod';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import { type Clock, systemClock } from './lib/clock';
import { devMailboxRoutes } from './mail/dev-mailbox-routes';
import { authRoutes } from './modules/auth/routes';
import { eventRoutes } from './modules/events/routes';
import { healthRoutes } from './modules/health/routes';
import { installErrorHandler } from './plugins/errors';
import { sessionPlugin } from './plugins/session';
import { serveWebApp } from './plugins/web';

z.config(z.locales.fr());

export type AppOptions = {
  config: Config;
  database: DatabaseHandle;
  clock?: Clock;
  /** Serve the built web app (the single-process mode of `npm start`). */
  serveWeb?: boolean;
};

const defaultWebDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

/** Builds the whole application without listening, so that tests can use `app.inject`. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const clock = options.clock ?? systemClock;
  const deps = { db: database.db, config, clock };

  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    bodyLimit: 100 * 1024,
    trustProxy: config.trustProxy,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
  });
  await app.register(cookie);
  const redis = config.redisUrl ? new Redis(config.redisUrl, { lazyConnect: false }) : undefined;
  if (redis) app.addHook('onClose', async () => void redis.disconnect());
  await app.register(rateLimit, {
    global: false,
    redis,
    errorResponseBuilder: (_request, context) => ({ statusCode: context.statusCode, code: 'RATE_LIMITED' }),
  });
  await app.register(sessionPlugin, deps);

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { database, config });
      await api.register(authRoutes, deps);
      await api.register(eventRoutes, deps);
      if (config.env !== 'production') await api.register(devMailboxRoutes, { db: database.db });
    },
    { prefix: '/api' },
  );

  await serveWebApp(app, options.serveWeb ? (config.webDist ?? defaultWebDist) : null);
  return app;
}
