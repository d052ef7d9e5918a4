import { formatDateTime, transfersFr } from '@guichet/shared';
import { Alert, Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation, useParams } from 'react-router';
import { useSession } from '../../api/auth';
import { useAcceptTransfer, useTransferOffer } from '../../api/transfers';
import { rememberRedirectAfterLogin } from '../../features/shell/markers';
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
                    <AcceptTransfer token={token} />
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
  const location = useLocation();
  const session = useSession();
  const accept = useAcceptTransfer(token);
  if (session.isPending) return null;
  if (!session.data) {
    return (
      <Group>
        <Button component={Link} to="/connexion" onClick={() => rememberRedirectAfterLogin(location.pathname)}>
          {m.signIn}
        </Button>
        <Button
          component={Link}
          to="/inscription"
          variant="default"
          onClick={() => rememberRedirectAfterLogin(location.pathname)}
        >
          {m.register}
        </Button>
      </Group>
    );
  }
  if (accept.isSuccess) {
    return (
      <Alert color="teal" role="status">
        <Stack gap="xs" align="flex-start">
          <Text>{m.accepted}</Text>
          <Button component={Link} to="/myTickets" variant="light">
            {m.myTickets}
          </Button>
        </Stack>
      </Alert>
    );
  }
  return (
    <Stack gap="sm" align="flex-start">
      <FormError message={accept.error?.message ?? null} />
      <Button onClick={() => accept.mutate()} loading={accept.isPending}>
        {m.accept}
      </Button>
    </Stack>
  );
}
