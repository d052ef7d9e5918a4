import { bookingFr, paymentFr, paymentResultText } from '@guichet/shared';
import { Alert, Button, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconCircleX } from '@tabler/icons-react';
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
          <Button component={Link} to="/billetterie" style={{ alignSelf: 'flex-start' }}>
            {bookingFr.result.backToList}
          </Button>
        </Stack>
      </Paper>
    </Container>
  );
}
