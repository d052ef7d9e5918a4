import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../db/client';
import { listMailbox } from './outbox';

/** The development mailbox: registered only outside production. */
export const devMailboxRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get('/dev/mail', { schema: { querystring: z.object({ to: z.string().max(254).optional() }) } }, async (request) =>
    listMailbox(db, request.query.to),
  );
};
