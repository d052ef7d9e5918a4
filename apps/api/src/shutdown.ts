import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from './db/client';

export type ShutdownTimes = {
  /** Readiness answers 503 this long while the server still serves (SHUTDOWN_DRAIN_SECONDS). */
  drainMs: number;
  /** A stop that takes longer than this, after the drain, is cut. */
  timeoutMs: number;
};

/**
 * Graceful shutdown (issue 34), in the order a load balancer needs it:
 * 1. readiness answers 503 at once, and every answer carries `Connection: close`, so that the
 *    balancer's health checks take the server out and its kept-alive connections end after
 *    their current answer, never between two requests;
 * 2. after the drain, the availability streams end with a `retry:` hint (their browsers reconnect,
 *    through the balancer, to another server), the server stops accepting and finishes the
 *    requests in flight, the job runner finishes the job in hand and gives the rest of its batch
 *    back (onClose hooks);
 * 3. the database is closed.
 * Answers the exit code: 0, or 1 when it failed or was cut after `timeoutMs`.
 */
export async function shutDownGracefully(
  app: FastifyInstance,
  database: Pick<DatabaseHandle, 'close'>,
  times: ShutdownTimes,
  signal: string,
): Promise<number> {
  app.log.info({ signal, drainMs: times.drainMs }, 'shutting down');
  app.shutdown.begin();
  let timer: NodeJS.Timeout | undefined;
  const cut = new Promise<number>((resolve) => {
    timer = setTimeout(() => {
      app.log.error('shutdown took too long: exiting');
      resolve(1);
    }, times.drainMs + times.timeoutMs);
    timer.unref();
  });
  const stopped = (async () => {
    if (times.drainMs > 0) await new Promise((resolve) => setTimeout(resolve, times.drainMs));
    await app.close();
    await database.close();
    return 0;
  })().catch((error: unknown) => {
    app.log.error({ err: error }, 'shutdown failed');
    return 1;
  });
  const code = await Promise.race([stopped, cut]);
  clearTimeout(timer);
  return code;
}
