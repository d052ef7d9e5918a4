import { organiserFr } from '@guichet/shared';
import { Container, Stack } from '@mantine/core';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useManagedEvent } from '../../api/organiser';
import { RequireAuth } from '../../features/auth/RequireAuth';
import { EventEditor } from '../../features/organiser/EventEditor';
import { PageHeader } from '../../ui/PageHeader';

function EditEvent({ eventId }: { eventId: string }) {
  const navigate = useNavigate();
  const managed = useManagedEvent(eventId);
  // Only the organiser or an administrator edits; anyone else goes to the event page.
  useEffect(() => {
    if (managed.isError) navigate(`/billetterie/${eventId}`, { replace: true });
  }, [managed.isError, eventId, navigate]);
  return (
    <Container size="xl" py="lg">
      <Stack gap="lg">
        <PageHeader title={organiserFr.edit.pageTitle} />
        <EventEditor eventId={eventId} />
      </Stack>
    </Container>
  );
}

export default function EditEventPage() {
  const { eventId = '' } = useParams();
  return <RequireAuth>{() => <EditEvent eventId={eventId} />}</RequireAuth>;
}
