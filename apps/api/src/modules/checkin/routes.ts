import {
  checkinFr,
  checkinLists,
  checkinManifest,
  scanBatchRequest,
  scanInput,
  scannableEvent,
  scanOutcome,
  transfersFr,
} from '@guichet/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { access } from '../../plugins/route-access';
import { requireUser, sessionCopyOf } from '../../plugins/session';
import * as lists from '../checkin-lists/service';
import * as service from './service';

const params = z.object({ id: z.string().max(64) });
const m = checkinFr;
const refusal = scanOutcome.extend({ code: z.string(), message: z.string() });

/** How a scan's result reads over HTTP: 200 in, 409 already used, cancelled or transferred, 422 not a ticket of this event. */
const answers = {
  accepted: { status: 200 },
  already_scanned: { status: 409, code: 'ALREADY_SCANNED', message: m.alreadyScanned },
  cancelled: { status: 409, code: 'TICKET_CANCELLED', message: m.cancelled },
  transferred: { status: 409, code: 'TICKET_TRANSFERRED', message: transfersFr.scanner.transferredHelp },
  invalid: { status: 422, code: 'INVALID_TICKET', message: m.invalidTicket },
  other_event: { status: 422, code: 'INVALID_TICKET', message: m.invalidTicket },
  // On a check-in list (issue 31); the message of a ticket not on the list names where it is valid.
  not_on_list: { status: 409, code: 'NOT_ON_LIST', message: '' },
  not_checked_in: { status: 409, code: 'NOT_CHECKED_IN', message: m.notCheckedIn },
  already_out: { status: 409, code: 'ALREADY_OUT', message: m.alreadyOut },
  // An event of several dates, without a list (issue 32).
  other_date: { status: 409, code: 'OTHER_DATE', message: m.otherDate },
} as const;

/** The door: the event's staff, its organiser and the administrator (others 403, or 404 if the event is hidden). */
export const checkinRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.post(
    '/checkin/events/:id/scans',
    {
      schema: {
        params,
        body: scanInput,
        response: { 200: scanOutcome.extend({ status: z.literal('accepted') }), 409: refusal, 422: refusal },
      },
      // A code is what the camera read: any text, an invalid ticket if it is not one (plugins/input-guard.ts).
      config: { ...access('user').config, nulAllowedIn: ['code'], confirmsSession: true },
    },
    async (request, reply) => {
      const { listName, ...outcome } = await service.scanOne(
        deps,
        request.user,
        request.params.id,
        request.body,
        sessionCopyOf(request, reply),
      );
      const answer = answers[outcome.result];
      if (answer.status === 200) return { status: 'accepted' as const, ...outcome };
      const message =
        outcome.result === 'not_on_list' ? m.notOnList(listName ?? '', outcome.validLists ?? []) : answer.message;
      return reply.status(answer.status).send({ code: answer.code, message, ...outcome });
    },
  );

  app.post(
    '/checkin/events/:id/scans/batch',
    {
      // 500 scans of at most 2 KB each.
      bodyLimit: 1_200_000,
      schema: { params, body: scanBatchRequest, response: { 200: z.object({ results: z.array(scanOutcome) }) } },
      config: { ...access('user').config, nulAllowedIn: ['code'], confirmsSession: true },
    },
    async (request, reply) => ({
      results: await service.scanBatch(
        deps,
        request.user,
        request.params.id,
        request.body,
        sessionCopyOf(request, reply),
      ),
    }),
  );

  app.get(
    '/checkin/events/:id/manifest',
    {
      schema: {
        params,
        querystring: z.object({ listId: z.string().max(64).optional(), dateId: z.string().max(64).optional() }),
        response: { 200: checkinManifest },
      },
      ...access('user'),
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return service.manifest(deps, request.user, request.params.id, request.query.listId, request.query.dateId);
    },
  );

  app.get(
    '/checkin/events/:id/lists',
    { schema: { params, response: { 200: checkinLists } }, ...access('user') },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return lists.listsForScanner(deps, request.user, request.params.id);
    },
  );

  app.get(
    '/checkin/events',
    { schema: { response: { 200: z.array(scannableEvent) } }, ...access('user') },
    async (request) => service.scannableEvents(deps, requireUser(request)),
  );
};
