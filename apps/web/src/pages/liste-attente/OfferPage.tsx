import { formatDateTime, formatEuros, type OrderCreated, waitingListFr } from '@guichet/shared';
import { Button, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useParams } from 'react-router';
import { type PaymentRedirect, useStartPayment } from '../../api/checkout';
import { useTakeWaitingListOffer, useWaitingListOffer } from '../../api/waiting-list';
import { SignInFirst } from '../../features/auth/SignInFirst';
import { BankForm } from '../../features/checkout/BankForm';
import { TicketsAreYours } from '../../features/tickets/TicketsAreYours';
import { FormError } from '../../ui/FormError';
import { QueryState } from '../../ui/QueryState';

const StripePayment = lazy(() => import('../../features/checkout/StripePayment'));

const m = waitingListFr.offer;

/**
 * /liste-attente/{token}: the personal link of an offer from the waiting list (issue 30). Signed
 * in as its person, 'Prendre mes places' turns it into the normal 180 s hold and goes on to the
 * payment (a free place is theirs at once). Every refusal is the server's own French answer.
 */
export default function OfferPage() {
  const { token = '' } = useParams();
  return (
    <Container size="sm" py="xl">
      <Stack gap="md">
        <Title order={1}>{m.pageTitle}</Title>
        <SignInFirst signIn={m.signIn}>
          <Offer token={token} />
        </SignInFirst>
      </Stack>
    </Container>
  );
}

/** The offer, read only once its person is signed in (the server answers it to them alone). */
function Offer({ token }: { token: string }) {
  const offer = useWaitingListOffer(token);
  return (
    <QueryState query={offer}>
      {(data) => (
        <Paper withBorder radius="md" p="md">
          <Stack gap="sm">
            <Text fw={600}>{m.summary(data.quantity, data.ticketTitle, data.eventTitle)}</Text>
            <Text>{m.deadline(data.quantity, formatDateTime(data.expiresAt))}</Text>
            <Text>{m.total(formatEuros(data.totalCents))}</Text>
            <TakeOffer token={token} />
          </Stack>
        </Paper>
      )}
    </QueryState>
  );
}

function TakeOffer({ token }: { token: string }) {
  const take = useTakeWaitingListOffer(token);
  const startPayment = useStartPayment();
  const [order, setOrder] = useState<OrderCreated | null>(null);
  const [redirect, setRedirect] = useState<PaymentRedirect | null>(null);

  const onTaken = (created: OrderCreated) => {
    setOrder(created);
    if (created.status !== 'awaiting_payment') return;
    startPayment.mutate({ orderId: created.id }, { onSuccess: (answer) => setRedirect(answer.redirect) });
  };

  if (order?.status === 'paid') return <TicketsAreYours text={m.free} myTickets={m.myTickets} />;
  return (
    <Stack gap="sm">
      {order && <Text role="status">{m.taken}</Text>}
      <FormError message={take.error?.message ?? startPayment.error?.message ?? null} />
      {redirect?.kind === 'form' ? (
        <BankForm redirect={redirect} amountCents={order?.totalCents ?? 0} submitAtOnce />
      ) : redirect?.kind === 'stripe' ? (
        <Suspense fallback={null}>
          <StripePayment redirect={redirect} amountCents={order?.totalCents ?? 0} offerWallet={false} />
        </Suspense>
      ) : (
        !order && (
          <Button
            onClick={() => take.mutate(undefined, { onSuccess: onTaken })}
            loading={take.isPending}
            style={{ alignSelf: 'flex-start' }}
          >
            {m.take}
          </Button>
        )
      )}
    </Stack>
  );
}
