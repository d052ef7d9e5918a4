import { checkoutStepsFr, formatEuros, fr, paymentFr } from '@guichet/shared';
import { Button, Stack, Text, useComputedColorScheme } from '@mantine/core';
import { Elements, ExpressCheckoutElement, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import {
  loadStripe,
  type Stripe,
  type StripeElementsOptions,
  type StripeExpressCheckoutElementOptions,
} from '@stripe/stripe-js';
import { type FormEvent, useMemo, useState } from 'react';
import type { PaymentRedirect } from '../../api/checkout';
import { FormError } from '../../ui/FormError';
import { hasWallet, paymentErrorMessage, stripeReturnUrl } from './stripe-result';

type StripeRedirect = Extract<PaymentRedirect, { kind: 'stripe' }>;

// Apple Pay and Google Pay only: the spec's wallet element, not Stripe's other express buttons.
const expressOptions: StripeExpressCheckoutElementOptions = {
  paymentMethods: {
    applePay: 'auto',
    googlePay: 'auto',
    link: 'never',
    paypal: 'never',
    amazonPay: 'never',
    klarna: 'never',
  },
  buttonType: { applePay: 'buy', googlePay: 'buy' },
};

type StripePaymentProps = {
  redirect: StripeRedirect;
  amountCents: number;
  offerWallet: boolean;
};

function StripeForm({ redirect, amountCents, offerWallet }: StripePaymentProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);
  const [wallet, setWallet] = useState<'pending' | 'available' | 'unavailable'>('pending');
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  /** Confirms with Stripe; a payment that needs no redirect goes to the return URL all the same. */
  const confirm = async (): Promise<boolean> => {
    if (!stripe || !elements) return false;
    setError(null);
    setConfirming(true);
    try {
      const result = await stripe.confirmPayment({
        elements,
        confirmParams: { return_url: redirect.returnUrl },
        redirect: 'if_required',
      });
      if (result.error) {
        setError(paymentErrorMessage(result.error));
        return false;
      }
      // The order is paid only once the server has asked Stripe (or Stripe's webhook has told it).
      window.location.assign(stripeReturnUrl(redirect, result.paymentIntent.id));
      return true;
    } catch {
      setError(paymentFr.retour.other);
      return false;
    } finally {
      setConfirming(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void confirm();
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {offerWallet && (
          <div data-testid="stripe-express-checkout" hidden={wallet === 'unavailable'}>
            <ExpressCheckoutElement
              options={expressOptions}
              onReady={(event) => setWallet(hasWallet(event.availablePaymentMethods) ? 'available' : 'unavailable')}
              onLoadError={() => setWallet('unavailable')}
              onConfirm={async (event) => {
                if (!(await confirm())) event.paymentFailed({ reason: 'fail' });
              }}
            />
          </div>
        )}
        {offerWallet && wallet === 'unavailable' && <Text c="dimmed">{paymentFr.walletUnavailable}</Text>}
        <div data-testid="stripe-payment-element">
          <PaymentElement
            options={{ layout: 'tabs' }}
            onReady={() => setReady(true)}
            onLoadError={() => setError(fr.common.serviceUnavailable)}
          />
        </div>
        <FormError message={error} />
        <Button type="submit" fullWidth loading={confirming} disabled={!ready}>
          {checkoutStepsFr.payment.pay(formatEuros(amountCents))}
        </Button>
      </Stack>
    </form>
  );
}

/**
 * The Stripe payment of a held order (loaded only then, being large): the Express Checkout
 * Element for Apple Pay / Google Pay when the buyer pays the fees, and the Payment Element.
 */
export default function StripePayment({ redirect, amountCents, offerWallet }: StripePaymentProps) {
  const [unreachable, setUnreachable] = useState(false);
  const stripe = useMemo<Promise<Stripe | null>>(
    () =>
      loadStripe(redirect.publishableKey).catch(() => {
        setUnreachable(true);
        return null;
      }),
    [redirect.publishableKey],
  );
  const scheme = useComputedColorScheme('dark');
  const options = useMemo<StripeElementsOptions>(
    () => ({
      clientSecret: redirect.clientSecret,
      locale: 'fr',
      appearance: { theme: scheme === 'dark' ? 'night' : 'stripe' },
    }),
    [redirect.clientSecret, scheme],
  );

  if (unreachable) return <FormError message={fr.common.serviceUnavailable} />;
  return (
    // A new PaymentIntent is a new Elements group: its client secret cannot change in place.
    <Elements key={redirect.clientSecret} stripe={stripe} options={options}>
      <StripeForm redirect={redirect} amountCents={amountCents} offerWallet={offerWallet} />
    </Elements>
  );
}
