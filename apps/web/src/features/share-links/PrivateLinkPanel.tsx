import { type EventDetail, ticketsFr } from '@guichet/shared';
import { Alert, Button, Checkbox, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconLink } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { type HiddenTicket, useCreateShareLink, useHiddenTickets } from '../../api/share-links';
import { Panel } from '../../ui/Panel';
import { priceLabel } from '../events/price-label';
import { PrivateLinkResult } from './PrivateLinkResult';

const m = ticketsFr.privateLink;

function HiddenTicketChoice({
  ticket,
  checked,
  onChange,
}: {
  ticket: HiddenTicket;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
      <Checkbox
        label={ticket.title}
        description={ticket.description || undefined}
        checked={checked}
        onChange={(event) => onChange(event.currentTarget.checked)}
      />
      <Text fw={600} style={{ whiteSpace: 'nowrap' }}>
        {priceLabel(ticket.priceCents)}
      </Text>
    </Group>
  );
}

/**
 * For the event's organiser: the hidden tickets, and a private link that opens the chosen ones
 * (1-attendee.md "Event page"). The server checks the organiser and every ticket again.
 */
export function PrivateLinkPanel({ event }: { event: EventDetail }) {
  const [searchParams] = useSearchParams();
  // A private link shows the attendee's page, to its organiser too (1-attendee.md §6).
  if (searchParams.has('share')) return null;
  return <PrivateLinkChooser event={event} />;
}

function PrivateLinkChooser({ event }: { event: EventDetail }) {
  const hidden = useHiddenTickets(event.id);
  const create = useCreateShareLink(event.id);
  const [chosen, setChosen] = useState<Set<string>>(() => new Set());

  const toggle = (id: string, checked: boolean) => {
    // A link already shown no longer matches a changed choice.
    create.reset();
    setChosen((current) => {
      const next = new Set(current);
      if (checked) next.add(id);
      else next.delete(id);
      return next;
    });
  };

  return (
    <Panel title={m.title} order={2} size="h3">
      <Text size="sm" c="dimmed">
        {m.intro}
      </Text>
      {hidden.isPending && <Skeleton h={48} />}
      {hidden.isError && (
        <Alert color="red" role="alert">
          {m.loadError}
        </Alert>
      )}
      {hidden.data?.length === 0 && <Text c="dimmed">{m.noHiddenTickets}</Text>}
      {hidden.data && hidden.data.length > 0 && (
        <Stack gap="xs" role="group" aria-label={m.hiddenTickets}>
          {hidden.data.map((ticket) => (
            <HiddenTicketChoice
              key={ticket.id}
              ticket={ticket}
              checked={chosen.has(ticket.id)}
              onChange={(checked) => toggle(ticket.id, checked)}
            />
          ))}
          <Button
            leftSection={<IconLink size={16} aria-hidden />}
            disabled={chosen.size === 0}
            loading={create.isPending}
            onClick={() => create.mutate([...chosen])}
          >
            {m.generate}
          </Button>
        </Stack>
      )}
      {create.isError && (
        <Alert color="red" role="alert">
          {create.error.message}
        </Alert>
      )}
      {create.data && <PrivateLinkResult url={create.data.url} title={event.title} />}
    </Panel>
  );
}
