import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import type { ReadSource } from '../db/read-replica';

/** Set on the answer of every successful write while a replica serves reads; its value means nothing. */
export const FRESH_COOKIE = 'guichet_fresh';

/**
 * Read-your-writes with a read replica (docs/decisions.md, "Reads on a replica"): a browser that
 * has just written is marked for as long as the replica may lag behind (the set lag, plus a
 * second's margin), and its reads go to the primary meanwhile: the replica is read only while its
 * data is at most the set lag old, so once the mark is gone it holds that write. The mark is no
 * identity and grants nothing: a forged one only sends its reader where every read went without
 * a replica. An API token's caller sends no cookies: it always reads from the primary.
 */
export function markWriters(app: FastifyInstance, options: { maxLagMs: number; secure: boolean }): void {
  const maxAge = Math.ceil(options.maxLagMs / 1000) + 1;
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400) {
      reply.setCookie(FRESH_COOKIE, '1', {
        httpOnly: true,
        secure: options.secure,
        sameSite: 'lax',
        path: '/',
        maxAge,
      });
    }
    return payload;
  });
}

/** A read for this request: on the replica unless its reader must see their own writes. */
export function readFor<T>(reads: ReadSource, request: FastifyRequest, read: (db: Database) => Promise<T>): Promise<T> {
  return reads.read(isFreshReader(request), read);
}

/** Whether this reader must see their own writes: they made one within the replica's lag. */
function isFreshReader(request: FastifyRequest): boolean {
  return request.cookies[FRESH_COOKIE] !== undefined || request.headers.authorization !== undefined;
}
