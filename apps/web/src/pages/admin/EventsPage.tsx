import { type AdminEvent, adminFr, fr, type PaymentProviderChoice } from '@guichet/shared';
import {
  Anchor,
  Badge,
  Button,
  Group,
  NativeSelect,
  Paper,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { Link } from 'react-router';
import { useAdminEvents, useSetEventProvider, useUnpublishEvent } from '../../api/admin';
import { AdminSearch } from '../../features/admin/AdminSearch';
import { AdminState } from '../../features/admin/AdminState';
import { shortDateTime } from '../../features/admin/format';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { toast } from '../../ui/toast';

const m = adminFr.events;

/** Events by title or organiser: unpublish, and the payment provider where several are configured. */
export default function EventsPage() {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, 300);
  const events = useAdminEvents(q);
  const unpublish = useUnpublishEvent();
  const setProvider = useSetEventProvider();
  const [confirming, setConfirming] = useState<AdminEvent | null>(null);
  const providers = events.data?.providers ?? [];
  const changeProvider = (event: AdminEvent, provider: PaymentProviderChoice) =>
    setProvider.mutate(
      { eventId: event.id, provider },
      { onSuccess: () => toast(m.providerSaved), onError: (e) => toast(e.message, 'error') },
    );

  return (
    <Stack>
      <Title order={2} size="h3">
        {m.title}
      </Title>
      <AdminSearch value={search} onChange={setSearch} placeholder={adminFr.common.searchEvents} />
      <AdminState
        isPending={events.isPending}
        error={events.error}
        retry={() => void events.refetch()}
        isEmpty={events.data?.events.length === 0}
        empty={m.empty}
      />
      {events.data && events.data.events.length > 0 && (
        <Stack hiddenFrom="sm" gap="sm">
          {events.data.events.map((event) => (
            <Paper key={event.id} withBorder radius="md" p="sm" component="article" aria-label={event.title}>
              <Stack gap={6}>
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Anchor component={Link} to={`/billetterie/${event.id}`} fw={600}>
                    {event.title}
                  </Anchor>
                  <Badge variant="light" color={event.isPublic ? 'teal' : 'gray'} style={{ flexShrink: 0 }}>
                    {event.isPublic ? fr.common.public : fr.common.private}
                  </Badge>
                </Group>
                <Text size="sm" c="dimmed">
                  {event.organizerName} · {shortDateTime(event.dateBegin)}
                </Text>
                <Group justify="space-between" gap="xs">
                  <ProviderChoice
                    event={event}
                    providers={providers}
                    pending={setProvider.isPending}
                    onChange={(provider) => changeProvider(event, provider)}
                  />
                  {event.isPublic && (
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() => setConfirming(event)}
                      aria-label={`${m.unpublish} : ${event.title}`}
                    >
                      {m.unpublish}
                    </Button>
                  )}
                </Group>
              </Stack>
            </Paper>
          ))}
        </Stack>
      )}
      {events.data && events.data.events.length > 0 && (
        <Table.ScrollContainer minWidth={820} visibleFrom="sm">
          <Table striped highlightOnHover verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{m.event}</Table.Th>
                <Table.Th>{m.organizer}</Table.Th>
                <Table.Th>{m.date}</Table.Th>
                <Table.Th>{m.visibility}</Table.Th>
                <Table.Th>{m.provider}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{adminFr.common.actions}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {events.data.events.map((event) => (
                <Table.Tr key={event.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/billetterie/${event.id}`} fw={600}>
                      {event.title}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{event.organizerName}</Text>
                    <Text size="xs" c="dimmed">
                      {event.organizerEmail}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{shortDateTime(event.dateBegin)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={event.isPublic ? 'teal' : 'gray'}>
                      {event.isPublic ? fr.common.public : fr.common.private}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <ProviderChoice
                      event={event}
                      providers={providers}
                      pending={setProvider.isPending}
                      onChange={(provider) => changeProvider(event, provider)}
                    />
                  </Table.Td>
                  <Table.Td ta="right">
                    {event.isPublic && (
                      <Button
                        size="xs"
                        variant="default"
                        color="red"
                        onClick={() => setConfirming(event)}
                        aria-label={`${m.unpublish} : ${event.title}`}
                      >
                        {m.unpublish}
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {confirming && (
        <ConfirmDialog
          title={m.unpublishTitle(confirming.title)}
          confirmLabel={m.unpublish}
          color="red.8"
          pending={unpublish.isPending}
          onClose={() => setConfirming(null)}
          onConfirm={() =>
            unpublish.mutate(confirming.id, {
              onSuccess: () => {
                toast(m.unpublished);
                setConfirming(null);
              },
              onError: (e) => toast(e.message, 'error'),
            })
          }
        >
          {m.unpublishText}
        </ConfirmDialog>
      )}
    </Stack>
  );
}

/** The provider of an event: a choice where the deployment configures several, else its name. */
function ProviderChoice({
  event,
  providers,
  pending,
  onChange,
}: {
  event: AdminEvent;
  providers: PaymentProviderChoice[];
  pending: boolean;
  onChange: (provider: PaymentProviderChoice) => void;
}) {
  if (providers.length < 2) return <Text size="sm">{m.providers[event.paymentProvider]}</Text>;
  return (
    <NativeSelect
      size="xs"
      aria-label={`${m.provider} : ${event.title}`}
      value={event.paymentProvider}
      data={providers.map((name) => ({ value: name, label: m.providers[name] }))}
      disabled={pending}
      onChange={(change) => onChange(change.currentTarget.value as PaymentProviderChoice)}
    />
  );
}
