import { consoleEventDate, eventDateInput, eventDateRepeatInput } from '@guichet/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { access } from '../../plugins/route-access';
import * as service from './dates.service';

const params = z.object({ id: z.string().max(64) });
const dateParams = params.extend({ dateId: z.string().max(64) });

/** The console's dates of an event (issue 32): its organiser and the administrator, as editing the event. */
export const dateRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    '/console/events/:id/dates',
    { schema: { params, response: { 200: z.array(consoleEventDate) } }, ...access('user') },
    async (request) => service.listDates(deps, request.user, request.params.id),
  );

  app.post(
    '/console/events/:id/dates',
    { schema: { params, body: eventDateInput, response: { 201: z.object({ id: z.string() }) } }, ...access('user') },
    async (request, reply) =>
      reply.status(201).send(await service.addDate(deps, request.user, request.params.id, request.body)),
  );

  app.post(
    '/console/events/:id/dates/repeat',
    {
      schema: { params, body: eventDateRepeatInput, response: { 201: z.object({ ids: z.array(z.string()) }) } },
      ...access('user'),
    },
    async (request, reply) =>
      reply.status(201).send(await service.repeatDates(deps, request.user, request.params.id, request.body)),
  );

  app.patch(
    '/console/events/:id/dates/:dateId',
    {
      schema: { params: dateParams, body: service.eventDatePatch, response: { 200: consoleEventDate } },
      ...access('user'),
    },
    async (request) => service.updateDate(deps, request.user, request.params.id, request.params.dateId, request.body),
  );

  app.delete(
    '/console/events/:id/dates/:dateId',
    { schema: { params: dateParams }, ...access('user') },
    async (request, reply) => {
      await service.deleteDate(deps, request.user, request.params.id, request.params.dateId);
      return reply.status(204).send();
    },
  );
};
