import { bookingFr, discoveryFr, paymentFr, paymentResultText } from '@guichet/shared';
import { Alert, Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCalendarPlus, IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';

const look = {
  accepted: { color: 'teal', icon: <IconCircleCheck aria-hidden /> },
  cancelled: { color: 'gray', icon: <IconCircleX aria-hidden /> },
  refused: { color: 'red', icon: <IconCircleX aria-hidden /> },
  problem: { color: 'orange', icon: <IconAlertTriangle aria-hidden /> },
} as const;

/**
 * /validationpaiement/{status}?retour=…&ref=…: the outcome told by the bank's code `retour`
 * (1-attendee.md §8), the order reference, and the way back to the ticket shop. The path's status
 * is only the bank's route; the code is what decides the text.
 */
export default function PaymentResultPage() {
  const [searchParams] = useSearchParams();
  const result = paymentResultText(searchParams.get('retour') ?? '');
  const reference = searchParams.get('ref')?.trim();
  // The event, when the return address names it: its calendar file is offered.
  const eventId = searchParams.get('event')?.trim();
  const { color, icon } = look[result.outcome];

  return (
    <Container size="sm" py="xl">
      <Paper withBorder radius="md" p="lg">
        <Stack gap="md">
          <Title order={1}>{bookingFr.result.title}</Title>
          <Alert color={color} icon={icon} role="status" title={result.title}>
            {result.reason && <Text>{result.reason}</Text>}
            {result.outcome === 'accepted' && <Text>{paymentFr.retour.acceptedDetail}</Text>}
          </Alert>
          {reference && <Text>{bookingFr.result.reference(reference)}</Text>}
          <Group>
            {result.outcome === 'accepted' && (
              <Button component={Link} to="/myTickets">
                {discoveryFr.page.seeMyTicket}
              </Button>
            )}
            {result.outcome === 'accepted' && eventId && (
              <Button
                component="a"
                href={`/api/events/${encodeURIComponent(eventId)}/calendar.ics`}
                download
                variant="default"
                leftSection={<IconCalendarPlus size={18} aria-hidden />}
              >
                {discoveryFr.page.addToCalendar}
              </Button>
            )}
            <Button component={Link} to="/billetterie" variant={result.outcome === 'accepted' ? 'default' : 'filled'}>
              {bookingFr.result.backToList}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Container>
  );
}
