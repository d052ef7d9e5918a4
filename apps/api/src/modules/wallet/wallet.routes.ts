import { enabledWalletsSchema, googleWalletLinkSchema } from '@guichet/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { access } from '../../plugins/route-access';
import { requireUser } from '../../plugins/session';
import * as service from './wallet.service';

const params = z.object({ id: z.string().max(64) });
// A pass is as good as the ticket it carries: never kept by a shared cache.
const PRIVATE = 'private, no-store';

/** The wallets offered, and a holder's pass for each (docs/decisions.md, "Wallet passes"). */
export const walletRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get('/wallet', { schema: { response: { 200: enabledWalletsSchema } }, ...access('anyone') }, async () =>
    service.enabledWallets(deps.config),
  );

  app.get('/me/participations/:id/pass.pkpass', { schema: { params }, ...access('user') }, async (request, reply) => {
    const { filename, pkpass } = await service.applePassForHolder(deps, request.params.id, requireUser(request).id);
    return reply
      .header('cache-control', PRIVATE)
      .header('content-disposition', `attachment; filename="${filename}"`)
      .type('application/vnd.apple.pkpass')
      .send(pkpass);
  });

  app.get(
    '/me/participations/:id/google-wallet',
    { schema: { params, response: { 200: googleWalletLinkSchema } }, ...access('user') },
    async (request, reply) => {
      const link = await service.googleWalletLink(deps, request.params.id, requireUser(request).id);
      reply.header('cache-control', PRIVATE);
      return link;
    },
  );
};
