import { formatDateTime, transfersFr } from '@guichet/shared';
import { Alert, Button, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { useAcceptTransfer, useTransferOffer } from '../../api/transfers';
import { SignInFirst } from '../../features/auth/SignInFirst';
import { TicketsAreYours } from '../../features/tickets/TicketsAreYours';
import { FormError } from '../../ui/FormError';
import { QueryState } from '../../ui/QueryState';

const m = transfersFr.accept;

/**
 * /transfert/{token}: the link a ticket's receiver got by e-mail (issue 30). It shows the ticket
 * to anyone holding the link; signed in with the address it was sent to, 'Accepter le billet'
 * makes it theirs. Every refusal is the server's own French answer.
 */
export default function TransferPage() {
  const { token = '' } = useParams();
  const offer = useTransferOffer(token);
  return (
    <Container size="sm" py="xl">
      <Stack gap="md">
        <Title order={1}>{m.pageTitle}</Title>
        <QueryState query={offer} errorTitle={m.loadFailed}>
          {(data) => (
            <Paper withBorder radius="md" p="md">
              <Stack gap="sm">
                <Text fw={600}>{m.summary(data.senderName, data.ticketTitle, data.eventTitle)}</Text>
                <Text>{m.when(formatDateTime(data.dateBegin))}</Text>
                {data.status === 'pending' ? (
                  <>
                    <Text>{m.deadline(formatDateTime(data.expiresAt), data.toEmail)}</Text>
                    <SignInFirst signIn={m.signIn} register={m.register}>
                      <AcceptTransfer token={token} />
                    </SignInFirst>
                  </>
                ) : (
                  <Alert color="gray" role="status">
                    {m.ended[data.status]}
                  </Alert>
                )}
              </Stack>
            </Paper>
          )}
        </QueryState>
      </Stack>
    </Container>
  );
}

function AcceptTransfer({ token }: { token: string }) {
  const accept = useAcceptTransfer(token);
  if (accept.isSuccess) return <TicketsAreYours text={m.accepted} myTickets={m.myTickets} />;
  return (
    <Stack gap="sm" align="flex-start">
      <FormError message={accept.error?.message ?? null} />
      <Button onClick={() => accept.mutate()} loading={accept.isPending}>
        {m.accept}
      </Button>
    </Stack>
  );
}
