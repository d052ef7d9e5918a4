import { randomBytes } from 'node:crypto';
import { waitingRoomStatus } from '@guichet/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { access } from '../../plugins/route-access';
import { type RoomAnswer, waitingRoomOf } from './service';

/** One random id per browser: every tab and reload of it shares the one place. */
export const VISITOR_COOKIE = 'guichet_queue';
/** One admission per event, so that queueing for a second event keeps the first. */
export const admissionCookie = (eventId: string) => `guichet_admission_${eventId}`;

const params = z.object({ id: z.string().max(64) });
const visitorId = z.string().regex(/^[A-Za-z0-9_-]{22}$/);

const visitorOf = (request: FastifyRequest) => {
  const parsed = visitorId.safeParse(request.cookies[VISITOR_COOKIE]);
  return parsed.success ? parsed.data : undefined;
};

/** The virtual waiting room in front of an on-sale (issue 17); the hold checks its admission. */
export const waitingRoomRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const room = waitingRoomOf(deps, app.log);
  const cookieOptions = { httpOnly: true, secure: deps.config.cookieSecure, sameSite: 'lax' as const };

  const send = (reply: FastifyReply, eventId: string, { status, admission }: RoomAnswer) => {
    reply.header('cache-control', 'no-store');
    if (admission) {
      reply.setCookie(admissionCookie(eventId), admission.token, {
        ...cookieOptions,
        path: '/api',
        maxAge: admission.maxAgeSeconds,
      });
    }
    return status;
  };

  app.get(
    '/events/:id/waiting-room',
    {
      schema: { params, response: { 200: waitingRoomStatus } },
      // The page asks every 4–6 s, and an on-sale's crowd often shares one address (a campus, a
      // mobile carrier's NAT): about a hundred waiting pages per address at the default.
      ...access('anyone', { perWindow: 120, minutes: 1 }),
    },
    async (request, reply) => send(reply, request.params.id, await room.status(request.params.id, visitorOf(request))),
  );

  app.post(
    '/events/:id/waiting-room',
    {
      schema: { params, response: { 200: waitingRoomStatus } },
      // Joins from one address: a crowd behind it may arrive together; a script adding places
      // costs the sale at most this many admissions a minute per address (docs/decisions.md).
      ...access('anyone', { perWindow: 30, minutes: 1 }),
    },
    async (request, reply) => {
      let visitor = visitorOf(request);
      if (!visitor) {
        visitor = randomBytes(16).toString('base64url');
        // A year: the place must survive closing the browser during a long wait.
        reply.setCookie(VISITOR_COOKIE, visitor, { ...cookieOptions, path: '/api', maxAge: 365 * 86_400 });
      }
      return send(reply, request.params.id, await room.join(request.params.id, visitor));
    },
  );
};
