import { type PaymentResultOrder, paymentFr } from '@guichet/shared';
import { Button, Stack } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { type PaymentRedirect, useStartPayment } from '../../api/checkout';
import { ApiError } from '../../api/client';
import { BankForm } from '../../features/checkout/BankForm';
import { Countdown } from '../../features/checkout/Countdown';
import { FormError } from '../../ui/FormError';

const StripePayment = lazy(() => import('../../features/checkout/StripePayment'));

/**
 * Another attempt at paying the same order while its hold lasts (issue 26): the server's time
 * left, then the provider's page again (the bank's form is posted at once: the buyer asked for it).
 */
export function RetryPayment({
  order,
  onElapsed,
  onAlreadyPaid,
}: {
  order: PaymentResultOrder;
  onElapsed: () => void;
  /** Paid meanwhile (another tab): the page says so instead of the refusal. */
  onAlreadyPaid: () => void;
}) {
  // The server's seconds left, counted on this browser's clock from the moment they were read.
  const [deadline] = useState(() => Date.now() + order.secondsLeft * 1000);
  const startPayment = useStartPayment();
  const [redirect, setRedirect] = useState<PaymentRedirect | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [elapsed, setElapsed] = useState(false);

  if (elapsed) return null;

  const retry = () => {
    setError(null);
    startPayment.mutate(
      { orderId: order.id },
      {
        onSuccess: (answer) => setRedirect(answer.redirect),
        onError: (failure) =>
          failure instanceof ApiError && failure.code === 'ORDER_ALREADY_PAID'
            ? onAlreadyPaid()
            : setError(failure.message),
      },
    );
  };

  return (
    <Stack gap="sm">
      <Countdown
        deadline={deadline}
        onElapsed={() => {
          setElapsed(true);
          onElapsed();
        }}
      />
      <FormError message={error} />
      {redirect?.kind === 'form' ? (
        <BankForm redirect={redirect} amountCents={order.totalCents} submitAtOnce />
      ) : redirect?.kind === 'stripe' ? (
        <Suspense fallback={null}>
          <StripePayment redirect={redirect} amountCents={order.totalCents} offerWallet={false} />
        </Suspense>
      ) : (
        <Button onClick={retry} loading={startPayment.isPending} leftSection={<IconRefresh size={18} aria-hidden />}>
          {paymentFr.result.retry}
        </Button>
      )}
    </Stack>
  );
}
