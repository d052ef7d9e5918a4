import { type EventStats, followUpFr } from '@guichet/shared';
import { ChartCard } from './ChartCard';
import { AGE_BAR_WIDTH, QuantityBars } from './QuantityBars';

const m = followUpFr.stats;

/** Places by the holder's age on the event's day (2-organiser.md §2.4); the brackets are not shown. */
export function AgesChart({ ages }: { ages: EventStats['ages'] }) {
  const points = ages.map((row) => ({ label: String(row.age), quantity: row.quantity }));
  return (
    <ChartCard
      title={m.agesTitle}
      isEmpty={points.length === 0}
      chart={<QuantityBars points={points} color="teal.5" pointWidth={AGE_BAR_WIDTH} />}
      columns={[m.ageColumn, m.quantityColumn]}
      rows={ages.map((row) => ({ key: String(row.age), cells: [m.ageValue(row.age), row.quantity] }))}
    />
  );
}
