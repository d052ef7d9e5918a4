import { fr } from '@guichet/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors';
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

/** Reads the session cookie on every request; identity never comes from anything else. */
export const sessionPlugin = fp(async (app: FastifyInstance, deps: AuthDeps) => {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionToken', null);
  app.addHook('onRequest', async (request, reply) => {
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
