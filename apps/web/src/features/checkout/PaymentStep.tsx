import {
  checkoutStepsFr,
  type EventDetail,
  formatEuros,
  fr,
  HOLD_SECONDS,
  type OrderCreated,
  paymentFr,
  STUDY_UNDEFINED,
} from '@guichet/shared';
import { Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { type Dispatch, lazy, Suspense, useEffect, useRef, useState } from 'react';
import { type PaymentRedirect, useCreateOrder, useStartPayment } from '../../api/checkout';
import { ApiError } from '../../api/client';
import { FormError } from '../../ui/FormError';
import { AlreadyPaid } from './AlreadyPaid';
import { BankForm } from './BankForm';
import { Countdown } from './Countdown';
import { ReloadModal } from './PaymentModals';
import { StepForm, type StepPlace } from './StepForm';
import {
  basketTotals,
  type CheckoutAction,
  type CheckoutState,
  giftOf,
  type HeldOrder,
  orderAnswers,
  orderKey,
  orderLines,
  selection,
} from './state';

const p = checkoutStepsFr.payment;

// Stripe.js and its React bindings are large: they load only when a Stripe payment starts.
const StripePayment = lazy(() => import('./StripePayment'));

function Preparing({ label }: { label: string }) {
  return (
    <Group gap="sm" role="status">
      <Loader size="sm" aria-hidden />
      <Text>{label}</Text>
    </Group>
  );
}

/**
 * When the hold ends on this browser's clock: the server's expiresAt, but never later than the
 * hold's length from now, so that a clock running late never shows more time than the server grants.
 */
function deadlineOf(created: OrderCreated, receivedAt: number): number {
  return Math.min(Date.parse(created.expiresAt), receivedAt + HOLD_SECONDS * 1000);
}

/**
 * Step 6: the recap. A paid basket is held as the step opens (the spec's "payment intent, then
 * recap") with the countdown, then paid through the provider; a free one is booked on confirmation.
 */
export function PaymentStep({
  event,
  state,
  dispatch,
  shareKey,
  focus,
  onBack,
  onDone,
}: StepPlace & {
  event: EventDetail;
  state: CheckoutState;
  dispatch: Dispatch<CheckoutAction>;
  shareKey: string | null;
  onDone: () => void;
}) {
  const createOrder = useCreateOrder();
  const startPayment = useStartPayment();
  const [redirect, setRedirect] = useState<PaymentRedirect | null>(null);
  const [unavailable, setUnavailable] = useState(false);
  const [elapsed, setElapsed] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [alreadyPaid, setAlreadyPaid] = useState(false);
  const totals = basketTotals(state, event);
  const free = totals?.totalCents === 0;
  const key = orderKey(state, event);
  const { title } = selection(state, event);
  const { gift } = giftOf(state, event);
  const held = state.order?.key === key && state.order.deadline > Date.now() ? state.order : null;

  const pay = (order: HeldOrder) => {
    startPayment.mutate(
      { orderId: order.id, token: order.accessToken },
      {
        onSuccess: ({ redirect }) => setRedirect(redirect),
        // Paid meanwhile (another tab, a notification that came first): the tickets, not an error.
        onError: (failure) =>
          failure instanceof ApiError && failure.code === 'ORDER_ALREADY_PAID'
            ? setAlreadyPaid(true)
            : setError(failure.message),
      },
    );
  };

  const hold = () => {
    setError(null);
    // The holders and the places' answers go with the order's line (orderLines), not with the buyer.
    const {
      wantsCompanyInvoice,
      company,
      holders: _holders,
      answers: _answers,
      placeAnswers: _placeAnswers,
      ...buyer
    } = state.buyer;
    createOrder.mutate(
      {
        eventId: event.id,
        lines: orderLines(state, event),
        discountCode: state.discount?.code ?? null,
        giftTicketId: giftOf(state, event).gift?.id ?? null,
        buyer: { ...buyer, studies: buyer.studies === STUDY_UNDEFINED ? null : buyer.studies },
        companyInvoice: wantsCompanyInvoice ? company : null,
        shareKey,
        acceptTerms: true,
        answers: orderAnswers(state, event),
      },
      {
        onSuccess: (created) => {
          const order: HeldOrder = {
            id: created.id,
            key,
            deadline: deadlineOf(created, Date.now()),
            totalCents: created.totalCents,
            status: created.status,
            accessToken: created.accessToken,
          };
          dispatch({ type: 'orderHeld', order });
          if (created.status === 'paid') onDone();
          else pay(order);
        },
        onError: (failure) => {
          // Places gone, ticket withdrawn or ticketing closed since the page was read.
          if (failure instanceof ApiError && failure.status === 409 && failure.code !== 'ONE_FREE_TICKET') {
            setUnavailable(true);
          } else {
            setError(failure.message);
          }
        },
      },
    );
  };

  // Once per visit of the step (the ref survives React's development double effects).
  const started = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once when the step opens.
  useEffect(() => {
    if (free || started.current) return;
    started.current = true;
    if (held) pay(held);
    else hold();
  }, []);

  const order = held;
  const busy = createOrder.isPending || startPayment.isPending;

  return (
    <StepForm title={checkoutStepsFr.steps.payment} focus={focus}>
      <Paper withBorder p="md" radius="md">
        <Stack gap={6}>
          <Text fw={600}>{p.recap}</Text>
          <Text>{checkoutStepsFr.basket.line(state.quantity, title)}</Text>
          {gift && <Text>{checkoutStepsFr.basket.giftLine(gift.title)}</Text>}
          <Text size="sm" c="dimmed">
            {p.buyer} : {state.buyer.firstName} {state.buyer.lastName} ({state.buyer.email})
          </Text>
          <Group justify="space-between">
            <Text fw={600}>{p.amountDue}</Text>
            <Text fw={700}>{formatEuros(order?.totalCents ?? totals?.totalCents ?? 0)}</Text>
          </Group>
        </Stack>
      </Paper>

      {order && !free && order.status === 'awaiting_payment' && !alreadyPaid && (
        <Countdown deadline={order.deadline} onElapsed={() => setElapsed(true)} />
      )}
      {busy && <Preparing label={createOrder.isPending ? p.holding : p.preparing} />}
      <FormError message={error} />

      {alreadyPaid && <AlreadyPaid />}
      {redirect?.kind === 'form' && !elapsed && <BankForm redirect={redirect} amountCents={order?.totalCents ?? 0} />}
      {redirect?.kind === 'stripe' && !elapsed && (
        <Suspense fallback={<Preparing label={p.preparing} />}>
          <StripePayment redirect={redirect} amountCents={order?.totalCents ?? 0} offerWallet={event.isUserPaysFees} />
        </Suspense>
      )}

      <Group justify="space-between">
        <Button variant="default" onClick={onBack} disabled={createOrder.isPending}>
          {fr.common.previous}
        </Button>
        {free && (
          <Button onClick={hold} loading={createOrder.isPending}>
            {p.confirmFree}
          </Button>
        )}
      </Group>

      <ReloadModal opened={elapsed} title={paymentFr.timeElapsed.title} body={paymentFr.timeElapsed.body} />
      <ReloadModal
        opened={unavailable}
        title={paymentFr.ticketUnavailable.title}
        body={paymentFr.ticketUnavailable.body}
      />
    </StepForm>
  );
}
