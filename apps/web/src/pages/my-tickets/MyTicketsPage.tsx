import { accountFr, type MyParticipation } from '@guichet/shared';
import { Accordion, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useMyParticipations } from '../../api/account';
import { orderTicketsPdfUrl } from '../../api/participations';
import { RequireAuth } from '../../features/auth/RequireAuth';
import { TicketCard } from '../../features/tickets/TicketCard';
import { QueryState } from '../../ui/QueryState';

const m = accountFr.myTickets;

/** Each place is its own ticket (issue 30): the places shown together under their event, in the list's order. */
function eventsOf(places: MyParticipation[]): MyParticipation[][] {
  const byEvent = new Map<string, MyParticipation[]>();
  for (const place of places) byEvent.set(place.eventId, [...(byEvent.get(place.eventId) ?? []), place]);
  return [...byEvent.values()];
}

/**
 * The orders of an event's places that print as one PDF: those with two places or more still
 * the user's (a place resold is not), each once, in the list's order.
 */
function ordersToPrint(places: MyParticipation[]): { id: string; reference: string }[] {
  const counts = new Map<string, { id: string; reference: string; count: number }>();
  for (const place of places) {
    if (!place.orderId || !place.orderReference || place.resale?.status === 'sold') continue;
    const known = counts.get(place.orderId) ?? { id: place.orderId, reference: place.orderReference, count: 0 };
    counts.set(place.orderId, { ...known, count: known.count + 1 });
  }
  return [...counts.values()].filter((order) => order.count > 1);
}

/** One download per order of the event's places; the order's reference tells several apart. */
function OrderDownloads({ places }: { places: MyParticipation[] }) {
  const orders = ordersToPrint(places);
  if (orders.length === 0) return null;
  return (
    <Group gap="xs">
      {orders.map((order) => (
        <Button
          key={order.id}
          component="a"
          href={orderTicketsPdfUrl(order.id)}
          download
          variant="light"
          size="sm"
          leftSection={<IconDownload size={18} aria-hidden />}
          styles={{ label: { whiteSpace: 'normal' } }}
          h="auto"
          mih={36}
          py={6}
        >
          {orders.length > 1 ? m.downloadOrder(order.reference) : m.downloadAll}
        </Button>
      ))}
    </Group>
  );
}

function MyTickets() {
  const list = useMyParticipations();
  const [opened, setOpened] = useState<string[]>([]);
  if (!list.data) return <QueryState query={list} />;
  if (list.data.length === 0) {
    return (
      <Stack align="flex-start">
        <Text c="dimmed">{m.empty}</Text>
        <Button component={Link} to="/billetterie" variant="light">
          {m.browse}
        </Button>
      </Stack>
    );
  }
  return (
    <Stack>
      <Text c="dimmed">{m.intro}</Text>
      {eventsOf(list.data).map((places) => (
        <Stack key={places[0]?.eventId} gap="xs" component="section" aria-label={places[0]?.eventTitle}>
          <Title order={2} size="h4">
            {places[0]?.eventTitle} · {accountFr.participations.quantity(places.length)}
          </Title>
          <OrderDownloads places={places} />
          <Accordion multiple variant="separated" radius="md" value={opened} onChange={setOpened}>
            {places.map((participation) => (
              <TicketCard
                key={participation.id}
                participation={participation}
                opened={opened.includes(participation.id)}
              />
            ))}
          </Accordion>
        </Stack>
      ))}
    </Stack>
  );
}

/** /myTickets: the user's tickets; a visitor goes to /connexion. */
export default function MyTicketsPage() {
  return (
    <Container size="md" py="lg">
      <Stack>
        <Title order={1}>{m.title}</Title>
        <RequireAuth>{() => <MyTickets />}</RequireAuth>
      </Stack>
    </Container>
  );
}
