import {
  createEventRequest,
  discountInput,
  managedEvent,
  optionInput,
  organiserFr,
  ticketInput,
  updateDiscountRequest,
  updateEventRequest,
  updateTicketRequest,
} from '@guichet/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { access } from '../../plugins/route-access';
import { requireUser } from '../../plugins/session';
import { addressServiceFromConfig } from '../addresses/service';
import { receiveImage } from '../images/upload';
import * as events from './event.service';
import * as tickets from './ticket.service';

const id = z.object({ id: z.string().max(64) });
const created = z.object({ id: z.string() });

/** Event authoring: every route needs a session, and ownership is checked by the services. */
export const organiserRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, base) => {
  const deps: events.OrganiserDeps = { ...base, geocoder: addressServiceFromConfig(base.config, app.log) };

  app.post(
    '/events',
    { schema: { body: createEventRequest, response: { 201: created } }, ...access('user') },
    async (request, reply) =>
      reply.status(201).send(await events.createEvent(deps, requireUser(request), request.body)),
  );

  app.get(
    '/events/:id/manage',
    { schema: { params: id, response: { 200: managedEvent } }, ...access('user') },
    async (request) => events.getManagedEvent(deps, requireUser(request), request.params.id),
  );

  app.patch(
    '/events/:id',
    { schema: { params: id, body: updateEventRequest, response: { 200: managedEvent } }, ...access('user') },
    async (request) => events.updateEvent(deps, requireUser(request), request.params.id, request.body),
  );

  app.delete('/events/:id', { schema: { params: id }, ...access('user') }, async (request, reply) => {
    await events.deleteEvent(deps, requireUser(request), request.params.id);
    return reply.status(204).send();
  });

  app.post(
    '/events/:id/banner',
    { schema: { params: id, response: { 200: z.object({ bannerUrl: z.string() }) } }, ...access('user') },
    async (request) => {
      const user = requireUser(request);
      const event = await events.loadManagedEvent(deps, user, request.params.id);
      const key = await receiveImage(
        request,
        deps.images,
        { folder: 'events', ownerId: event.id, kind: 'eventBanner' },
        organiserFr.event.bannerFailed,
      );
      await events.replaceBanner(deps, event, key);
      return { bannerUrl: `/api/images/${key}` };
    },
  );

  app.post(
    '/events/:id/tickets',
    { schema: { params: id, body: ticketInput, response: { 201: created } }, ...access('user') },
    async (request, reply) =>
      reply.status(201).send(await tickets.addTicket(deps, requireUser(request), request.params.id, request.body)),
  );

  app.post(
    '/tickets/:id/options',
    { schema: { params: id, body: optionInput, response: { 201: created } }, ...access('user') },
    async (request, reply) =>
      reply.status(201).send(await tickets.addOption(deps, requireUser(request), request.params.id, request.body)),
  );

  app.patch(
    '/tickets/:id',
    { schema: { params: id, body: updateTicketRequest }, ...access('user') },
    async (request, reply) => {
      await tickets.updateTicket(deps, requireUser(request), request.params.id, request.body);
      return reply.status(204).send();
    },
  );

  app.delete('/tickets/:id', { schema: { params: id }, ...access('user') }, async (request, reply) => {
    await tickets.deleteTicket(deps, requireUser(request), request.params.id);
    return reply.status(204).send();
  });

  app.post(
    '/events/:id/discounts',
    { schema: { params: id, body: discountInput, response: { 201: created } }, ...access('user') },
    async (request, reply) =>
      reply.status(201).send(await tickets.addDiscount(deps, requireUser(request), request.params.id, request.body)),
  );

  app.patch(
    '/discounts/:id',
    { schema: { params: id, body: updateDiscountRequest }, ...access('user') },
    async (request, reply) => {
      await tickets.updateDiscount(deps, requireUser(request), request.params.id, request.body);
      return reply.status(204).send();
    },
  );
};
