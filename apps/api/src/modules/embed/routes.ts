import {
  embedBookingRef,
  embedBookingReport,
  embedBookingStatus,
  embedDomainsRequest,
  embedSettings,
} from '@guichet/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { access } from '../../plugins/route-access';
import { requireUser } from '../../plugins/session';
import { embedScript } from './embed-script';
import * as service from './service';

const eventParams = z.object({ id: z.string().max(64) });

/** The embeddable shop (issue 33): the console's list of sites, and the booking window's report. */
export const embedRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    '/console/events/:id/embed',
    { schema: { params: eventParams, response: { 200: embedSettings } }, ...access('user') },
    async (request) => service.getEmbedSettings(deps, request.user, request.params.id),
  );

  app.put(
    '/console/events/:id/embed',
    { schema: { params: eventParams, body: embedDomainsRequest, response: { 200: embedSettings } }, ...access('user') },
    async (request) => service.saveEmbedDomains(deps, request.user, request.params.id, request.body.domains),
  );

  app.post(
    '/embed/bookings',
    { schema: { body: embedBookingReport, response: { 200: embedBookingStatus } }, ...access('user') },
    async (request) => {
      await service.reportEmbedBooking(deps, requireUser(request).id, request.body);
      return service.embedBookingStatus(deps, request.body.ref);
    },
  );

  app.get(
    '/embed/bookings/:ref',
    {
      schema: { params: z.object({ ref: embedBookingRef }), response: { 200: embedBookingStatus } },
      // A shop polls every few seconds while its booking window is open; several visitors may
      // share one address (an office, a school).
      ...access('anyone', { perWindow: 12, minutes: 1, floor: 120 }),
    },
    async (request) => service.embedBookingStatus(deps, request.params.ref),
  );
};

/** The script organisers' pages load, at the site's root beside the pages it frames. */
export const embedScriptRoutes: FastifyPluginAsync = async (app) => {
  const body = embedScript();
  app.get('/embed.js', { ...access('anyone') }, async (_request, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      // Loaded by other sites' pages: a same-origin resource policy would have their browsers refuse it.
      .header('cross-origin-resource-policy', 'cross-origin')
      .send(body),
  );
};
