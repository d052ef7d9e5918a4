import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * What an API answer needs (OWASP's REST security cheat sheet): it is never a document, so the
 * page policy helmet writes for documents (a long CSP, COOP, origin-agent-cluster...) would only
 * cost bytes and header checks on every call; measured on bench/read-api as a fifth of the list's
 * cost. A browser told to render one anyway gets nothing to run and no frame.
 */
const API_HEADERS: Record<string, string> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-resource-policy': 'same-origin',
};

/** API paths that answer a document: the reference page for integrators. */
const API_DOCUMENTS = /^\/api\/docs(\/|\?|$)/;

/**
 * Security headers on every answer, added to the root instance so that every route and the 404
 * handler get them: helmet's page policy for documents (its middleware built once at start-up:
 * @fastify/helmet builds it again for every request, a cost measured on bench/onsale), the API
 * set above for the JSON API.
 */
export function addSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const setHeaders = helmet(options);
  app.addHook('onRequest', (request, reply, done) => {
    if (request.url.startsWith('/api/') && !API_DOCUMENTS.test(request.url)) {
      reply.headers(API_HEADERS);
      return done();
    }
    setHeaders(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined));
  });
}
