import { fr } from '@guichet/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors';
import { auditTokenWrite, authenticateBearer, bearerOf, tokenLimit } from '../modules/api-tokens/bearer';
import { type AuthDeps, resolveSession } from '../modules/auth/service';
import type { SignedInUser } from '../modules/users/users.repository';

export const SESSION_COOKIE = 'guichet_session';

declare module 'fastify' {
  interface FastifyRequest {
    /** The logged-in user, from the session cookie only. */
    user: SignedInUser | null;
    sessionToken: string | null;
  }
}

/**
 * Reads the session cookie on every request; identity never comes from anything else, but for
 * an API token (`Authorization: Bearer`), which then is the only identity read: a request with
 * a token never uses the cookie it may also carry (docs/decisions.md, "API tokens").
 */
export const sessionPlugin = fp(async (app: FastifyInstance, deps: AuthDeps) => {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionToken', null);
  app.decorateRequest('apiToken', null);
  const checkTokenLimit = tokenLimit(app, deps);
  app.addHook('onRequest', async (request, reply) => {
    const bearer = request.routeOptions.url?.startsWith('/api/') ? bearerOf(request) : null;
    if (bearer !== null) {
      const caller = await authenticateBearer(deps, request, bearer, checkTokenLimit);
      request.user = caller.user;
      return;
    }
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return;
    const session = await resolveSession(deps, token);
    if (!session) {
      clearSessionCookie(reply, deps);
      return;
    }
    request.user = session.user;
    request.sessionToken = token;
    if (session.refreshed) setSessionCookie(reply, deps, token, session.expiresAt);
  });
  // Before the answer leaves: what a token changed is in the audit log once it is answered.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.apiToken) {
      await auditTokenWrite(deps, request, reply.statusCode).catch((error: unknown) =>
        request.log.error({ err: error }, 'api token use not audited'),
      );
    }
    return payload;
  });
});

export function setSessionCookie(reply: FastifyReply, deps: AuthDeps, token: string, expiresAt: Date): void {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    secure: deps.config.cookieSecure,
    sameSite: 'lax',
    path: '/',
    expires: expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply, deps: AuthDeps): void {
  reply.clearCookie(SESSION_COOKIE, { httpOnly: true, secure: deps.config.cookieSecure, sameSite: 'lax', path: '/' });
}

export function requireUser(request: FastifyRequest): SignedInUser {
  if (!request.user) throw new AppError('UNAUTHENTICATED', fr.shell.notLoggedIn, 401);
  return request.user;
}
