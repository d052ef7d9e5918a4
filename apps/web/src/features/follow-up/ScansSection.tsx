import { type EventStats, followUpFr } from '@guichet/shared';
import { Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { ChartCard } from './ChartCard';
import { dayHourLabel } from './chart-data';
import { QuantityBars } from './QuantityBars';

const m = followUpFr.stats;

/** The check-in figures (2-organiser.md §2.4 "Scans section", alternative view's absentees). */
export function ScansSection({ stats }: { stats: EventStats }) {
  const counts = [
    { label: m.scanned, value: stats.scanned },
    { label: m.remainingScans, value: stats.remainingScans },
    { label: m.absentees, value: stats.absentees },
  ];
  const points = stats.scannedByHour.map((point) => ({ ...point, label: dayHourLabel(point.at, m.invalidDate) }));
  return (
    <Stack gap="sm">
      <SimpleGrid cols={3} spacing="sm" component="dl" m={0}>
        {counts.map((count) => (
          <Paper key={count.label} withBorder radius="md" p="sm">
            <Text component="dt" size="sm" c="dimmed">
              {count.label}
            </Text>
            <Text component="dd" m={0} fz="lg" fw={700}>
              {count.value}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      <ChartCard
        title={m.scansOverTime}
        isEmpty={points.length === 0}
        chart={<QuantityBars points={points} color="blue.5" />}
        columns={[m.timeColumn, m.quantityColumn]}
        rows={points.map((point) => ({ key: point.at, cells: [point.label, point.quantity] }))}
      />
    </Stack>
  );
}
