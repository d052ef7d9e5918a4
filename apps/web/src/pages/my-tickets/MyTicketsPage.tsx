import { accountFr, type MyParticipation } from '@guichet/shared';
import { Accordion, Button, Container, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { useMyParticipations } from '../../api/account';
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
