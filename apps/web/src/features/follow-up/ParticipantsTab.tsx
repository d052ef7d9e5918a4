import { followUpFr, fr, PARTICIPANTS_LIST, type ParticipantRow, type ParticipantSort } from '@guichet/shared';
import { Flex, Group, Pagination, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useParticipants } from '../../api/follow-up';
import { ErrorState } from '../../ui/ErrorState';
import { Section } from '../../ui/Section';
import { DetailPanel } from '../console/DetailPanel';
import { DateFilter } from '../event-dates/DateFilter';
import { RefundRequests } from '../refunds/RefundRequests';
import { ExportMenu } from './ExportMenu';
import { ParticipantDetail } from './ParticipantDetail';
import { ParticipantsTable } from './ParticipantsTable';
import { DEFAULT_SORT, nextSort, type SortState } from './participants-sort';

const m = followUpFr.participants;
const PAGE_SIZE = PARTICIPANTS_LIST.pageSize;
/** Long enough to skip the keystrokes of a word, short enough to feel immediate. */
const SEARCH_DEBOUNCE_MS = 300;

/** The Participants tab (2-organiser.md §2.5): 'Billets', searched, sorted and paged by the server. */
export default function ParticipantsTab({ eventId }: { eventId: string }) {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [sort, setSort] = useState<SortState>(DEFAULT_SORT);
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<ParticipantRow | null>(null);
  const [dateId, setDateId] = useState<string | null>(null);
  const list = useParticipants(eventId, {
    q: q || undefined,
    ...(dateId && { dateId }),
    ...sort,
    offset: (page - 1) * PAGE_SIZE,
    limit: PAGE_SIZE,
  });
  const pages = list.data ? Math.ceil(list.data.total / PAGE_SIZE) : 0;

  const onSort = (column: ParticipantSort) => {
    setSort((current) => nextSort(current, column));
    setPage(1);
  };

  return (
    <Flex gap="md" align="flex-start">
      <Section
        title={m.title}
        grow
        actions={<ExportMenu eventId={eventId} columns="list" label={m.export} dateId={dateId} />}
      >
        <Group justify="space-between" gap="sm" align="flex-end">
          <TextInput
            type="search"
            label={m.searchLabel}
            placeholder={m.searchPlaceholder}
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              setPage(1);
            }}
            maxLength={PARTICIPANTS_LIST.maxSearch}
            w={{ base: '100%', xs: 320 }}
          />
          <DateFilter
            eventId={eventId}
            value={dateId}
            onChange={(next) => {
              setDateId(next);
              setPage(1);
            }}
          />
          {list.data && (
            <Text size="sm" c="dimmed" aria-live="polite">
              {m.count(list.data.places, list.data.total)}
            </Text>
          )}
        </Group>
        {list.isPending ? (
          <Stack gap={6} role="status" aria-busy="true" aria-label={fr.common.loading}>
            {[0, 1, 2, 3, 4].map((i) => (
              <Skeleton key={i} h={32} />
            ))}
          </Stack>
        ) : list.isError ? (
          <ErrorState title={m.loadFailed} message={list.error.message} onRetry={() => void list.refetch()} />
        ) : list.data.items.length === 0 ? (
          <Text c="dimmed">{q ? m.noMatch : m.empty}</Text>
        ) : (
          <Stack gap="sm" style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
            <ParticipantsTable
              rows={list.data.items}
              sort={sort}
              onSort={onSort}
              selectedId={selected?.id ?? null}
              onSelect={setSelected}
            />
            {pages > 1 && (
              <nav aria-label={m.pagesLabel}>
                <Pagination total={pages} value={page} onChange={setPage} size="sm" />
              </nav>
            )}
          </Stack>
        )}
        <RefundRequests eventId={eventId} />
      </Section>
      <DetailPanel
        opened={selected !== null}
        onClose={() => setSelected(null)}
        title={selected ? `${selected.firstName} ${selected.lastName}` : undefined}
      >
        {selected && <ParticipantDetail row={selected} eventId={eventId} />}
      </DetailPanel>
    </Flex>
  );
}
