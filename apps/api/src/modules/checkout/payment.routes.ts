import { fr, paymentFr, paymentStart } from '@guichet/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import {
  MalformedNotificationError,
  type PaymentProviderName,
  PaymentSignatureError,
  rawQueryOf,
} from '../../payments';
import { access } from '../../plugins/route-access';
import { pageOriginOf } from '../../plugins/same-origin';
import {
  eventOfPaidOrder,
  type Payments,
  settleBuyerReturn,
  settlePayment,
  startBuyerPayment,
} from './payment.service';

const providerName = z.enum(['sandbox', 'etransactions', 'stripe']);

/** Starting a payment (for the order's buyer) and every channel a provider answers through. */
export const paymentRoutes: FastifyPluginAsyncZod<AppDeps & { payments: Payments }> = async (app, deps) => {
  const { payments } = deps;

  app.post(
    '/orders/:id/payment',
    {
      schema: {
        params: z.object({ id: z.string().max(64) }),
        querystring: z.object({ token: z.string().max(100).optional() }),
        response: { 200: paymentStart },
      },
      ...access('anyone'),
    },
    async (request) => {
      const asker = { viewer: request.user, token: request.query.token };
      const pageOrigin = pageOriginOf(request.headers, deps.config.publicUrl);
      return { redirect: await startBuyerPayment(deps, payments, request.params.id, asker, pageOrigin) };
    },
  );

  // The bank's server-to-server notification (IPN): verified on the query exactly as received.
  app.get(
    '/payments/:provider/ipn',
    // The bank reads only the status: nothing to compress.
    {
      schema: { params: z.object({ provider: providerName }) },
      ...access('anyone'),
      compress: false,
      decompress: false,
    },
    async (request, reply) => {
      const provider = payments.providers[request.params.provider as PaymentProviderName];
      if (!provider) return reply.status(404).send({ code: 'NOT_FOUND', message: fr.shell.notFound });
      try {
        const outcome = provider.readNotification({
          rawQuery: rawQueryOf(request.raw.url ?? ''),
          headers: request.headers,
        });
        if (outcome) await settlePayment(deps, provider, outcome, request.log);
        return reply.type('text/plain').send('OK');
      } catch (error) {
        if (error instanceof PaymentSignatureError) {
          request.log.warn({ provider: provider.name }, 'forged payment notification refused');
          return reply.status(400).send({ code: 'INVALID_SIGNATURE', message: paymentFr.invalidNotification });
        }
        throw error;
      }
    },
  );

  // The buyer's browser coming back from the provider: settled here too, whichever channel is first.
  app.get(
    '/payments/:provider/return/:status',
    {
      schema: { params: z.object({ provider: providerName, status: z.enum(['accepte', 'refuse', 'annule']) }) },
      // Stripe's return costs a call to Stripe's API.
      ...access('anyone', { perWindow: 3, minutes: 1 }),
    },
    async (request, reply) => {
      const provider = payments.providers[request.params.provider as PaymentProviderName];
      const { status, retour, reference } = await settleBuyerReturn(
        deps,
        provider,
        { url: request.raw.url ?? '', headers: request.headers },
        request.params.status,
        request.log,
      );
      const query = new URLSearchParams({ retour, ref: reference });
      // A paid order's page offers its event's calendar file.
      const eventId = status === 'accepte' ? await eventOfPaidOrder(deps, reference) : null;
      if (eventId) query.set('event', eventId);
      return reply.redirect(`/validationpaiement/${status}?${query}`, 303);
    },
  );
};

/** Stripe signs the raw body: this scope keeps JSON bodies as bytes. */
export const stripeWebhookRoutes: FastifyPluginAsync<AppDeps & { payments: Payments }> = async (app, deps) => {
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_request, body, done) =>
    done(null, body),
  );
  app.post('/payments/stripe/webhook', { ...access('anyone') }, async (request, reply) => {
    const provider = deps.payments.providers.stripe;
    if (!provider) return reply.status(404).send({ code: 'NOT_FOUND', message: fr.shell.notFound });
    try {
      const outcome = provider.readNotification({ rawBody: request.body as Buffer, headers: request.headers });
      if (outcome) await settlePayment(deps, provider, outcome, request.log);
      return { received: true };
    } catch (error) {
      if (error instanceof PaymentSignatureError) {
        return reply.status(400).send({ code: 'INVALID_SIGNATURE', message: paymentFr.invalidNotification });
      }
      if (error instanceof MalformedNotificationError) {
        request.log.warn({ eventId: error.notificationId, reason: error.message }, 'malformed Stripe event refused');
        return reply.status(400).send({ code: 'INVALID_NOTIFICATION', message: paymentFr.invalidNotification });
      }
      throw error;
    }
  });
};
