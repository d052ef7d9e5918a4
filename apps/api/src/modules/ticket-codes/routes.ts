import { ticketShortCode } from '@guichet/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { access } from '../../plugins/route-access';
import { requireUser } from '../../plugins/session';
import { loadTicketKeys } from './keys';
import * as service from './service';

const params = z.object({ id: z.string().max(64) });
// A ticket is as good as an entry: never kept by a shared cache.
const PRIVATE = 'private, no-store';

/** Signed ticket codes: the public key for scanners, and each holder's code, QR code and PDF, and an order's PDF. */
export const ticketCodeRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    '/ticket-codes/public-key',
    {
      schema: { response: { 200: z.object({ algorithm: z.literal('Ed25519'), publicKeyPem: z.string() }) } },
      ...access('anyone'),
    },
    async () => ({ algorithm: 'Ed25519' as const, publicKeyPem: loadTicketKeys(deps.config).publicKeyPem }),
  );

  app.get(
    '/me/participations/:id/code',
    { schema: { params, response: { 200: z.object({ code: z.string(), shortCode: z.string() }) } }, ...access('user') },
    async (request, reply) => {
      const row = await service.loadOwnTicket(deps, request.params.id, requireUser(request).id);
      reply.header('cache-control', PRIVATE);
      return { code: service.ticketCodeOf(deps, row), shortCode: ticketShortCode(row.id) };
    },
  );

  app.get('/me/participations/:id/qr.png', { schema: { params }, ...access('user') }, async (request, reply) => {
    const row = await service.loadOwnTicket(deps, request.params.id, requireUser(request).id);
    const png = await service.ticketQrOf(deps, row);
    return reply.header('cache-control', PRIVATE).type('image/png').send(png);
  });

  // An order's places that the user holds, in one PDF of a page each (issue 30).
  app.get('/me/orders/:id/tickets.pdf', { schema: { params }, ...access('user') }, async (request, reply) => {
    const { filename, pdf } = await service.orderTicketsPdf(deps, request.params.id, requireUser(request).id);
    return reply
      .header('cache-control', PRIVATE)
      .header('content-disposition', `attachment; filename="${filename}"`)
      .type('application/pdf')
      .send(pdf);
  });

  app.get('/me/participations/:id/ticket.pdf', { schema: { params }, ...access('user') }, async (request, reply) => {
    const row = await service.loadOwnTicket(deps, request.params.id, requireUser(request).id);
    const pdf = await service.ticketPdfOf(deps, row);
    return reply
      .header('cache-control', PRIVATE)
      .header('content-disposition', `attachment; filename="${service.ticketPdfFilename(row.eventTitle)}"`)
      .type('application/pdf')
      .send(pdf);
  });
};
