import type Stripe from 'stripe';
import { z } from 'zod';
import { safeEqual } from '../lib/tokens';
import { MalformedNotificationError, PaymentSignatureError } from './errors';
import type { PaymentOutcome, PaymentProvider, PaymentReturn } from './provider';
import { assertStartPayment } from './start-payment';

export type StripeSettings = {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Tests only: a local fake of the Stripe API. */
  api?: { host: string; port?: number; protocol: 'http' | 'https' };
};

function createStripeClient(sdk: typeof Stripe, settings: StripeSettings, deps: { fetch?: typeof fetch } = {}): Stripe {
  return new sdk(settings.secretKey, {
    telemetry: false,
    ...(settings.api ? { ...settings.api, maxNetworkRetries: 0 } : { maxNetworkRetries: 2 }),
    ...(deps.fetch ? { httpClient: sdk.createFetchHttpClient(deps.fetch) } : {}),
  });
}

function header(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const value = headers[name] ?? headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

type Intent = Stripe.PaymentIntent;

const cents = z.number().int().min(0).max(2_147_483_647);
/** A text we may write or look up: PostgreSQL refuses a NUL in any text. */
const storable = (max: number) =>
  z
    .string()
    .max(max)
    .refine((text) => !text.includes('\u0000'));
/** Any event: an object with a type (Stripe's envelope); `{}`, `null` or `[]` can never be processed. */
const anyEvent = z.object({ id: z.string().max(255).optional(), type: z.string().min(1).max(255) });
/**
 * What we read of a PaymentIntent event: the signature proves who sent it, not that its content
 * has the documented shape (issue 15: a signed event without `data` answered 500).
 */
const intentEvent = z.object({
  data: z.object({
    object: z.object({
      id: storable(255).min(1),
      amount: cents,
      amount_received: cents.nullish(),
      cancellation_reason: storable(255).nullish(),
      metadata: z.object({ reference: storable(64).optional() }).nullish(),
    }),
  }),
});

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

/**
 * The intent as Stripe holds it, for the buyer's return. Only `succeeded` (paid) and `canceled`
 * are settled; `processing` waits for the webhook (the spec's 99999, awaiting the issuer); any
 * other state is a payment not made, which the buyer may still retry before the hold ends.
 */
function returnOf(intent: Intent): PaymentReturn | null {
  const reference = intent.metadata?.reference;
  if (!reference) return null;
  switch (intent.status) {
    case 'succeeded':
      return { reference, retour: '00000', outcome: outcomeOf(intent, 'paid', '00000') };
    case 'canceled':
      return { reference, retour: '00001', outcome: outcomeOf(intent, 'cancelled', '00001') };
    case 'processing':
      return { reference, retour: '99999', outcome: null };
    default:
      return { reference, retour: intent.last_payment_error?.code ?? intent.status, outcome: null };
  }
}

const INTENT_ID = /^pi_[A-Za-z0-9]{1,200}$/;

/**
 * Card payments through Stripe: the browser confirms the PaymentIntent; the webhook fulfils. The
 * SDK is loaded here, only when Stripe is configured (docs/decisions.md, "Memory at rest").
 */
export async function createStripeProvider(
  settings: StripeSettings,
  deps: { fetch?: typeof fetch } = {},
): Promise<PaymentProvider> {
  const { default: sdk } = await import('stripe');
  const stripe = createStripeClient(sdk, settings, deps);
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
        returnUrl: payment.returnUrls.accepted,
      };
    },
    readNotification(raw) {
      const signature = header(raw.headers, 'stripe-signature');
      if (!raw.rawBody || !signature) throw new PaymentSignatureError('missing body or Stripe-Signature');
      let parsed: unknown;
      try {
        parsed = stripe.webhooks.constructEvent(raw.rawBody, signature, settings.webhookSecret);
      } catch (error) {
        if (error instanceof sdk.errors.StripeSignatureVerificationError)
          throw new PaymentSignatureError(error.message);
        // Signed, but not JSON (or a kind of event this endpoint is not for).
        throw new MalformedNotificationError(`unreadable Stripe event: ${String(error)}`);
      }
      // The signature proves who sent it, not its shape: what can never be processed is refused
      // once (400), never a 500 that Stripe would retry for days.
      const envelope = anyEvent.safeParse(parsed);
      if (!envelope.success) {
        const id = (parsed as { id?: unknown } | null)?.id;
        throw new MalformedNotificationError(
          'Stripe event without a type',
          typeof id === 'string' ? id.slice(0, 255) : undefined,
        );
      }
      const event = parsed as Stripe.Event;
      if (event.type.startsWith('payment_intent.') && !intentEvent.safeParse(event).success) {
        throw new MalformedNotificationError(`malformed ${event.type} event`, envelope.data.id);
      }
      switch (event.type) {
        case 'payment_intent.succeeded':
          return outcomeOf(event.data.object, 'paid', '00000');
        // A declined attempt is not the end of a PaymentIntent: the buyer sees Stripe's message and
        // may try another card while the hold lasts, so the places are kept until it expires.
        case 'payment_intent.payment_failed':
          return null;
        case 'payment_intent.canceled':
          return outcomeOf(event.data.object, 'cancelled', event.data.object.cancellation_reason ?? 'canceled');
        default:
          return null;
      }
    },
    async readReturn(query) {
      const id = query.get('payment_intent') ?? '';
      const secret = query.get('payment_intent_client_secret') ?? '';
      if (!INTENT_ID.test(id) || !secret) return null;
      let intent: Intent;
      try {
        intent = await stripe.paymentIntents.retrieve(id);
      } catch (error) {
        if (error instanceof sdk.errors.StripeInvalidRequestError) return null;
        throw error;
      }
      // Only the buyer who confirmed the intent holds its client secret: nobody else reads its result.
      if (!intent.client_secret || !safeEqual(intent.client_secret, secret)) return null;
      return returnOf(intent);
    },
    async refund(payment) {
      await stripe.refunds.create(
        { payment_intent: payment.transactionId, amount: payment.amountCents, reason: 'requested_by_customer' },
        { idempotencyKey: payment.key },
      );
    },
  };
}
