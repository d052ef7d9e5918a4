import { companyInvoiceRequest, orderInvoice } from '@guichet/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { access } from '../../plugins/route-access';
import { requestCompanyInvoice } from './company-invoice';
import { findReadableInvoice, listOrderInvoices } from './invoice.service';
import { replyInvoiceFile } from './invoice-file';

const orderParams = z.object({ id: z.string().max(64) });
const invoiceParams = z.object({ id: z.string().max(64), invoiceId: z.string().max(64) });
/** A guest's proof that the order is theirs (an account's is its session). */
const guestToken = z.object({ token: z.string().max(100).optional() });

export const invoiceRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    '/orders/:id/invoices',
    {
      schema: { params: orderParams, querystring: guestToken, response: { 200: z.array(orderInvoice) } },
      ...access('anyone'),
    },
    async (request) =>
      listOrderInvoices(deps.db, request.params.id, { viewer: request.user, token: request.query.token }),
  );

  app.get(
    '/orders/:id/invoices/:invoiceId/pdf',
    { schema: { params: invoiceParams, querystring: guestToken }, ...access('anyone') },
    async (request, reply) => {
      const { id, invoiceId } = request.params;
      const invoice = await findReadableInvoice(deps.db, id, invoiceId, {
        viewer: request.user,
        token: request.query.token,
      });
      return replyInvoiceFile(reply, invoice, { brandName: deps.config.brandName });
    },
  );

  // The buyer's (or the guest's with the order's token) request for invoices in a company's name.
  app.put(
    '/orders/:id/company-invoice',
    {
      schema: {
        params: orderParams,
        querystring: guestToken,
        body: companyInvoiceRequest,
        response: { 200: z.array(orderInvoice) },
      },
      ...access('anyone', { perWindow: 10, minutes: 1 }),
    },
    async (request) =>
      requestCompanyInvoice(
        deps.db,
        request.params.id,
        { viewer: request.user, token: request.query.token },
        request.body,
      ),
  );
};
