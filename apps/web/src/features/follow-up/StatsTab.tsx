import '@mantine/charts/styles.layer.css';
import { consoleFr, followUpFr, fr } from '@guichet/shared';
import { Group, SimpleGrid, Skeleton, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useEventStats } from '../../api/follow-up';
import { ErrorState } from '../../ui/ErrorState';
import { DateFilter } from '../event-dates/DateFilter';
import { PayoutButton, PayoutNotice } from '../payouts/PayoutButton';
import { AgesChart } from './AgesChart';
import { EventActions } from './EventActions';
import { ExportMenu } from './ExportMenu';
import { PromoTable } from './PromoTable';
import { RegularsPie } from './RegularsPie';
import { SalesDetails } from './SalesDetails';
import { SalesOverTime } from './SalesOverTime';
import { ScansSection } from './ScansSection';
import { StatCards } from './StatCards';
import { TicketPie } from './TicketPie';

const m = followUpFr.stats;

/**
 * The Statistiques tab (2-organiser.md §2.4). Loaded on demand with its charts, so that the charts
 * library stays out of the public pages' JavaScript.
 */
export default function StatsTab({ eventId, dateEnd }: { eventId: string; dateEnd: string }) {
  const [dateId, setDateId] = useState<string | null>(null);
  const stats = useEventStats(eventId, dateId);
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Title order={3} size="h4">
          {consoleFr.followUpTitle}
        </Title>
        <EventActions eventId={eventId}>
          <PayoutButton eventId={eventId} dateEnd={dateEnd} />
          <ExportMenu eventId={eventId} columns="follow-up" label={m.extract} dateId={dateId} />
        </EventActions>
      </Group>
      <DateFilter eventId={eventId} value={dateId} onChange={setDateId} />
      <PayoutNotice eventId={eventId} dateEnd={dateEnd} />
      {stats.isPending ? (
        <StatsSkeleton />
      ) : stats.isError ? (
        <ErrorState title={m.loadFailed} message={stats.error.message} onRetry={() => void stats.refetch()} />
      ) : (
        <>
          <StatCards stats={stats.data} />
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <TicketPie stats={stats.data} />
            <PromoTable codes={stats.data.promoCodes} />
          </SimpleGrid>
          <SalesOverTime stats={stats.data} />
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <AgesChart ages={stats.data.ages} />
            <RegularsPie stats={stats.data} />
          </SimpleGrid>
          <Title order={3} size="h4">
            {m.scansTitle}
          </Title>
          <ScansSection stats={stats.data} />
          <SalesDetails stats={stats.data} />
        </>
      )}
    </Stack>
  );
}

function StatsSkeleton() {
  return (
    <Stack gap="md" role="status" aria-busy="true" aria-label={fr.common.loading}>
      <Group grow gap="sm">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} h={76} radius="md" />
        ))}
      </Group>
      <Skeleton h={320} radius="md" />
      <Skeleton h={320} radius="md" />
    </Stack>
  );
}
