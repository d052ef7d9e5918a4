import type { FastifyPluginAsync } from 'fastify';
import { access } from '../../plugins/route-access';
import { renderReferencePage } from './reference-page';

/**
 * The published contract (issue 15): the OpenAPI document built from the routes' schemas, and a
 * reference page for integrators rendered from it on the server (no script, nothing from a CDN,
 * so the page keeps the application's CSP). Both are built on their first call and kept.
 */
export const contractRoutes: FastifyPluginAsync = async (app) => {
  let page: string | undefined;
  app.get('/openapi.json', { ...access('anyone') }, async (_request, reply) =>
    reply.type('application/json; charset=utf-8').send(app.swagger()),
  );
  app.get('/docs', { ...access('anyone') }, async (_request, reply) => {
    page ??= renderReferencePage(app.swagger() as unknown as Parameters<typeof renderReferencePage>[0]);
    return reply.type('text/html; charset=utf-8').send(page);
  });
};
