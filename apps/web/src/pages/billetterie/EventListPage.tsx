import { fr, type PriceFilter } from '@guichet/shared';
import {
  Alert,
  Button,
  Container,
  Group,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useEventList } from '../../api/events';
import { useMeta } from '../../api/meta';
import { EventCard } from '../../features/events/EventCard';

const filters: { value: PriceFilter; label: string }[] = [
  { value: 'all', label: fr.events.filterAll },
  { value: 'paid', label: fr.events.filterPaid },
  { value: 'free', label: fr.events.filterFree },
];

export default function EventListPage() {
  const location = useLocation();
  const [price, setPrice] = useState<PriceFilter>('all');
  const events = useEventList(price);
  const { appStoreUrl, playStoreUrl } = useMeta();

  // "/billetterie/" without an id is the list itself.
  if (location.pathname.endsWith('/')) return <Navigate to="/billetterie" replace />;

  return (
    <Container size="lg" py="lg">
      <Stack gap="lg">
        <Paper p="lg" radius="lg" withBorder>
          <Group justify="space-between" gap="md">
            <Stack gap={4}>
              <Title order={1}>{fr.events.listTitle}</Title>
              <Text c="dimmed">{fr.events.appStores}</Text>
            </Stack>
            <Group gap="sm">
              <Button component="a" href={appStoreUrl} target="_blank" rel="noopener noreferrer" variant="default">
                {fr.events.appStore}
              </Button>
              <Button component="a" href={playStoreUrl} target="_blank" rel="noopener noreferrer" variant="default">
                {fr.events.googlePlay}
              </Button>
            </Group>
          </Group>
        </Paper>

        <SegmentedControl
          value={price}
          onChange={(value) => setPrice(value as PriceFilter)}
          data={filters}
          aria-label={fr.events.filterLabel}
          maw={420}
        />

        {events.isPending ? (
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg" aria-busy>
            {Array.from({ length: 6 }, (_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
              <Skeleton key={index} h={280} radius="md" />
            ))}
          </SimpleGrid>
        ) : events.isError ? (
          <Alert color="red" title={fr.common.genericError} role="alert">
            <Group justify="space-between">
              <Text size="sm">{events.error.message}</Text>
              <Button variant="white" color="red" onClick={() => events.refetch()} loading={events.isFetching}>
                {fr.common.retry}
              </Button>
            </Group>
          </Alert>
        ) : events.data.length === 0 ? (
          <Text c="dimmed" ta="center" py="xl">
            {price === 'paid' ? fr.events.emptyPaid : fr.events.emptyAll}
          </Text>
        ) : (
          <SimpleGrid
            cols={{ base: 1, xs: 2, md: 3 }}
            spacing="lg"
            component="ul"
            style={{ listStyle: 'none', padding: 0 }}
          >
            {events.data.map((event) => (
              <li key={event.id}>
                <EventCard event={event} />
              </li>
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Container>
  );
}
