import { accountFr, formatDateTime, type MyParticipation } from '@guichet/shared';
import { Anchor, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconTicket } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useMyParticipations } from '../../api/account';
import { QueryState } from '../../ui/QueryState';

const m = accountFr.participations;

/** The "Mes Billets" tab: the user's participations; the QR codes live on /myTickets. */
export function ParticipationList() {
  const list = useMyParticipations();
  return (
    <QueryState query={list} isEmpty={(items) => items.length === 0} empty={m.empty}>
      {(items) => <Participations items={items} />}
    </QueryState>
  );
}

function Participations({ items }: { items: MyParticipation[] }) {
  return (
    <Stack>
      <Group justify="flex-end">
        <Button component={Link} to="/myTickets" variant="light" leftSection={<IconTicket size={18} aria-hidden />}>
          {m.seeAll}
        </Button>
      </Group>
      {items.map((participation) => (
        <Card key={participation.id} withBorder radius="md" padding="md">
          <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
            <Stack gap={2}>
              <Anchor component={Link} to={`/billetterie/${participation.eventId}`} fw={700}>
                {participation.eventTitle}
              </Anchor>
              <Text size="sm" c="dimmed">
                {m.from} {formatDateTime(participation.dateBegin)} {m.to} {formatDateTime(participation.dateEnd)}
              </Text>
            </Stack>
            <Stack gap={2} align="flex-end">
              <Text size="sm">
                {m.ticket} : {participation.ticketTitle}
              </Text>
              <Text size="sm" fw={600}>
                {m.quantity(participation.quantity)}
              </Text>
            </Stack>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
