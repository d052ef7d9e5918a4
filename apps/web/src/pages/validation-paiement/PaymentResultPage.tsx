import { accountFr, checkoutStepsFr, discoveryFr, fr, paymentFr } from '@guichet/shared';
import { Alert, Button, Container, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import {
  IconAlertTriangle,
  IconCalendarPlus,
  IconCircleCheck,
  IconCircleX,
  IconDownload,
  IconInfoCircle,
} from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { usePaymentResultOrder } from '../../api/checkout';
import { orderTicketsPdfUrl } from '../../api/participations';
import { AlreadyPaid } from '../../features/checkout/AlreadyPaid';
import { EmbedBookingReport } from '../../features/embed/EmbedBookingReport';
import { RetryPayment } from './RetryPayment';
import { type ResultLook, resultViewOf } from './result-view';

const look: Record<ResultLook, { color: string; icon: ReactNode }> = {
  accepted: { color: 'teal', icon: <IconCircleCheck aria-hidden /> },
  cancelled: { color: 'gray', icon: <IconCircleX aria-hidden /> },
  refused: { color: 'red', icon: <IconCircleX aria-hidden /> },
  problem: { color: 'orange', icon: <IconAlertTriangle aria-hidden /> },
  neutral: { color: 'blue', icon: <IconInfoCircle aria-hidden /> },
};

/**
 * /validationpaiement/{status}?retour=…&ref=…: the bank's code `retour` (1-attendee.md §8) is one
 * attempt's verdict; what the page asserts of the order comes from the server (issue 26): paid
 * only when the server has it paid, another attempt offered while the hold lasts, a neutral text
 * for a reference that is not the viewer's. The path's status is only the bank's route.
 */
export default function PaymentResultPage() {
  const [searchParams] = useSearchParams();
  const retour = searchParams.get('retour') ?? '';
  const reference = searchParams.get('ref')?.trim() ?? '';
  const result = usePaymentResultOrder(reference, retour === '00000');
  const order = result.data ?? null;
  const [alreadyPaid, setAlreadyPaid] = useState(false);

  if (reference && result.isPending) {
    return (
      <Container size="sm" py="xl">
        <Title order={1}>{checkoutStepsFr.result.title}</Title>
        <Loader role="status" aria-label={fr.common.loading} mt="md" />
      </Container>
    );
  }

  const view = resultViewOf(retour, order);
  const { color, icon } = look[view.look];
  return (
    <Container size="sm" py="xl">
      <Paper withBorder radius="md" p="lg">
        <Stack gap="md">
          <Title order={1}>{checkoutStepsFr.result.title}</Title>
          {alreadyPaid ? (
            <AlreadyPaid />
          ) : (
            <Alert
              color={color}
              icon={view.kind === 'confirming' ? <Loader size="sm" aria-hidden /> : icon}
              role="status"
              title={view.title}
            >
              {view.lines.map((line) => (
                <Text key={line}>{line}</Text>
              ))}
            </Alert>
          )}
          {order && <Text>{checkoutStepsFr.result.reference(order.reference)}</Text>}
          {/* Opened from a site's embedded shop: the shop learns that the order is paid. */}
          {view.kind === 'paid' && order && <EmbedBookingReport eventId={order.eventId} orderId={order.id} />}
          {view.kind === 'retry' && order && !alreadyPaid && (
            <RetryPayment
              order={order}
              onElapsed={() => void result.refetch()}
              onAlreadyPaid={() => setAlreadyPaid(true)}
            />
          )}
          <Group>
            {view.kind === 'paid' && order && (
              <>
                <Button component={Link} to="/myTickets">
                  {discoveryFr.page.seeMyTicket}
                </Button>
                {/* The order's places, a page each (issue 30): printed at once rather than one by one. */}
                <Button
                  component="a"
                  href={orderTicketsPdfUrl(order.id)}
                  download
                  variant="default"
                  leftSection={<IconDownload size={18} aria-hidden />}
                >
                  {accountFr.myTickets.downloadAll}
                </Button>
                <Button
                  component="a"
                  href={`/api/events/${encodeURIComponent(order.eventId)}/calendar.ics`}
                  download
                  variant="default"
                  leftSection={<IconCalendarPlus size={18} aria-hidden />}
                >
                  {discoveryFr.page.addToCalendar}
                </Button>
              </>
            )}
            {view.kind === 'unconfirmed' && (
              <Button component={Link} to="/myTickets" variant="default">
                {paymentFr.result.myTickets}
              </Button>
            )}
            <Button
              component={Link}
              to="/billetterie"
              variant={view.kind === 'paid' || view.kind === 'retry' ? 'default' : 'filled'}
            >
              {checkoutStepsFr.result.backToList}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Container>
  );
}
