import {
  adminAttendeeMessage,
  attendeeMessage,
  attendeeMessageAudienceQuery,
  attendeeMessageCreated,
  attendeeMessagePreview,
  attendeeMessageRequest,
  platformSettings,
  platformSettingsRequest,
} from '@guichet/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { access } from '../../plugins/route-access';
import * as service from './service';

const params = z.object({ id: z.string().max(64) });

/** Messages to an event's attendees (issue 31): the console's Messages tab and the back office's list. */
export const attendeeMessageRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    '/console/events/:id/messages',
    { schema: { params, response: { 200: z.array(attendeeMessage) } }, ...access('user') },
    async (request) => service.listMessages(deps, request.user, request.params.id),
  );

  app.get(
    '/console/events/:id/messages/audience',
    {
      schema: { params, querystring: attendeeMessageAudienceQuery, response: { 200: attendeeMessagePreview } },
      ...access('user'),
    },
    async (request) => {
      const { ticketIds, dateId, checkin } = request.query;
      const ids = ticketIds ? ticketIds.split(',').filter(Boolean) : [];
      return service.previewAudience(deps, request.user, request.params.id, { ticketIds: ids, dateId, checkin });
    },
  );

  app.post(
    '/console/events/:id/messages',
    {
      schema: { params, body: attendeeMessageRequest, response: { 202: attendeeMessageCreated } },
      // The daily cap is the real bound; this one stops a script hammering the route.
      ...access('user', { perWindow: 3, minutes: 10 }),
    },
    async (request, reply) =>
      reply.status(202).send(await service.sendMessage(deps, request.user, request.params.id, request.body)),
  );

  const admin = access('admin');
  app.get(
    '/admin/attendee-messages',
    { schema: { response: { 200: z.array(adminAttendeeMessage) } }, ...admin },
    async () => service.listAllMessages(deps),
  );
  app.get(
    '/admin/attendee-messages/:id',
    { schema: { params, response: { 200: adminAttendeeMessage } }, ...admin },
    async (request) => service.readMessage(deps, request.params.id),
  );
  app.get('/admin/settings', { schema: { response: { 200: platformSettings } }, ...admin }, async () =>
    service.readSettings(deps),
  );
  app.put(
    '/admin/settings',
    { schema: { body: platformSettingsRequest, response: { 200: platformSettings } }, ...admin },
    async (request) => service.saveSettings(deps, request.body),
  );
};
