import { formatDateTime, type WaitingRoomStatus, waitingRoomFr } from '@guichet/shared';
import { Alert, Group, Loader, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { IconHourglass } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useWaitingRoom } from '../../api/waiting-room';

const m = waitingRoomFr.panel;

/**
 * In front of the checkout panel while the event's waiting room is on (issue 17): the visitor
 * waits their turn here, and the checkout panel takes its place once they are let through. With
 * no room the children show at once, without a request.
 */
export function WaitingRoomGate({
  eventId,
  room,
  children,
}: {
  eventId: string;
  room: { opensAt: string } | null;
  children: ReactNode;
}) {
  const status = useWaitingRoom(eventId, room !== null);
  const state = status.data?.state;
  const [waited, setWaited] = useState(false);
  useEffect(() => {
    if (state === 'waiting') setWaited(true);
  }, [state]);
  if (!room || state === 'off') return <>{children}</>;
  if (state === 'admitted') {
    return (
      <Stack gap="sm">
        {waited && (
          <Alert color="teal" variant="light" role="status">
            {m.admitted}
          </Alert>
        )}
        {children}
      </Stack>
    );
  }
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="file-attente-titre">
      <Stack gap="sm">
        <Group gap="xs" wrap="nowrap">
          <IconHourglass size={22} aria-hidden />
          <Title order={3} size="h4" id="file-attente-titre">
            {m.title}
          </Title>
        </Group>
        {status.data ? (
          <Waiting status={status.data} />
        ) : status.isError ? null : (
          <Group gap="xs" role="status">
            <Loader size="sm" aria-hidden />
            <Text>{m.joining}</Text>
          </Group>
        )}
        {status.isError && (
          <Alert color="orange" variant="light" role="alert">
            {status.error.message || m.unavailable}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}

function Waiting({ status }: { status: WaitingRoomStatus }) {
  const opensAt = status.opensAt ? new Date(status.opensAt) : null;
  const beforeOpening = opensAt !== null && opensAt.getTime() > Date.now();
  const minutes = Math.max(1, Math.ceil(status.estimatedSeconds / 60));
  return (
    <Stack gap="sm">
      {beforeOpening && status.opensAt && (
        <Stack gap={4}>
          <Text fw={600}>{m.beforeOpening(formatDateTime(status.opensAt))}</Text>
          <Text size="sm" c="dimmed">
            {m.beforeOpeningHelp}
          </Text>
        </Stack>
      )}
      {status.position !== null && (
        <>
          <Text size="xl" fw={700}>
            {m.position(status.position)}
          </Text>
          <Text>{m.ahead(status.ahead)}</Text>
          {/* Announced when it changes, not at every refresh: it moves by whole minutes. */}
          <Text aria-live="polite" aria-atomic="true">
            {m.estimate(minutes)}
          </Text>
          <Progress
            value={Math.round(status.progress * 100)}
            size="lg"
            radius="xl"
            aria-label={m.progress}
            animated={!beforeOpening}
          />
        </>
      )}
      <Alert variant="light" color="blue" p="sm">
        <Text size="sm">{m.keepOpen}</Text>
        <Text size="sm" c="dimmed">
          {m.refreshing}
        </Text>
      </Alert>
    </Stack>
  );
}
