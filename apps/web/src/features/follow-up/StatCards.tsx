import { type EventStats, followUpFr, formatEuros } from '@guichet/shared';
import { Paper, SimpleGrid, Text } from '@mantine/core';

const m = followUpFr.stats;

/** The ticketing figures at the top of Statistiques (2-organiser.md §2.4). */
export function StatCards({ stats }: { stats: EventStats }) {
  const cards = [
    { label: m.participants, value: String(stats.participants) },
    { label: m.regulars, value: `${stats.regularsPercent} %` },
    { label: m.unsold, value: String(stats.unsold) },
    { label: m.gross, value: formatEuros(stats.grossCents) },
  ];
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm" component="dl" m={0}>
      {cards.map((card) => (
        <Paper key={card.label} withBorder radius="md" p="md" data-testid="stat-card">
          <Text component="dt" size="sm" c="dimmed">
            {card.label}
          </Text>
          <Text component="dd" m={0} fz={{ base: 'lg', sm: 'xl' }} fw={700}>
            {card.value}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
