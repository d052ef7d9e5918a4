import type { IncomingMessage, ServerResponse } from 'node:http';
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
 * Pages other sites may frame: `path` matches them and captures what `hostsOf` reads the allowed
 * hosts by (an event's id). Every other page keeps its `frame-ancestors` and X-Frame-Options.
 */
export type FramedPages = { path: RegExp; hostsOf(key: string): Promise<string[]> };

/**
 * Security headers on every answer, added to the root instance so that every route and the 404
 * handler get them: helmet's page policy for documents (its headers computed once at start-up:
 * @fastify/helmet builds its middleware again for every request, a cost measured on bench/onsale),
 * the API set above for the JSON API, and for a framed page the page policy with its own ancestors.
 */
export function addSecurityHeaders(app: FastifyInstance, options: HelmetOptions, framed?: FramedPages): void {
  const pageHeaders = helmetHeaders(options);
  app.addHook('onRequest', (request, reply, done) => {
    const isApi = request.url.startsWith('/api/') && !API_DOCUMENTS.test(request.url);
    reply.headers(isApi ? API_HEADERS : pageHeaders);
    const key = isApi ? undefined : framed?.path.exec(request.url)?.[1];
    if (!framed || key === undefined) return done();
    framed.hostsOf(key).then(
      (hosts) => {
        reply.removeHeader('x-frame-options');
        reply.headers(framedPageHeaders(pageHeaders, hosts));
        done();
      },
      (error: unknown) => {
        // The page's own policy stays (framed by nobody else): the page still answers.
        request.log.error({ err: error }, 'framing hosts not read');
        done();
      },
    );
  });
}

/**
 * A framed page's policy: `frame-ancestors` lists exactly the hosts declared (a host without a
 * scheme matches the page's own scheme, https once the site is), `'none'` when there are none;
 * the header the browser reads is CSP's (X-Frame-Options cannot name a site). Not indexed: it is
 * a piece of someone else's page.
 */
export function framedPageHeaders(pageHeaders: Record<string, string>, hosts: readonly string[]) {
  const ancestors = `frame-ancestors ${hosts.length > 0 ? hosts.join(' ') : "'none'"}`;
  const policy = pageHeaders['content-security-policy'] ?? '';
  const directives = policy
    .split(';')
    .map((directive) => directive.trim())
    .filter((directive) => directive && !directive.startsWith('frame-ancestors'));
  const headers: Record<string, string> = {
    'content-security-policy': [...directives, ancestors].join(';'),
    'x-robots-tag': 'noindex',
  };
  if (hosts.length === 0) headers['x-frame-options'] = 'DENY';
  return headers;
}

/**
 * The headers helmet writes for these options, read once: with no directive computed per request
 * (no nonce), its eleven middlewares would write the same values on every page, the sandbox bank's
 * among them, at about a tenth of a payment's CPU on bench/onsale.
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  let finished = false;
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: () => {},
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
    finished = true;
  });
  if (!finished) throw new Error('helmet wrote its headers asynchronously: a directive is computed per request');
  return headers;
}
