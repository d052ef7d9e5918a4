import { discoveryFr, fr, type PriceFilter } from '@guichet/shared';
import { Alert, Button, Container, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { type ListFilters as Filters, LIST_FILTER_KEYS, useEventList } from '../../api/events';
import { useMeta } from '../../api/meta';
import { EventCard } from '../../features/events/EventCard';
import { ListFilters } from '../../features/events/ListFilters';

const t = discoveryFr.list;
/** The first row of cards on the widest layout: their images are fetched first, never lazily. */
const FIRST_ROW = 3;

function readFilters(params: URLSearchParams): Filters {
  const filters: Filters = {};
  for (const key of LIST_FILTER_KEYS) {
    const value = params.get(key);
    if (value) (filters as Record<string, string>)[key] = value;
  }
  return filters;
}

function CardSkeletons({ count }: { count: number }) {
  return Array.from({ length: count }, (_, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
    <li key={index} aria-hidden>
      <Skeleton radius="md" style={{ aspectRatio: '5 / 3' }} />
      <Skeleton h={18} mt="sm" w="80%" />
      <Skeleton h={14} mt={8} w="55%" />
      <Skeleton h={16} mt="md" w="30%" />
    </li>
  ));
}

export default function EventListPage() {
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readFilters(params), [params]);
  const events = useEventList(filters);
  const { appStoreUrl, playStoreUrl } = useMeta();
  const sentinel = useRef<HTMLDivElement>(null);

  const change = useCallback(
    (changes: Partial<Filters>, options?: { replace?: boolean }) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value) next.set(key, value);
            else next.delete(key);
          }
          return next;
        },
        { replace: options?.replace ?? false, preventScrollReset: true },
      );
    },
    [setParams],
  );

  // The next page loads as the end of the list comes into view.
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = events;
  useEffect(() => {
    const target = sentinel.current;
    if (!target || !hasNextPage) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { rootMargin: '800px 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  // "/billetterie/" without an id is the list itself.
  if (location.pathname.endsWith('/')) return <Navigate to="/billetterie" replace />;

  const items = events.data?.pages.flatMap((page) => page.items) ?? [];
  const price: PriceFilter = filters.price ?? 'all';
  const filtered = Object.keys(filters).some((key) => key !== 'price');
  const empty = filtered ? t.emptyFiltered : price === 'paid' ? fr.events.emptyPaid : fr.events.emptyAll;

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

        <ListFilters filters={filters} onChange={change} />

        {events.isError && !events.data ? (
          <Alert color="red" title={fr.common.genericError} role="alert">
            <Group justify="space-between">
              <Text size="sm">{events.error.message}</Text>
              <Button variant="white" color="red" onClick={() => events.refetch()} loading={events.isFetching}>
                {fr.common.retry}
              </Button>
            </Group>
          </Alert>
        ) : !events.isPending && items.length === 0 ? (
          <Stack align="center" py="xl" gap="sm">
            <Text c="dimmed" ta="center">
              {empty}
            </Text>
            {filtered && (
              <Button variant="default" onClick={() => setParams(price === 'all' ? {} : { price })}>
                {t.clearFilters}
              </Button>
            )}
          </Stack>
        ) : (
          <section aria-label={t.resultsLabel} aria-busy={events.isPending || isFetchingNextPage}>
            <SimpleGrid
              cols={{ base: 1, xs: 2, md: 3 }}
              spacing="lg"
              component="ul"
              style={{ listStyle: 'none', padding: 0, margin: 0 }}
            >
              {items.map((event, index) => (
                <li key={event.id}>
                  <EventCard event={event} priority={index < FIRST_ROW} />
                </li>
              ))}
              {(events.isPending || isFetchingNextPage) && <CardSkeletons count={events.isPending ? 6 : 3} />}
            </SimpleGrid>
            <div ref={sentinel} />
            <Group justify="center" mt="lg">
              {hasNextPage ? (
                <Button variant="default" onClick={() => fetchNextPage()} loading={isFetchingNextPage}>
                  {t.loadMore}
                </Button>
              ) : (
                !events.isPending && (
                  <Text size="sm" c="dimmed">
                    {t.endOfList}
                  </Text>
                )
              )}
            </Group>
          </section>
        )}
      </Stack>
    </Container>
  );
}
