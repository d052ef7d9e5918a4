import { followUpFr } from '@guichet/shared';
import { BarChart } from '@mantine/charts';
import { Box } from '@mantine/core';
import type { ReactNode } from 'react';

const m = followUpFr.stats;

/** §9: at least 60 px per point (64 per age bar), 300 px high; wider than the screen scrolls sideways. */
const POINT_WIDTH = 60;
export const AGE_BAR_WIDTH = 64;
export const CHART_HEIGHT = 300;

/** recharts' own keyboard layer would be a focus stop inside a chart hidden from screen readers. */
export const noAccessibilityLayer = { accessibilityLayer: false } as const;

/** A bar per point, labelled; shared by the sales and scans charts. */
export function QuantityBars({
  points,
  color = 'violet.5',
  pointWidth = POINT_WIDTH,
}: {
  points: { label: string; quantity: number }[];
  color?: string;
  pointWidth?: number;
}) {
  return (
    <WideChart points={points.length} pointWidth={pointWidth}>
      <BarChart
        h={CHART_HEIGHT}
        data={points}
        dataKey="label"
        series={[{ name: 'quantity', label: m.placesAxis, color }]}
        barChartProps={noAccessibilityLayer}
        barProps={{ isAnimationActive: false }}
        maxBarWidth={56}
        yAxisProps={{ allowDecimals: false, width: 36 }}
        xAxisProps={{
          interval: 0,
          angle: points.length > 6 ? -35 : 0,
          textAnchor: points.length > 6 ? 'end' : 'middle',
          height: points.length > 6 ? 60 : 30,
        }}
      />
    </WideChart>
  );
}

/**
 * The chart at its minimum width, scrolled sideways inside the card when the screen is narrower.
 * A plain overflow rather than Mantine's ScrollArea, whose viewport takes focus: the chart is hidden
 * from assistive technology (its table says the same), so nothing inside may be a focus stop.
 */
export function WideChart({
  points,
  pointWidth = POINT_WIDTH,
  children,
}: {
  points: number;
  pointWidth?: number;
  children: ReactNode;
}) {
  return (
    <Box style={{ overflowX: 'auto' }} pb={4}>
      <Box miw={Math.max(points * pointWidth, 240)}>{children}</Box>
    </Box>
  );
}
