import { fr } from '@guichet/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors';
import { sha256 } from '../lib/tokens';
import { auditTokenWrite, authenticateBearer, bearerOf, tokenLimit } from '../modules/api-tokens/bearer';
import { type AuthDeps, resolveSession } from '../modules/auth/service';
import type { SessionCopy } from '../modules/auth/session-copy';
import type { SignedInUser } from '../modules/users/users.repository';

export const SESSION_COOKIE = 'guichet_session';

/**
 * How long a session read by a route that confirms it in its own statement (`confirmsSession`) is
 * taken again without asking the database, and how many such sessions a process keeps.
 */
const SESSION_GUESS_TTL_MS = 10_000;
const SESSION_GUESSES = 10_000;

declare module 'fastify' {
  interface FastifyRequest {
    /** The logged-in user, from the session cookie only. */
    user: SignedInUser | null;
    sessionToken: string | null;
    /** The user was taken from this process's recent copy of the session, not read again. */
    sessionGuessed: boolean;
  }
  interface FastifyInstance {
    /** Reads the request's session again from the database, forgetting this process's copy. */
    resolveSessionAgain(request: FastifyRequest, reply: FastifyReply): Promise<SignedInUser | null>;
  }
  interface FastifyContextConfig {
    /**
     * The route's one statement confirms the session it is given (the door's scans, whose every
     * round trip counts): a copy of the session read less than 10 s ago is used without asking.
     */
    confirmsSession?: boolean;
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
  app.decorateRequest('sessionGuessed', false);
  const checkTokenLimit = tokenLimit(app, deps);
  // Only routes that confirm the session in their own statement read it here, so a session ended
  // (logout, ban, deleted account) is refused by that statement, copy or not.
  const guesses = new Map<string, { user: SignedInUser; at: number }>();
  const resolve = async (request: FastifyRequest, reply: FastifyReply, token: string) => {
    guesses.delete(token);
    const session = await resolveSession(deps, token);
    if (!session) {
      clearSessionCookie(reply, deps);
      return null;
    }
    request.user = session.user;
    request.sessionToken = token;
    request.sessionGuessed = false;
    if (session.refreshed) setSessionCookie(reply, deps, token, session.expiresAt);
    if (request.routeOptions.config.confirmsSession) {
      if (guesses.size >= SESSION_GUESSES) guesses.delete(guesses.keys().next().value as string);
      guesses.set(token, { user: session.user, at: Date.now() });
    }
    return session.user;
  };
  app.decorate('resolveSessionAgain', async (request: FastifyRequest, reply: FastifyReply) => {
    request.user = null;
    request.sessionGuessed = false;
    const token = request.cookies[SESSION_COOKIE];
    return token ? resolve(request, reply, token) : null;
  });
  app.addHook('onRequest', async (request, reply) => {
    const bearer = request.routeOptions.url?.startsWith('/api/') ? bearerOf(request) : null;
    if (bearer !== null) {
      const caller = await authenticateBearer(deps, request, bearer, checkTokenLimit);
      request.user = caller.user;
      return;
    }
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return;
    const guess = request.routeOptions.config.confirmsSession ? guesses.get(token) : undefined;
    if (guess && Date.now() - guess.at < SESSION_GUESS_TTL_MS) {
      request.user = guess.user;
      request.sessionToken = token;
      request.sessionGuessed = true;
      return;
    }
    await resolve(request, reply, token);
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

/** The request's session for a route that confirms it in its own statement (`confirmsSession`). */
export function sessionCopyOf(request: FastifyRequest, reply: FastifyReply): SessionCopy {
  return {
    tokenHash: request.sessionToken ? sha256(request.sessionToken) : null,
    guessed: request.sessionGuessed,
    again: () => request.server.resolveSessionAgain(request, reply),
  };
}

export function requireUser(request: FastifyRequest): SignedInUser {
  if (!request.user) throw new AppError('UNAUTHENTICATED', fr.shell.notLoggedIn, 401);
  return request.user;
}
