import {
  adminEvent,
  adminEvents,
  adminPayout,
  adminRefund,
  adminSummary,
  adminUser,
  apiError,
  auditEntry,
  banRequest,
  contactMessageItem,
  ledgerAdjustmentCreated,
  ledgerAdjustmentRequest,
  type PaymentProviderChoice,
  payoutAdvanceRequest,
  payoutsQuery,
  providerRequest,
  reasonRequest,
  searchQuery,
  updateUserRequest,
  verificationRequest,
} from '@guichet/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { access } from '../../plugins/route-access';
import * as service from './service';

const idParams = z.object({ id: z.string().max(64) });

type AdminDeps = AppDeps & { paymentProviders: PaymentProviderChoice[] };

/** The administrator's back office (issue 10): every route is the administrator's alone. */
export const adminRoutes: FastifyPluginAsyncZod<AdminDeps> = async (app, deps) => {
  const admin = access('admin');

  app.get('/admin/summary', { schema: { response: { 200: adminSummary } }, ...admin }, async (request) =>
    service.summary(deps, request.user),
  );

  app.get(
    '/admin/verification-requests',
    { schema: { response: { 200: z.array(verificationRequest) } }, ...admin },
    async (request) => service.listVerificationRequests(deps, request.user),
  );

  app.post(
    '/admin/users/:id/verify',
    { schema: { params: idParams, response: { 200: adminUser } }, ...admin },
    async (request) => service.verifyUser(deps, request.user, request.params.id),
  );

  app.post(
    '/admin/users/:id/refuse-verification',
    { schema: { params: idParams, body: reasonRequest, response: { 200: adminUser } }, ...admin },
    async (request) => service.refuseVerification(deps, request.user, request.params.id, request.body.reason),
  );

  app.get(
    '/admin/users',
    { schema: { querystring: searchQuery, response: { 200: z.array(adminUser) } }, ...admin },
    async (request) => service.searchUsers(deps, request.user, request.query.q ?? '', request.query.billingDue === '1'),
  );

  app.patch(
    '/admin/users/:id',
    { schema: { params: idParams, body: updateUserRequest, response: { 200: adminUser } }, ...admin },
    async (request) => service.updateUser(deps, request.user, request.params.id, request.body),
  );

  app.put(
    '/admin/users/:id/payout-advance',
    { schema: { params: idParams, body: payoutAdvanceRequest, response: { 200: adminUser } }, ...admin },
    async (request) => service.setPayoutAdvance(deps, request.user, request.params.id, request.body),
  );

  app.post(
    '/admin/users/:id/ledger-adjustments',
    {
      schema: { params: idParams, body: ledgerAdjustmentRequest, response: { 201: ledgerAdjustmentCreated } },
      ...admin,
    },
    async (request, reply) =>
      reply.status(201).send(await service.adjustLedger(deps, request.user, request.params.id, request.body)),
  );

  app.post(
    '/admin/users/:id/ban',
    { schema: { params: idParams, body: banRequest, response: { 200: adminUser } }, ...admin },
    async (request) => service.banUser(deps, request.user, request.params.id, request.body),
  );

  app.delete(
    '/admin/users/:id/ban',
    { schema: { params: idParams, response: { 200: adminUser } }, ...admin },
    async (request) => service.unbanUser(deps, request.user, request.params.id),
  );

  app.get(
    '/admin/events',
    { schema: { querystring: searchQuery, response: { 200: adminEvents } }, ...admin },
    async (request) => service.searchEvents(deps, request.user, request.query.q ?? '', deps.paymentProviders),
  );

  app.post(
    '/admin/events/:id/unpublish',
    { schema: { params: idParams, response: { 200: adminEvent } }, ...admin },
    async (request) => service.unpublishEvent(deps, request.user, request.params.id),
  );

  app.put(
    '/admin/events/:id/provider',
    { schema: { params: idParams, body: providerRequest, response: { 200: adminEvent } }, ...admin },
    async (request) =>
      service.setEventProvider(deps, request.user, request.params.id, request.body.provider, deps.paymentProviders),
  );

  app.get(
    '/admin/payouts',
    { schema: { querystring: payoutsQuery, response: { 200: z.array(adminPayout) } }, ...admin },
    async (request) => service.listPayouts(deps, request.user, request.query.status ?? 'requested'),
  );

  // Gone: a payout is paid with its batch (payout-batches). Any body: the answer is the same.
  app.post(
    '/admin/payouts/:id/paid',
    { schema: { params: idParams, response: { 410: apiError } }, ...admin },
    async (request) => service.payoutsGoneToBatches(request.user),
  );

  app.post(
    '/admin/payouts/:id/reject',
    { schema: { params: idParams, body: reasonRequest, response: { 200: adminPayout } }, ...admin },
    async (request) => service.rejectPayout(deps, request.user, request.params.id, request.body.reason),
  );

  // Gone: each batch has its own file (GET /admin/payout-batches/:id/sepa.xml).
  app.get('/admin/payouts/sepa.xml', { schema: { response: { 410: apiError } }, ...admin }, async (request) =>
    service.payoutsGoneToBatches(request.user),
  );

  app.get('/admin/refunds', { schema: { response: { 200: z.array(adminRefund) } }, ...admin }, async (request) =>
    service.listRefunds(deps, request.user),
  );

  app.get(
    '/admin/messages',
    { schema: { response: { 200: z.array(contactMessageItem) } }, ...admin },
    async (request) => service.listContactMessages(deps, request.user),
  );

  app.get('/admin/audit', { schema: { response: { 200: z.array(auditEntry) } }, ...admin }, async (request) =>
    service.listAudit(deps, request.user),
  );
};
