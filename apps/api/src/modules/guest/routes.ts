import { checkoutStepsFr, STUDIES, sessionUser } from '@guichet/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { access } from '../../plugins/route-access';
import { setSessionCookie } from '../../plugins/session';
import { guestAccountRequest, guestLookupRequest, guestLookupResult, guestVerifyRequest } from './schemas';
import * as guest from './service';

const ok = z.object({ message: z.string() });

/** A guest's account during a purchase (1-attendee.md §4 "Booking flow", steps 3 to 5). */
export const guestRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  // The lookup tells whether an e-mail has an account: limited hard, and it says nothing more.
  app.post(
    '/guest/lookup',
    {
      schema: { body: guestLookupRequest, response: { 200: guestLookupResult } },
      ...access('anyone', { perWindow: 1, minutes: 10 }),
    },
    async (request) => ({ hasAccount: await guest.hasAccount(deps, request.body.email) }),
  );

  app.post(
    '/guest/account',
    {
      schema: { body: guestAccountRequest, response: { 201: ok } },
      ...access('anyone', { perWindow: 1, minutes: 10, perTarget: { perWindow: 0.3, minutes: 60 } }),
    },
    async (request, reply) => {
      await guest.createGuestAccount(deps, request.body);
      return reply.status(201).send({ message: checkoutStepsFr.code.intro(request.body.email.trim()) });
    },
  );

  // A code for an existing account: the buyer's proof that the e-mail is theirs, without a password.
  app.post(
    '/guest/sign-in-code',
    {
      schema: { body: guestLookupRequest, response: { 200: ok } },
      ...access('anyone', { perWindow: 1, minutes: 10, perTarget: { perWindow: 0.3, minutes: 60 } }),
    },
    async (request) => {
      await guest.sendSignInCode(deps, request.body.email);
      return { message: checkoutStepsFr.code.intro(request.body.email.trim()) };
    },
  );

  app.post(
    '/guest/verify',
    {
      schema: { body: guestVerifyRequest, response: { 200: sessionUser } },
      ...access('anyone', { perWindow: 1, minutes: 15 }),
    },
    async (request, reply) => {
      const session = await guest.verifyGuest(deps, request.body, request.headers['user-agent']);
      setSessionCookie(reply, deps, session.token, session.expiresAt);
      return session.user;
    },
  );

  app.get('/studies', { schema: { response: { 200: z.array(z.string()) } }, ...access('anyone') }, async () => [
    ...STUDIES,
  ]);
};
