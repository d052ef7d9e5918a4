import { type EventStats, followUpFr } from '@guichet/shared';
import { PieChart } from '@mantine/charts';
import { ChartCard } from './ChartCard';
import { PieLegend } from './PieLegend';
import { noAccessibilityLayer } from './QuantityBars';

const m = followUpFr.stats;

/** The regulars' share and its complement to 100 (2-organiser.md §2.4). */
export function RegularsPie({ stats }: { stats: EventStats }) {
  const slices = [
    { name: m.regulars, value: stats.regularsPercent, color: 'violet.5' },
    { name: m.newcomers, value: 100 - stats.regularsPercent, color: 'teal.5' },
  ];
  const percent = (value: number) => `${value} %`;
  return (
    <ChartCard
      title={m.regularsTitle}
      isEmpty={stats.holders === 0}
      chart={
        <>
          <PieChart
            data={slices.filter((slice) => slice.value > 0)}
            withTooltip
            tooltipDataSource="segment"
            valueFormatter={percent}
            size={180}
            h={200}
            mx="auto"
            pieChartProps={noAccessibilityLayer}
            pieProps={{ isAnimationActive: false, rootTabIndex: -1 }}
            // A lone full slice would show its seam as a radius line.
            strokeWidth={slices.filter((slice) => slice.value > 0).length > 1 ? 1 : 0}
          />
          <PieLegend slices={slices} format={percent} />
        </>
      }
      columns={[m.regularsTitle, m.shareColumn]}
      rows={slices.map((slice) => ({ key: slice.name, cells: [slice.name, percent(slice.value)] }))}
    />
  );
}
