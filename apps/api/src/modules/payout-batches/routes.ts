import {
  adminPayout,
  createPayoutBatchRequest,
  markPaidRequest,
  payoutBatch,
  payoutBatchCreated,
} from '@guichet/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { access } from '../../plugins/route-access';
import * as service from './service';

const idParams = z.object({ id: z.string().max(64) });

/** The back office's batches of payouts for the bank (issue 27): the administrator's alone. */
export const payoutBatchRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const admin = access('admin');

  app.get('/admin/payout-batches', { schema: { response: { 200: z.array(payoutBatch) } }, ...admin }, async (request) =>
    service.listBatches(deps, request.user),
  );

  app.post(
    '/admin/payout-batches',
    { schema: { body: createPayoutBatchRequest.optional(), response: { 201: payoutBatchCreated } }, ...admin },
    async (request, reply) =>
      reply.status(201).send(await service.createBatch(deps, request.user, request.body?.payoutIds)),
  );

  // An XML file, not JSON: no response schema (plugins/route-access.test.ts lists it as such).
  app.get('/admin/payout-batches/:id/sepa.xml', { schema: { params: idParams }, ...admin }, async (request, reply) => {
    const file = await service.batchFile(deps, request.user, request.params.id);
    return reply
      .header('content-type', 'application/xml; charset=utf-8')
      .header('content-disposition', `attachment; filename="${file.fileName}"`)
      .header('cache-control', 'no-store')
      .send(file.xml);
  });

  app.post(
    '/admin/payout-batches/:id/paid',
    { schema: { params: idParams, body: markPaidRequest, response: { 200: payoutBatch } }, ...admin },
    async (request) => service.markBatchPaid(deps, request.user, request.params.id, request.body.bankReference),
  );

  app.post(
    '/admin/payouts/:id/returned',
    { schema: { params: idParams, response: { 200: adminPayout } }, ...admin },
    async (request) => service.markPayoutReturned(deps, request.user, request.params.id),
  );
};
