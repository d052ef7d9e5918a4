import { checkoutFr, fr, paymentFr } from '@guichet/shared';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { orders } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { queueMail } from '../../mail/outbox';
import {
  NoBankServerError,
  type PaymentConfig,
  type PaymentOutcome,
  type PaymentProvider,
  type PaymentProviderName,
  type PaymentRedirect,
} from '../../payments';
import { applyPaymentResult, type ConfirmationOutcome } from './confirm';

export type Payments = {
  config: PaymentConfig;
  providers: Record<PaymentProviderName, PaymentProvider | undefined>;
};

/** The event's provider when it is configured here, else the deployment's default. */
export function providerFor(payments: Payments, wanted: PaymentProviderName): PaymentProviderName {
  return payments.providers[wanted] ? wanted : payments.config.defaultProvider;
}

export async function startOrderPayment(
  deps: AppDeps,
  payments: Payments,
  order: typeof orders.$inferSelect,
): Promise<PaymentRedirect> {
  if (order.status !== 'awaiting_payment' || order.expiresAt <= deps.clock.now()) {
    throw new AppError('ORDER_NOT_PAYABLE', checkoutFr.orderNotPayable, 409);
  }
  const provider = order.provider === 'free' ? undefined : payments.providers[order.provider];
  if (!provider) throw new AppError('PROVIDER_UNAVAILABLE', fr.common.serviceUnavailable, 503);
  const base = deps.config.publicUrl;
  try {
    return await provider.start({
      orderId: order.id,
      reference: order.reference,
      amountCents: order.totalCents,
      ticketCount: order.ticketCount,
      buyer: { email: order.buyerEmail, firstName: order.buyerFirstName, lastName: order.buyerLastName },
      returnUrls: {
        accepted: `${base}/api/payments/${provider.name}/return/accepte`,
        refused: `${base}/api/payments/${provider.name}/return/refuse`,
        cancelled: `${base}/api/payments/${provider.name}/return/annule`,
        notify: `${base}/api/payments/${provider.name}/ipn`,
      },
    });
  } catch (error) {
    if (error instanceof NoBankServerError) {
      throw new AppError('NO_BANK_SERVER', paymentFr.noBankServer, 503);
    }
    throw error;
  }
}

/**
 * A verified verdict from a provider, from whichever channel brought it first (IPN, webhook or
 * the buyer's return). A payment whose places were given away meanwhile is refunded at once.
 */
export async function settlePayment(
  deps: AppDeps,
  provider: PaymentProvider,
  outcome: PaymentOutcome,
  log: { error(details: object, message: string): void },
): Promise<ConfirmationOutcome> {
  const result = await applyPaymentResult(deps, outcome);
  if (result === 'refund_needed') {
    const order = await deps.db.query.orders.findFirst({ where: eq(orders.reference, outcome.reference) });
    try {
      await provider.refund({
        transactionId: outcome.transactionId,
        amountCents: outcome.amountCents,
        reference: outcome.reference,
      });
      await deps.db.transaction(async (tx) => {
        await tx.update(orders).set({ status: 'refunded' }).where(eq(orders.reference, outcome.reference));
        if (order) {
          await queueMail(tx, {
            to: order.buyerEmail,
            subject: checkoutFr.refundedMail.subject(deps.config.brandName),
            text: checkoutFr.refundedMail.body(order.buyerFirstName, order.reference),
          });
        }
      });
    } catch (error) {
      log.error({ err: error, reference: outcome.reference }, 'refund of a late payment failed');
    }
  }
  return result;
}
