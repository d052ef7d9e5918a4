import { checkinLists, createCheckinListRequest, fr, updateCheckinListRequest } from '@guichet/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import Negotiator from 'negotiator';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../lib/errors';
import { access } from '../../plugins/route-access';
import { defaultStreamLimits, openEventStream, writeStreamHead } from '../availability/stream';
import { createCheckinFiguresHub } from './live';
import * as service from './service';

/**
 * A stream ends after this long, its browser reconnecting at once: the reader's right to see the
 * event (a staff seat removed) is checked again then.
 */
const STREAM_MAX_AGE_MS = 5 * 60_000;

const params = z.object({ id: z.string().max(64) });
const listParams = params.extend({ listId: z.string().max(64) });

/** The console's check-in lists (issue 31): the event's organiser and the administrator. */
export const checkinListRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const live = createCheckinFiguresHub({
    read: (eventId) => service.figures(deps, eventId),
    onError: (error) => app.log.error({ err: error }, 'check-in figures not read'),
  });
  app.addHook('preClose', async () => live.close());

  // text/event-stream (issue 31): `retry:`, then `event: figures` messages whose data is the
  // lists' figures as GET …/lists answers them, sent again whenever someone comes in or leaves.
  app.get('/checkin/events/:id/lists/stream', { schema: { params }, ...access('user') }, async (request, reply) => {
    const eventId = await service.authorizeScanner(deps, request.user, request.params.id);
    // A client that takes only JSON gets an answer that ends rather than a stream that never does.
    if (!new Negotiator(request.raw).mediaType(['text/event-stream'])) {
      throw new AppError('NOT_ACCEPTABLE', fr.events.streamOnly, 406);
    }
    if (live.isClosed()) {
      reply.header('retry-after', '5');
      throw new AppError('SHUTTING_DOWN', fr.common.serviceUnavailable, 503);
    }
    let stream: ReturnType<typeof openEventStream> | undefined;
    const watching = await live.watch(eventId, {
      push: (json) => stream?.send(json),
      close: (reconnectInMs) => stream?.close(reconnectInMs),
    });
    if (request.raw.destroyed || reply.raw.destroyed) {
      watching.stop();
      return reply.hijack();
    }
    reply.hijack();
    writeStreamHead(reply.raw);
    const expiry = setTimeout(() => stream?.close(0), STREAM_MAX_AGE_MS);
    expiry.unref();
    stream = openEventStream(
      reply.raw,
      defaultStreamLimits,
      () => {
        clearTimeout(expiry);
        watching.stop();
      },
      Date.now,
      'figures',
    );
    stream.send(watching.first);
  });

  app.get(
    '/console/events/:id/checkin-lists',
    { schema: { params, response: { 200: checkinLists } }, ...access('user') },
    async (request) => service.listsForConsole(deps, request.user, request.params.id),
  );

  app.post(
    '/console/events/:id/checkin-lists',
    {
      schema: { params, body: createCheckinListRequest, response: { 201: z.object({ id: z.string() }) } },
      ...access('user'),
    },
    async (request, reply) =>
      reply.status(201).send(await service.createList(deps, request.user, request.params.id, request.body)),
  );

  app.patch(
    '/console/events/:id/checkin-lists/:listId',
    { schema: { params: listParams, body: updateCheckinListRequest }, ...access('user') },
    async (request, reply) => {
      await service.updateList(deps, request.user, request.params.id, request.params.listId, request.body);
      return reply.status(204).send();
    },
  );

  app.delete(
    '/console/events/:id/checkin-lists/:listId',
    { schema: { params: listParams }, ...access('user') },
    async (request, reply) => {
      await service.deleteList(deps, request.user, request.params.id, request.params.listId);
      return reply.status(204).send();
    },
  );
};
