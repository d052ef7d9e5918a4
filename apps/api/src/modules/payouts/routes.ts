import { bankAccount, bankAccountRequest, eventPayouts, payoutCreated } from '@guichet/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { access } from '../../plugins/route-access';
import { requireUser } from '../../plugins/session';
import { replyInvoiceFile } from '../invoices/invoice-file';
import * as service from './service';

const eventParams = z.object({ id: z.string().max(64) });
const payoutParams = z.object({ id: z.string().max(64) });

/** Payout requests from the console (2-organiser.md §2.4, §9) and the organiser's bank details. */
export const payoutRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    '/console/events/:id/payouts',
    { schema: { params: eventParams, response: { 200: eventPayouts } }, ...access('user') },
    async (request) => service.getEventPayouts(deps, request.user, request.params.id),
  );

  app.post(
    '/console/events/:id/payouts',
    {
      schema: { params: eventParams, response: { 201: payoutCreated } },
      ...access('user', { perWindow: 3, minutes: 1 }),
    },
    async (request, reply) =>
      reply.status(201).send(await service.requestPayout(deps, request.user, request.params.id)),
  );

  app.get(
    '/payouts/:id/commission-invoice.pdf',
    { schema: { params: payoutParams }, ...access('user') },
    async (request, reply) => {
      const invoice = await service.findCommissionInvoice(deps, request.user, request.params.id);
      return replyInvoiceFile(reply, invoice, { brandName: deps.config.brandName });
    },
  );

  app.get(
    '/me/bank-account',
    { schema: { response: { 200: z.object({ account: bankAccount.nullable() }) } }, ...access('user') },
    async (request) => ({ account: await service.getBankAccount(deps, requireUser(request).id) }),
  );

  app.put(
    '/me/bank-account',
    { schema: { body: bankAccountRequest, response: { 200: bankAccount } }, ...access('user') },
    async (request) => service.saveBankAccount(deps, requireUser(request).id, request.body),
  );
};
