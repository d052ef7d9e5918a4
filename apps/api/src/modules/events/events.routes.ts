import { eventDetail, eventListQuery } from '@guichet/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ReadSource } from '../../db/read-replica';
import { sendJson } from '../../plugins/http-cache';
import { readFor } from '../../plugins/read-your-writes';
import { access } from '../../plugins/route-access';
import { buildCalendarFile } from './calendar';
import * as service from './event.service';
import type { EventListing } from './listing.service';

type EventRouteDeps = service.EventDeps & { listing: EventListing; reads: ReadSource };

export const eventRoutes: FastifyPluginAsyncZod<EventRouteDeps> = async (app, deps) => {
  app.get('/events', { schema: { querystring: eventListQuery }, ...access('anyone') }, async (request, reply) => {
    // Already JSON from the database: sent as is, without parsing and re-serialising.
    const page = await readFor(deps.reads, request, (db) => deps.listing.page(request.query, request.user, db));
    return sendJson(request, reply, page.bytes, { isPublic: !request.user, etag: page.etag });
  });

  app.get(
    '/events/types',
    { schema: { response: { 200: z.array(z.object({ id: z.number(), label: z.string() })) } }, ...access('anyone') },
    async () => service.listEventTypes(deps),
  );

  // "Ajouter au calendrier": the event as an .ics file, for whoever may see the event.
  app.get(
    '/events/:id/calendar.ics',
    {
      schema: {
        params: z.object({ id: z.string().max(64) }),
        querystring: z.object({ share: z.string().max(100).optional() }),
      },
      ...access('anyone'),
    },
    async (request, reply) => {
      const event = await service.getEvent(deps, request.params.id, request.user, request.query.share);
      const dates = await service.calendarDates(deps, event, request.user);
      const file = buildCalendarFile(
        {
          id: event.id,
          title: event.title,
          description: event.description,
          address: event.address,
          dateBegin: new Date(event.dateBegin),
          dateEnd: new Date(event.dateEnd),
          url: `${deps.config.publicUrl}/billetterie/${event.id}`,
          organizerName: event.organizerName,
          dates,
        },
        deps.clock.now(),
        {
          brandName: deps.config.brandName,
          contactEmail: deps.config.contactEmail,
          host: new URL(deps.config.publicUrl).hostname,
        },
      );
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', 'attachment; filename="evenement.ics"')
        .header('cache-control', 'private, no-cache')
        .send(file);
    },
  );

  app.get(
    '/events/:id',
    {
      schema: {
        params: z.object({ id: z.string().max(64) }),
        querystring: z.object({ share: z.string().max(100).optional() }),
        response: { 200: eventDetail },
      },
      ...access('anyone'),
    },
    async (request, reply) => {
      const event = await readFor(deps.reads, request, (db) =>
        service.getEvent({ ...deps, db }, request.params.id, request.user, request.query.share),
      );
      // A visitor's view of a public event is everyone's; a private link's or a member's is not.
      const isPublic = !request.user && !request.query.share && event.isPublic;
      return sendJson(request, reply, JSON.stringify(event), { isPublic });
    },
  );
};
