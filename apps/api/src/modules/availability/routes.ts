import { eventAvailability, fr } from '@guichet/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import Negotiator from 'negotiator';
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import { availabilityDropped } from '../../lib/metrics';
import { access } from '../../plugins/route-access';
import type { EventDeps } from '../events/event.service';
import type { AvailabilityHub } from './hub';
import { createVisitorViews } from './service';
import { defaultStreamLimits, openEventStream, type StreamLimits, writeStreamHead } from './stream';

/** Streams one address may hold open (a household's tabs; a venue's Wi-Fi shares one address). */
const MAX_STREAMS_PER_ADDRESS = 50;

const EVENT_STREAM = 'text/event-stream';

const params = z.object({ id: z.string().max(64) });
const querystring = z.object({ share: z.string().max(100).optional() });

/** Live availability (issue 17): the places left per ticket, as JSON and as Server-Sent Events. */
export const availabilityRoutes: FastifyPluginAsyncZod<
  EventDeps & { hub: AvailabilityHub; streamLimits?: StreamLimits; maxPerAddress?: number }
> = async (app, deps) => {
  const limits = deps.streamLimits ?? defaultStreamLimits;
  const perAddress = new Map<string, number>();
  const maxPerAddress = deps.maxPerAddress ?? MAX_STREAMS_PER_ADDRESS;
  const visibleTickets = createVisitorViews(deps);

  app.get(
    '/events/:id/availability',
    { schema: { params, querystring, response: { 200: eventAvailability } }, ...access('anyone') },
    async (request, reply) => {
      const { event, visible } = await visibleTickets(request.params.id, request.user, request.query.share);
      reply.header('cache-control', 'no-store');
      return deps.hub.snapshot(event.id, visible);
    },
  );

  // text/event-stream: `retry:`, then `event: places` messages whose data is the JSON above.
  app.get(
    '/events/:id/availability/stream',
    { schema: { params, querystring }, ...access('anyone') },
    async (request, reply) => {
      const address = request.ip;
      const held = perAddress.get(address) ?? 0;
      if (held >= maxPerAddress) throw new AppError('TOO_MANY_WATCHERS', fr.events.tooManyWatchers, 429);
      if (!deps.hub.hasRoom()) {
        reply.header('retry-after', '30');
        throw new AppError('TOO_MANY_WATCHERS', fr.events.tooManyWatchers, 503);
      }
      const { event, visible } = await visibleTickets(request.params.id, request.user, request.query.share);
      // A stream for every client whose Accept admits one (EventSource's text/event-stream, curl's
      // */*, text/*, none at all); one that admits only something else (JSON) gets an answer that ends.
      if (!new Negotiator(request.raw).mediaType([EVENT_STREAM])) {
        throw new AppError('NOT_ACCEPTABLE', fr.events.streamOnly, 406);
      }
      perAddress.set(address, held + 1);
      const release = () => {
        const left = (perAddress.get(address) ?? 1) - 1;
        if (left > 0) perAddress.set(address, left);
        else perAddress.delete(address);
      };
      let stream: ReturnType<typeof openEventStream> | undefined;
      let stop = () => {};
      let watching: Awaited<ReturnType<AvailabilityHub['watch']>>;
      try {
        watching = await deps.hub.watch(event.id, {
          visible,
          push: (json) => stream?.send(json),
          close: (reconnectInMs) => stream?.close(reconnectInMs),
        });
      } catch (error) {
        release();
        throw error;
      }
      stop = watching.stop;
      if (deps.hub.isClosed()) {
        stop();
        release();
        reply.header('retry-after', '5');
        throw new AppError('SHUTTING_DOWN', fr.common.serviceUnavailable, 503);
      }
      if (request.raw.destroyed || reply.raw.destroyed) {
        stop();
        release();
        return reply.hijack();
      }
      // Written by hand: neither compressed nor buffered by a plugin, each message leaves at once.
      reply.hijack();
      writeStreamHead(reply.raw);
      stream = openEventStream(reply.raw, limits, (reason) => {
        if (reason === 'stalled') availabilityDropped.inc();
        stop();
        release();
      });
      stream.send(watching.view());
    },
  );
};
