import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DatabaseHandle } from '../db/client';
import { countPendingJobsByKind } from '../jobs/repository';
import { httpDuration, metricsRegistry, outboxDepth, poolConnections } from '../lib/metrics';
import { access } from './route-access';

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * The id of a request: the one a proxy in front gave it (X-Request-Id, when it looks like one),
 * else a new one. Fastify puts it in every log line of the request (`reqId`); the answer carries
 * it back, and so does every error body, so that a user's report leads to the logs.
 */
export function requestIdOf(request: { headers: Record<string, string | string[] | undefined> }): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

/** Request ids on answers, a latency histogram per route, and GET /metrics in Prometheus text. */
export function installObservability(app: FastifyInstance, database: DatabaseHandle): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.addHook('onResponse', async (request, reply) => {
    httpDuration.observe(
      { method: request.method, route: routeOf(request), status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });

  app.get('/metrics', { ...access('anyone'), logLevel: 'warn' }, async (_request, reply) => {
    const pool = database.poolStats();
    if (pool) {
      poolConnections.set({ state: 'total' }, pool.total);
      poolConnections.set({ state: 'idle' }, pool.idle);
      poolConnections.set({ state: 'waiting' }, pool.waiting);
    }
    outboxDepth.reset();
    for (const { kind, count } of await countPendingJobsByKind(database.db)) outboxDepth.set({ kind }, count);
    return reply
      .header('cache-control', 'no-store')
      .type(metricsRegistry.contentType)
      .send(await metricsRegistry.metrics());
  });
}

/** The route's pattern (/api/events/:id); everything unmatched (the web app's pages, 404s) as one series. */
function routeOf(request: FastifyRequest): string {
  return request.routeOptions.url ?? 'unmatched';
}
