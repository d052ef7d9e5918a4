import { fr } from '@guichet/shared';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses a state-changing API call that a browser sends from another origin (issue 15). The
 * session cookie is SameSite=Lax, which still rides along from a page on the same site (another
 * port of localhost, another subdomain): such a page could make a logged-in user follow
 * accounts, ask for refunds or start payments. Browsers name the page's origin on every such
 * request; it must be this site's, as the browser addressed it (its Host, so that a phone on the
 * local network works) or as configured (PUBLIC_URL). Clients that are not browsers send no
 * Origin and are not at risk: payment providers' server-to-server calls, scripts.
 */
export function refuseCrossOriginWrites(app: FastifyInstance, publicUrl: string): void {
  const publicOrigin = new URL(publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
    const origin = request.headers.origin;
    if (origin === undefined) return;
    if (origin === publicOrigin || sameHost(origin, request.headers.host)) return;
    throw new AppError('CROSS_ORIGIN', fr.common.crossOrigin, 403);
  });
}

function sameHost(origin: string, host: string | undefined): boolean {
  try {
    return host !== undefined && new URL(origin).host === host;
  } catch {
    return false;
  }
}

/**
 * The origin of the page a browser's request comes from, when it is this site's (as configured or
 * as the browser addressed it, the rule above), else the configured one. Where the browser is sent
 * back to (a payment's return) uses it, so that a buyer who opened the site on another address
 * (127.0.0.1, a phone on the local network) comes back where their session is.
 */
export function pageOriginOf(headers: { origin?: string; host?: string }, publicUrl: string): string {
  const publicOrigin = new URL(publicUrl).origin;
  const { origin } = headers;
  if (origin === undefined || origin === publicOrigin || !sameHost(origin, headers.host)) return publicOrigin;
  const { protocol } = new URL(origin);
  return protocol === 'http:' || protocol === 'https:' ? new URL(origin).origin : publicOrigin;
}
