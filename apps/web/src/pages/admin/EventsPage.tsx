import { type AdminEvent, adminFr, fr, type PaymentProviderChoice } from '@guichet/shared';
import { Anchor, Badge, Button, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { Link } from 'react-router';
import { useAdminEvents, useSetEventProvider, useUnpublishEvent } from '../../api/admin';
import { AdminSearch } from '../../features/admin/AdminSearch';
import { shortDateTime } from '../../features/admin/format';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { ListPage } from '../../ui/ListPage';
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

  const unpublishButton = (event: AdminEvent) =>
    event.isPublic && (
      <Button
        size="xs"
        variant="default"
        onClick={() => setConfirming(event)}
        aria-label={`${m.unpublish} : ${event.title}`}
      >
        {m.unpublish}
      </Button>
    );
  const providerChoice = (event: AdminEvent) => (
    <ProviderChoice
      event={event}
      providers={providers}
      pending={setProvider.isPending}
      onChange={(provider) => changeProvider(event, provider)}
    />
  );
  const eventLink = (event: AdminEvent) => (
    <Anchor component={Link} to={`/billetterie/${event.id}`} fw={600}>
      {event.title}
    </Anchor>
  );
  const visibility = (event: AdminEvent, style?: React.CSSProperties) => (
    <Badge variant="light" color={event.isPublic ? 'teal' : 'gray'} style={style}>
      {event.isPublic ? fr.common.public : fr.common.private}
    </Badge>
  );

  return (
    <ListPage
      title={m.title}
      tools={<AdminSearch value={search} onChange={setSearch} placeholder={adminFr.common.searchEvents} />}
      query={events}
      items={(data) => data.events}
      empty={m.empty}
      errorTitle={adminFr.common.loadFailed}
      itemKey={(event) => event.id}
      cardLabel={(event) => event.title}
      card={(event) => (
        <Stack gap={6}>
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            {eventLink(event)}
            {visibility(event, { flexShrink: 0 })}
          </Group>
          <Text size="sm" c="dimmed">
            {event.organizerName} · {shortDateTime(event.dateBegin)}
          </Text>
          <Group justify="space-between" gap="xs">
            {providerChoice(event)}
            {unpublishButton(event)}
          </Group>
        </Stack>
      )}
      columns={[
        { header: m.event, cell: eventLink },
        {
          header: m.organizer,
          cell: (event) => (
            <>
              <Text size="sm">{event.organizerName}</Text>
              <Text size="xs" c="dimmed">
                {event.organizerEmail}
              </Text>
            </>
          ),
        },
        { header: m.date, cell: (event) => <Text size="sm">{shortDateTime(event.dateBegin)}</Text> },
        { header: m.visibility, cell: (event) => visibility(event) },
        { header: m.provider, cell: providerChoice },
        { header: adminFr.common.actions, hideHeader: true, align: 'right', cell: unpublishButton },
      ]}
    >
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
    </ListPage>
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
