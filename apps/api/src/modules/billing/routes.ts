import { billingIdentity, billingIdentityRequest, billingIdentityState } from '@guichet/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { access } from '../../plugins/route-access';
import { requireUser } from '../../plugins/session';
import * as service from './service';

/** The organiser's billing identity, beside their bank details: always the session's own. */
export const billingRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    '/me/billing-identity',
    { schema: { response: { 200: billingIdentityState } }, ...access('user') },
    async (request) => service.getBillingIdentityState(deps, requireUser(request).id),
  );

  app.put(
    '/me/billing-identity',
    { schema: { body: billingIdentityRequest, response: { 200: billingIdentity } }, ...access('user') },
    async (request) => service.saveBillingIdentity(deps, requireUser(request).id, request.body),
  );
};
