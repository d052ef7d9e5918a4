import { type EventStats, followUpFr } from '@guichet/shared';
import { LineChart } from '@mantine/charts';
import { Anchor, Button, Group, SegmentedControl } from '@mantine/core';
import { useState } from 'react';
import { ChartCard } from './ChartCard';
import { dayHourLabel, dayLabel, hourLabel, hoursOfDay, longDayLabel, monthLabel, salesByMonth } from './chart-data';
import { CHART_HEIGHT, noAccessibilityLayer, QuantityBars, WideChart } from './QuantityBars';

const m = followUpFr.stats;
const invalid = m.invalidDate;

type Frame = 'hour' | 'day' | 'month';
const frames: Frame[] = ['hour', 'day', 'month'];

/**
 * Sales over time (2-organiser.md §2.4 Heure / Jour / Mois, §2.8 'Ventes / jour'): choosing a day,
 * on the chart or in its table, shows that day by hour.
 */
export function SalesOverTime({ stats }: { stats: EventStats }) {
  const [frame, setFrame] = useState<Frame>('day');
  const [day, setDay] = useState<string | null>(null);

  const controls = (
    <SegmentedControl
      aria-label={m.frameLabel}
      value={frame}
      onChange={(value) => {
        setFrame(value as Frame);
        setDay(null);
      }}
      data={frames.map((value) => ({ value, label: m.frames[value] }))}
      w="fit-content"
    />
  );

  if (frame === 'day' && day === null) {
    const points = stats.soldByDay.map((point) => ({ ...point, label: dayLabel(point.at, invalid) }));
    return (
      <ChartCard
        title={m.salesPerDay}
        subtitle={points.length > 0 ? m.pickDayHint : undefined}
        controls={controls}
        isEmpty={points.length === 0}
        chart={
          <WideChart points={points.length}>
            <LineChart
              h={CHART_HEIGHT}
              data={points}
              dataKey="label"
              series={[{ name: 'quantity', label: m.placesAxis, color: 'violet.5' }]}
              curveType="linear"
              withDots
              dotProps={{ r: 5 }}
              activeDotProps={{ r: 7, style: { cursor: 'pointer' } }}
              lineChartProps={{
                ...noAccessibilityLayer,
                // Room above the highest point, whose dot would otherwise be cut in half.
                margin: { top: 12, right: 12 },
                onClick: (state) => {
                  const index = Number(state?.activeTooltipIndex);
                  const point = Number.isInteger(index) ? stats.soldByDay[index] : undefined;
                  if (point) setDay(point.at);
                },
              }}
              lineProps={{ isAnimationActive: false }}
              yAxisProps={{ allowDecimals: false, width: 36 }}
            />
          </WideChart>
        }
        columns={[m.timeColumn, m.quantityColumn]}
        rows={stats.soldByDay.map((point) => ({
          key: point.at,
          cells: [
            <Anchor key="day" component="button" type="button" size="sm" onClick={() => setDay(point.at)}>
              {m.showDay(longDayLabel(point.at, invalid))}
            </Anchor>,
            point.quantity,
          ],
        }))}
      />
    );
  }

  const source =
    frame === 'month'
      ? salesByMonth(stats.soldByDay).map((point) => ({ ...point, label: monthLabel(point.at, invalid) }))
      : frame === 'day' && day
        ? hoursOfDay(stats.soldByHour, day).map((point) => ({ ...point, label: hourLabel(point.at, invalid) }))
        : stats.soldByHour.map((point) => ({ ...point, label: dayHourLabel(point.at, invalid) }));
  const title = frame === 'month' ? m.salesPerMonth : day ? m.dayByHour(longDayLabel(day, invalid)) : m.salesPerHour;

  return (
    <ChartCard
      title={title}
      controls={
        <Group gap="sm">
          {controls}
          {day && (
            <Button variant="subtle" size="compact-sm" onClick={() => setDay(null)}>
              {m.backToDays}
            </Button>
          )}
        </Group>
      }
      isEmpty={source.length === 0}
      chart={<QuantityBars points={source} />}
      columns={[m.timeColumn, m.quantityColumn]}
      rows={source.map((point) => ({ key: point.at, cells: [point.label, point.quantity] }))}
    />
  );
}
