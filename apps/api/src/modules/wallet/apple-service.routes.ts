import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { access } from '../../plugins/route-access';
import * as service from './wallet.service';

// Apple's identifiers: a device library id, a pass type id (reverse DNS), our serial (a uuid).
const id = z.string().min(1).max(200);
const registration = z.object({ deviceId: id, passTypeId: id, serial: z.string().max(64) });
// Devices call these, not browsers: generous limits per address, enough for a household's phones.
const DEVICE_LIMIT = { perWindow: 6, minutes: 1 };

/**
 * Apple's "Wallet Passes web service" at <public URL>/api/wallet/apple, the pass's
 * `webServiceURL`: its paths, answers and statuses are Apple's, word for word.
 */
export const appleWebServiceRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const base = '/wallet/apple/v1';

  app.post(
    `${base}/devices/:deviceId/registrations/:passTypeId/:serial`,
    {
      schema: { params: registration, body: z.object({ pushToken: z.string().min(1).max(200) }) },
      ...access('anyone', DEVICE_LIMIT),
    },
    async (request, reply) => {
      const outcome = await service.registerAppleDevice(deps, {
        ...request.params,
        authorization: request.headers.authorization,
        pushToken: request.body.pushToken,
      });
      return reply.code(outcome === 'created' ? 201 : 200).send();
    },
  );

  app.delete(
    `${base}/devices/:deviceId/registrations/:passTypeId/:serial`,
    { schema: { params: registration }, ...access('anyone', DEVICE_LIMIT) },
    async (request, reply) => {
      await service.unregisterAppleDevice(deps, { ...request.params, authorization: request.headers.authorization });
      return reply.code(200).send();
    },
  );

  app.get(
    `${base}/devices/:deviceId/registrations/:passTypeId`,
    {
      schema: {
        params: z.object({ deviceId: id, passTypeId: id }),
        querystring: z.object({ passesUpdatedSince: z.string().max(40).optional() }),
        response: {
          200: z.object({ serialNumbers: z.array(z.string()), lastUpdated: z.string() }),
          204: z.null(),
        },
      },
      ...access('anyone', DEVICE_LIMIT),
    },
    async (request, reply) => {
      const { deviceId, passTypeId } = request.params;
      const updated = await service.updatedApplePasses(deps, deviceId, passTypeId, request.query.passesUpdatedSince);
      if (!updated) return reply.code(204).send(null);
      return updated;
    },
  );

  app.get(
    `${base}/passes/:passTypeId/:serial`,
    { schema: { params: z.object({ passTypeId: id, serial: z.string().max(64) }) }, ...access('anyone', DEVICE_LIMIT) },
    async (request, reply) => {
      const latest = await service.latestApplePass(deps, {
        ...request.params,
        authorization: request.headers.authorization,
        ifModifiedSince: request.headers['if-modified-since'],
      });
      reply.header('cache-control', 'private, no-cache').header('last-modified', latest.lastModified.toUTCString());
      if (latest.notModified) return reply.code(304).send();
      return reply.type('application/vnd.apple.pkpass').send(latest.pkpass);
    },
  );

  app.post(
    `${base}/log`,
    {
      schema: { body: z.object({ logs: z.array(z.string().max(2000)).max(50) }) },
      ...access('anyone', DEVICE_LIMIT),
    },
    async (request, reply) => {
      // What the devices report about our passes (a refused signature, a web service error).
      request.log.warn({ logs: request.body.logs }, 'Apple Wallet device log');
      return reply.code(200).send();
    },
  );
};
