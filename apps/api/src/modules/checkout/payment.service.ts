import { checkoutFr, fr, paymentFr } from '@guichet/shared';
import type { AppDeps } from '../../app-deps';
import { queueJob } from '../../jobs/queue';
import { AppError } from '../../lib/errors';
import { queueMail } from '../../mail/outbox';
import {
  NoBankServerError,
  type PaymentConfig,
  type PaymentOutcome,
  type PaymentProvider,
  type PaymentProviderName,
  type PaymentRedirect,
  PaymentSignatureError,
  rawQueryOf,
} from '../../payments';
import { claimRefund, markRefunded, markRefundFailed } from '../orders/captures';
import { applyPaymentResult, type ConfirmationOutcome } from '../orders/payment-result';
import { findOrderById, findOrderByReference, setOrderStatus } from '../orders/repository';
import { findBuyerOrder, type OrderAsker } from './buyer-order.service';

export type Payments = {
  config: PaymentConfig;
  providers: Record<PaymentProviderName, PaymentProvider | undefined>;
};

/** The event's provider when it is configured here, else the deployment's default. */
export function providerFor(payments: Payments, wanted: PaymentProviderName): PaymentProviderName {
  return payments.providers[wanted] ? wanted : payments.config.defaultProvider;
}

/**
 * The buyer's payment page at the order's provider, while the hold lasts; a refused attempt leaves
 * the hold, so this is also how the buyer tries again. `pageOrigin` is where the buyer's page is
 * (same-origin.ts): the browser is sent back there; the provider's server-to-server notification
 * goes to PUBLIC_URL.
 */
export async function startBuyerPayment(
  deps: AppDeps,
  payments: Payments,
  orderId: string,
  asker: OrderAsker,
  pageOrigin: string = deps.config.publicUrl,
): Promise<PaymentRedirect> {
  const order = await findBuyerOrder(deps.db, orderId, asker);
  if (order.status === 'paid') throw new AppError('ORDER_ALREADY_PAID', checkoutFr.orderPaidAlready, 409);
  if (order.status !== 'awaiting_payment' || order.expiresAt <= deps.clock.now()) {
    throw new AppError('ORDER_NOT_PAYABLE', checkoutFr.orderNotPayable, 409);
  }
  const provider =
    order.provider === 'free' || order.provider === 'onsite' ? undefined : payments.providers[order.provider];
  if (!provider) throw new AppError('PROVIDER_UNAVAILABLE', fr.common.serviceUnavailable, 503);
  const back = `${pageOrigin}/api/payments/${provider.name}`;
  try {
    const redirect = await provider.start({
      orderId: order.id,
      reference: order.reference,
      amountCents: order.totalCents,
      ticketCount: order.ticketCount,
      buyer: { email: order.buyerEmail, firstName: order.buyerFirstName, lastName: order.buyerLastName },
      returnUrls: {
        accepted: `${back}/return/accepte`,
        refused: `${back}/return/refuse`,
        cancelled: `${back}/return/annule`,
        notify: `${deps.config.publicUrl}/api/payments/${provider.name}/ipn`,
      },
    });
    return onPageOrigin(redirect, deps.config.publicUrl, pageOrigin);
  } catch (error) {
    if (error instanceof NoBankServerError) {
      throw new AppError('NO_BANK_SERVER', paymentFr.noBankServer, 503);
    }
    throw error;
  }
}

/**
 * A payment form this application serves itself (the sandbox bank, at PUBLIC_URL) is posted to the
 * origin the page is on: the page's `form-action 'self'` allows nothing else, and a buyer who opened
 * the site on another address would click 'Payer' to no effect. A real bank's form is left alone.
 */
function onPageOrigin(redirect: PaymentRedirect, publicUrl: string, pageOrigin: string): PaymentRedirect {
  if (redirect.kind !== 'form' || !URL.canParse(redirect.action)) return redirect;
  const action = new URL(redirect.action);
  if (action.origin !== new URL(publicUrl).origin) return redirect;
  return { ...redirect, action: `${pageOrigin}${action.pathname}${action.search}` };
}

/**
 * A verified verdict from a provider, from whichever channel brought it first (IPN, webhook or
 * the buyer's return). A payment whose places were given away meanwhile, and a second capture of
 * an order already paid, are refunded at once and the buyer told; a refund the provider refuses
 * now is handed to the job runner, which tries again with backoff.
 */
export async function settlePayment(
  deps: AppDeps,
  provider: PaymentProvider,
  outcome: PaymentOutcome,
  log: { error(details: object, message: string): void },
): Promise<ConfirmationOutcome> {
  const result = await applyPaymentResult(deps, outcome, provider.name);
  if (result === 'refund_needed' || result === 'duplicate_capture') {
    try {
      await refundCapture(deps, provider, outcome.transactionId);
    } catch (error) {
      log.error({ err: error, transactionId: outcome.transactionId }, 'refund of a capture failed, retried later');
      await queueJob(
        deps.db,
        'refund',
        { provider: provider.name, transactionId: outcome.transactionId },
        { maxAttempts: REFUND_ATTEMPTS },
      );
    }
  }
  return result;
}

/** A refund owed to a buyer is tried for about five hours (backoff up to an hour) before someone must step in. */
const REFUND_ATTEMPTS = 12;

/**
 * Refunds a recorded capture that is owed back, once: the row is claimed first, so concurrent
 * replays of one notification cannot both refund it. A provider failure leaves the row `failed`
 * with its cause, and is thrown.
 */
async function refundCapture(deps: AppDeps, provider: PaymentProvider, transactionId: string): Promise<void> {
  const capture = await claimRefund(deps.db, provider.name, transactionId);
  if (!capture) return;
  const order = await findOrderById(deps.db, capture.orderId);
  if (!order) return;
  try {
    await provider.refund({
      transactionId,
      amountCents: capture.amountCents,
      reference: order.reference,
      key: `capture-${capture.id}`,
    });
  } catch (error) {
    await markRefundFailed(deps.db, capture.id, error instanceof Error ? error.message : String(error));
    throw error;
  }
  const mail = capture.kind === 'duplicate' ? checkoutFr.duplicateRefundedMail : checkoutFr.refundedMail;
  await deps.db.transaction(async (tx) => {
    await markRefunded(tx, capture.id);
    if (capture.kind === 'late') await setOrderStatus(tx, order.id, 'refunded');
    await queueMail(tx, {
      to: order.buyerEmail,
      subject: mail.subject(deps.config.brandName),
      text: mail.body(order.buyerFirstName, order.reference),
    });
  });
}

/** The job runner's 'refund' job: the same refund, by a provider named in the job. */
export async function retryRefund(
  deps: AppDeps,
  payments: Payments,
  job: { provider?: string; transactionId?: string },
): Promise<void> {
  const provider = payments.providers[job.provider as PaymentProviderName];
  if (!provider || !job.transactionId) throw new Error(`refund job for an unknown provider: ${job.provider}`);
  await refundCapture(deps, provider, job.transactionId);
}

type ReturnStatus = 'accepte' | 'refuse' | 'annule';
type ReturnLanding = { status: ReturnStatus; retour: string; reference: string };

/** The event of a paid order's reference, for the result page's calendar link. */
export async function eventOfPaidOrder(deps: AppDeps, reference: string): Promise<string | null> {
  if (!reference) return null;
  const order = await findOrderByReference(deps.db, reference);
  return order?.status === 'paid' ? order.eventId : null;
}

const statusOf = (retour: string): ReturnStatus =>
  retour === '00000' ? 'accepte' : retour === '00001' ? 'annule' : 'refuse';

/**
 * The buyer's browser back from the provider: the bank signs its verdict into the return, Stripe
 * only names the intent and is asked for it. Either way the verdict is settled before the buyer
 * sees it; a return nobody can vouch for shows the result page's generic problem ('invalid').
 */
export async function settleBuyerReturn(
  deps: AppDeps,
  provider: PaymentProvider | undefined,
  raw: { url: string; headers: Record<string, string | string[] | undefined> },
  claimed: ReturnStatus,
  log: { error(details: object, message: string): void },
): Promise<ReturnLanding> {
  const invalid = { status: claimed, retour: 'invalid', reference: '' };
  if (!provider) return invalid;
  const rawQuery = rawQueryOf(raw.url);
  if (provider.readReturn) {
    const answer = await provider.readReturn(new URLSearchParams(rawQuery));
    if (!answer) return invalid;
    if (answer.outcome) await settlePayment(deps, provider, answer.outcome, log);
    return { status: statusOf(answer.retour), retour: answer.retour, reference: answer.reference };
  }
  try {
    const outcome = provider.readNotification({ rawQuery, headers: raw.headers });
    if (!outcome) return invalid;
    await settlePayment(deps, provider, outcome, log);
    return { status: claimed, retour: outcome.errorCode, reference: outcome.reference };
  } catch (error) {
    if (error instanceof PaymentSignatureError) return invalid;
    throw error;
  }
}
