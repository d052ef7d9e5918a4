import { webhookCreated, webhookDeliveryList, webhookInput, webhookList, webhookUpdate } from '@guichet/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { access } from '../../plugins/route-access';
import { requireUser } from '../../plugins/session';
import * as webhooks from './service';

const idParams = z.object({ id: z.string().max(64) });
const webhookDelivery = webhookDeliveryList.element;

/** An organiser's signed webhooks (issue 33), in their settings. */
export const webhookRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get('/me/webhooks', { schema: { response: { 200: webhookList } }, ...access('user') }, async (request) =>
    webhooks.listWebhooks(deps, requireUser(request)),
  );

  app.post(
    '/me/webhooks',
    {
      schema: { body: webhookInput, response: { 201: webhookCreated } },
      ...access('user', { perWindow: 3, minutes: 60, floor: 30 }),
    },
    async (request, reply) =>
      reply.code(201).send(await webhooks.createWebhook(deps, requireUser(request), request.body)),
  );

  app.patch(
    '/me/webhooks/:id',
    { schema: { params: idParams, body: webhookUpdate }, ...access('user') },
    async (request, reply) => {
      await webhooks.updateWebhook(deps, requireUser(request), request.params.id, request.body);
      return reply.code(204).send();
    },
  );

  app.delete('/me/webhooks/:id', { schema: { params: idParams }, ...access('user') }, async (request, reply) => {
    await webhooks.deleteWebhook(deps, requireUser(request), request.params.id);
    return reply.code(204).send();
  });

  app.get(
    '/me/webhooks/:id/deliveries',
    { schema: { params: idParams, response: { 200: webhookDeliveryList } }, ...access('user') },
    async (request) => webhooks.listDeliveries(deps, requireUser(request), request.params.id),
  );

  // Sends at once to an address of the organiser's: limited like the routes that mail others.
  app.post(
    '/me/webhooks/:id/test',
    {
      schema: { params: idParams, response: { 200: webhookDelivery } },
      ...access('user', { perWindow: 3, minutes: 10, floor: 10 }),
    },
    async (request) => webhooks.testWebhook(deps, requireUser(request), request.params.id),
  );
};
