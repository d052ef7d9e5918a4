import { doorSalesFr, fr } from '@guichet/shared';
import { Alert, Anchor, Container, Group, Stack, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { useDoorTickets } from '../../api/checkin';
import { ApiError } from '../../api/client';
import { useMeta } from '../../api/meta';
import { RequireAuth } from '../../features/auth/RequireAuth';
import { DoorSale } from '../../features/console/DoorSale';
import { MANUAL_EVENT_KEY } from '../../features/console/manual-event';
import { Loading } from '../../ui/Loading';

const m = doorSalesFr;

/**
 * /addParticipationManual: the in-person sale on a page of its own, for the event of `?event=`
 * (or the one the console remembered). A visitor logs in first; anyone who may not sell for the
 * event goes to its page (§2.7).
 */
export default function ManualAddPage() {
  const [search] = useSearchParams();
  const eventId = search.get('event') ?? localStorage.getItem(MANUAL_EVENT_KEY) ?? '';
  return <RequireAuth>{() => (eventId ? <ManualAdd eventId={eventId} /> : <NoEvent />)}</RequireAuth>;
}

function ManualAdd({ eventId }: { eventId: string }) {
  const { brandName } = useMeta();
  const tickets = useDoorTickets(eventId);
  useEffect(() => {
    document.title = `${m.pageTitle} · ${brandName}`;
  }, [brandName]);
  if (tickets.error instanceof ApiError && (tickets.error.status === 404 || tickets.error.status === 403)) {
    return <Navigate to={`/billetterie/${eventId}`} replace />;
  }
  return (
    <Container size="lg" py="lg">
      <Stack gap="md">
        <Anchor component={Link} to={`/event_management?event=${eventId}&tab=manual`} size="sm">
          <Group gap={4} component="span">
            <IconArrowLeft size={16} aria-hidden />
            {fr.events.management}
          </Group>
        </Anchor>
        <Title order={1}>{m.pageTitle}</Title>
        {tickets.isPending ? <Loading inline /> : <DoorSale eventId={eventId} />}
      </Stack>
    </Container>
  );
}

function NoEvent() {
  return (
    <Container size="sm" py="xl">
      <Alert color="blue">{m.noEvent}</Alert>
    </Container>
  );
}
