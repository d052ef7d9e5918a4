import {
  fr,
  loginRequest,
  normalizeEmail,
  passwordResetCodeCheck,
  passwordResetConfirm,
  passwordResetRequest,
  registerRequest,
  sessionUser,
} from '@guichet/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import { access } from '../../plugins/route-access';
import { clearSessionCookie, requireUser, setSessionCookie } from '../../plugins/session';
import { DEVICE_COOKIE, type LoginThrottle } from './login-throttle';
import * as auth from './service';

const ok = z.object({ message: z.string() });

export const authRoutes: FastifyPluginAsyncZod<auth.AuthDeps & { loginThrottle: LoginThrottle }> = async (
  app,
  deps,
) => {
  // Login is limited per address and e-mail (after the body is parsed), and its wrong passwords per
  // account and per address (login-throttle.ts); the rest per address.
  app.post(
    '/auth/register',
    {
      schema: { body: registerRequest, response: { 201: sessionUser } },
      ...access('anyone', { perWindow: 1, minutes: 10, perTarget: { perWindow: 0.3, minutes: 60 } }),
    },
    async (request, reply) => reply.status(201).send(await auth.register(deps, request.body)),
  );

  app.post(
    '/auth/login',
    {
      schema: { body: loginRequest, response: { 200: sessionUser } },
      ...access('anyone', { perWindow: 1, minutes: 5, keyByEmail: true }),
    },
    async (request, reply) => {
      const session = await auth.login(deps, request.body, {
        userAgent: request.headers['user-agent'],
        gate: (email) =>
          deps.loginThrottle.enter(email, {
            ip: request.ip,
            deviceMark: request.cookies[DEVICE_COOKIE],
            sessionEmail: request.user?.email,
          }),
      });
      setSessionCookie(reply, deps, session.token, session.expiresAt);
      const mark = deps.loginThrottle.deviceMark(session.user.email);
      reply.setCookie(DEVICE_COOKIE, mark.value, {
        httpOnly: true,
        secure: deps.config.cookieSecure,
        sameSite: 'strict',
        path: '/api/auth',
        expires: mark.expires,
      });
      return session.user;
    },
  );

  app.post('/auth/logout', { ...access('anyone') }, async (request, reply) => {
    if (request.sessionToken) await auth.logout(deps, request.sessionToken);
    clearSessionCookie(reply, deps);
    return reply.status(204).send();
  });

  app.get('/auth/me', { schema: { response: { 200: sessionUser } }, ...access('user') }, async (request) =>
    auth.toSessionUser(requireUser(request), deps.config),
  );

  // The web app's question "who is here?": a visitor is an answer, not an error (no 401 for the
  // browser to log on every page); /auth/me keeps its 401 for API clients.
  app.get(
    '/auth/session',
    { schema: { response: { 200: z.object({ user: sessionUser.nullable() }) } }, ...access('anyone') },
    async (request) => ({
      user: request.user ? auth.toSessionUser(request.user, deps.config) : null,
    }),
  );

  app.post(
    '/auth/password-reset',
    {
      schema: { body: passwordResetRequest, response: { 200: ok } },
      ...access('anyone', { perWindow: 0.5, minutes: 15, perTarget: { perWindow: 0.3, minutes: 60 } }),
    },
    async (request) => {
      await auth.requestPasswordReset(deps, request.body.email);
      return { message: fr.auth.codeSentText(request.body.email.trim()) };
    },
  );

  app.post(
    '/auth/password-reset/verify',
    {
      schema: { body: passwordResetCodeCheck, response: { 200: ok } },
      ...access('anyone', { perWindow: 1, minutes: 15 }),
    },
    async (request) => {
      await auth.verifyResetCode(deps, request.body.email, request.body.code);
      return { message: 'OK' };
    },
  );

  app.post(
    '/auth/password-reset/confirm',
    {
      schema: { body: passwordResetConfirm, response: { 200: ok } },
      ...access('anyone', { perWindow: 1, minutes: 15 }),
    },
    async (request) => {
      await auth.confirmPasswordReset(deps, request.body);
      await deps.loginThrottle.forgetAccount(normalizeEmail(request.body.email));
      return { message: fr.auth.passwordChanged };
    },
  );

  app.post('/me/terms', { ...access('user') }, async (request, reply) => {
    const user = requireUser(request);
    if (user.deletedAt) throw new AppError('ACCOUNT_DELETED', fr.auth.accountDeleted, 403);
    await auth.acceptTerms(deps, user.id);
    return reply.status(204).send();
  });
};
