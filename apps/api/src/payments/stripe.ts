import Stripe from 'stripe';
import { PaymentSignatureError } from './errors';
import type { PaymentOutcome, PaymentProvider } from './provider';
import { assertStartPayment } from './start-payment';

export type StripeSettings = {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Tests only: a local fake of the Stripe API. */
  api?: { host: string; port?: number; protocol: 'http' | 'https' };
};

export function createStripeClient(settings: StripeSettings, deps: { fetch?: typeof fetch } = {}): Stripe {
  return new Stripe(settings.secretKey, {
    telemetry: false,
    ...(settings.api ? { ...settings.api, maxNetworkRetries: 0 } : { maxNetworkRetries: 2 }),
    ...(deps.fetch ? { httpClient: Stripe.createFetchHttpClient(deps.fetch) } : {}),
  });
}

function header(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const value = headers[name] ?? headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

type Intent = Stripe.PaymentIntent;

function outcomeOf(intent: Intent, status: PaymentOutcome['status'], errorCode: string): PaymentOutcome | null {
  // An intent we did not create (another integration on the same account) is not ours to confirm.
  const reference = intent.metadata?.reference;
  if (!reference) return null;
  return {
    reference,
    status,
    amountCents: status === 'paid' && intent.amount_received ? intent.amount_received : intent.amount,
    transactionId: intent.id,
    errorCode,
  };
}

/** Card payments through Stripe: the browser confirms the PaymentIntent; the webhook fulfils. */
export function createStripeProvider(settings: StripeSettings, deps: { fetch?: typeof fetch } = {}): PaymentProvider {
  const stripe = createStripeClient(settings, deps);
  return {
    name: 'stripe',
    async start(payment) {
      assertStartPayment(payment);
      const intent = await stripe.paymentIntents.create(
        {
          amount: payment.amountCents,
          currency: 'eur',
          automatic_payment_methods: { enabled: true },
          metadata: { orderId: payment.orderId, reference: payment.reference },
        },
        { idempotencyKey: payment.reference },
      );
      if (!intent.client_secret) throw new Error('Stripe returned a PaymentIntent without client_secret');
      return {
        kind: 'stripe',
        clientSecret: intent.client_secret,
        publishableKey: settings.publishableKey,
        paymentIntentId: intent.id,
      };
    },
    readNotification(raw) {
      const signature = header(raw.headers, 'stripe-signature');
      if (!raw.rawBody || !signature) throw new PaymentSignatureError('missing body or Stripe-Signature');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(raw.rawBody, signature, settings.webhookSecret);
      } catch (error) {
        throw new PaymentSignatureError(error instanceof Error ? error.message : 'bad signature');
      }
      switch (event.type) {
        case 'payment_intent.succeeded':
          return outcomeOf(event.data.object, 'paid', '00000');
        case 'payment_intent.payment_failed':
          return outcomeOf(event.data.object, 'refused', event.data.object.last_payment_error?.code ?? 'card_declined');
        case 'payment_intent.canceled':
          return outcomeOf(event.data.object, 'cancelled', event.data.object.cancellation_reason ?? 'canceled');
        default:
          return null;
      }
    },
    async refund(payment) {
      await stripe.refunds.create(
        { payment_intent: payment.transactionId, amount: payment.amountCents, reason: 'requested_by_customer' },
        { idempotencyKey: `refund-${payment.reference}` },
      );
    },
  };
}
