import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** What shared caches (a CDN, a proxy) may keep a public answer for; browsers revalidate each time. */
const PUBLIC_CACHE = 'public, max-age=0, s-maxage=10, stale-while-revalidate=30';

export function weakEtag(body: string | Buffer): string {
  return `W/"${createHash('sha1').update(body).digest('base64url')}"`;
}

/**
 * Sends a JSON body that is already text (or its UTF-8 bytes). A public body (the same for every visitor) carries an
 * ETag and a short shared-cache lifetime, and a request that holds its ETag gets a 304 without
 * it. A personal body (a signed-in viewer's) is never stored by any cache. `Vary: Cookie`, so
 * that a cache never gives a visitor's copy to a signed-in user or the reverse.
 */
export function sendJson(
  request: FastifyRequest,
  reply: FastifyReply,
  body: string | Buffer,
  cache: { isPublic: boolean; etag?: string },
): FastifyReply {
  reply.header('vary', 'Cookie').type('application/json; charset=utf-8');
  if (!cache.isPublic) return reply.header('cache-control', 'private, no-store').send(body);
  const etag = cache.etag ?? weakEtag(body);
  reply.header('cache-control', PUBLIC_CACHE).header('etag', etag);
  const asked = request.headers['if-none-match'];
  if (asked?.split(',').some((tag) => tag.trim() === etag || tag.trim() === '*')) {
    return reply.status(304).send();
  }
  return reply.send(body);
}
