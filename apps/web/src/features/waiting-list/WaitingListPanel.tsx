import { type EventDetail, type WaitingListEntry, waitingListFr, waitingQuantityMax } from '@guichet/shared';
import { Button, Group, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useSession } from '../../api/auth';
import { useJoinWaitingList, useLeaveWaitingList, useOwnWaitingList } from '../../api/waiting-list';
import { FormError } from '../../ui/FormError';
import { toast } from '../../ui/toast';
import { rememberRedirectAfterLogin } from '../shell/markers';
import { type Waitable, waitableTickets } from './waitable-tickets';

const m = waitingListFr.panel;

/**
 * The waiting list of the event's sold-out tickets (issue 30): a visitor is asked to sign in, an
 * account joins with a number of places up to what one order may take, then sees its line and
 * may leave it. Shown only while the sale is open. On an event of several dates (issue 32) `event`
 * is the chosen date's view (its tickets bounded by that date) and a ticket's line is that date's.
 */
export default function WaitingListPanel({ event, dateId = null }: { event: EventDetail; dateId?: string | null }) {
  const { data: user } = useSession();
  const tickets = waitableTickets(event);
  const shown = event.isOpen && !event.isCancelled && tickets.length > 0;
  const own = useOwnWaitingList(event.id, Boolean(user) && shown);
  if (!shown) return null;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="waiting-list-title">
      <Stack gap="sm">
        <Group gap="xs">
          <IconBell size={20} aria-hidden />
          <Title order={3} size="h4" id="waiting-list-title">
            {m.title}
          </Title>
        </Group>
        <Text size="sm" c="dimmed">
          {m.help}
        </Text>
        {user ? (
          tickets.map((ticket) => (
            <TicketLine
              key={ticket.id}
              eventId={event.id}
              dateId={dateId}
              ticket={ticket}
              // A pass's line names no date; a ticket's, the date chosen.
              entry={own.data?.find(
                (entry) => entry.ticketId === ticket.id && (!entry.dateId || entry.dateId === dateId),
              )}
              loading={own.isPending}
            />
          ))
        ) : (
          <Button
            component={Link}
            to="/connexion"
            variant="light"
            onClick={() => rememberRedirectAfterLogin(`/billetterie/${event.id}`)}
          >
            {m.signInToJoin}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}

function TicketLine({
  eventId,
  dateId,
  ticket,
  entry,
  loading,
}: {
  eventId: string;
  dateId: string | null;
  ticket: Waitable;
  entry: WaitingListEntry | undefined;
  loading: boolean;
}) {
  const join = useJoinWaitingList(eventId);
  const leave = useLeaveWaitingList(eventId);
  const [quantity, setQuantity] = useState('1');
  const max = waitingQuantityMax(ticket);
  const error = join.error?.message ?? leave.error?.message ?? null;
  const titleId = useId();
  return (
    <Stack gap={6}>
      <Text fw={600} id={titleId}>
        {ticket.title}
      </Text>
      {entry ? (
        <Group justify="space-between" gap="sm">
          <Text size="sm" role="status">
            {entry.status === 'offered'
              ? m.offered
              : entry.status === 'accepted'
                ? m.accepted
                : m.onList(entry.quantity)}
          </Text>
          <Button
            variant="subtle"
            color="red"
            size="compact-sm"
            aria-describedby={titleId}
            loading={leave.isPending}
            onClick={() => {
              join.reset();
              leave.mutate({ ticketId: ticket.id, dateId: entry.dateId ?? null }, { onSuccess: () => toast(m.left) });
            }}
          >
            {m.leave}
          </Button>
        </Group>
      ) : (
        <Group align="flex-end" gap="sm">
          {max > 1 && (
            <NativeSelect
              label={m.quantity}
              value={quantity}
              onChange={(e) => setQuantity(e.currentTarget.value)}
              data={Array.from({ length: max }, (_, i) => String(i + 1))}
              w={140}
            />
          )}
          <Button
            disabled={loading}
            aria-describedby={titleId}
            loading={join.isPending}
            onClick={() => {
              leave.reset();
              join.mutate(
                { ticketId: ticket.id, quantity: Number(quantity), ...(dateId && { dateId }) },
                { onSuccess: () => toast(m.joined) },
              );
            }}
          >
            {m.join}
          </Button>
        </Group>
      )}
      <FormError message={error} />
    </Stack>
  );
}
