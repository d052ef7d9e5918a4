import {
  quoteCreated,
  quoteRequest,
  quoteRequestParams,
  quoteRequestsPage,
  quoteRequestsQuery,
  quoteRequestView,
  quoteStatusChange,
  shopProduct,
  shopProductParams,
  shopProductsQuery,
} from '@guichet/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { access } from '../../plugins/route-access';
import { getProduct, listProducts } from './catalogue.service';
import { createQuoteRequest, listQuoteRequests, setQuoteStatus } from './quote.service';

/** The shop's catalogue (public), its quote requests (sent by anyone, listed by the administrator). */
export const shopRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    '/shop/products',
    { schema: { querystring: shopProductsQuery, response: { 200: z.array(shopProduct) } }, ...access('anyone') },
    async (request) => listProducts(deps, request.query.offer),
  );

  app.get(
    '/shop/products/:productId',
    { schema: { params: shopProductParams, response: { 200: shopProduct } }, ...access('anyone') },
    async (request) => getProduct(deps, request.params.productId),
  );

  // Open to visitors, so limited per address like the contact form: each request mails the shop.
  app.post(
    '/quote-requests',
    {
      schema: { body: quoteRequest, response: { 201: quoteCreated } },
      ...access('anyone', { perWindow: 1, minutes: 10 }),
    },
    async (request, reply) => reply.status(201).send(await createQuoteRequest(deps, request.user, request.body)),
  );

  app.get(
    '/quote-requests',
    { schema: { querystring: quoteRequestsQuery, response: { 200: quoteRequestsPage } }, ...access('admin') },
    async (request) => listQuoteRequests(deps, request.query),
  );

  app.patch(
    '/quote-requests/:quoteId',
    {
      schema: { params: quoteRequestParams, body: quoteStatusChange, response: { 200: quoteRequestView } },
      ...access('admin'),
    },
    async (request) => setQuoteStatus(deps, request.params.quoteId, request.body.status),
  );
};
