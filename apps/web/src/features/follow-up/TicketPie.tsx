import { type EventStats, followUpFr } from '@guichet/shared';
import { PieChart } from '@mantine/charts';
import { Group, Radio, ScrollArea } from '@mantine/core';
import { useState } from 'react';
import { ChartCard } from './ChartCard';
import { soldOutOf, type TicketChoice, ticketSlices } from './chart-data';
import { PieLegend } from './PieLegend';
import { noAccessibilityLayer } from './QuantityBars';

const m = followUpFr.stats;

/**
 * 'Nombre de places vendues par type' (2-organiser.md §2.4): all tickets, or one broken down by
 * source. The parent keys the tab by event, so the radio starts at all on each load.
 */
export function TicketPie({ stats }: { stats: EventStats }) {
  const [choice, setChoice] = useState<TicketChoice>('all');
  const slices = ticketSlices(stats, choice, m.sources);
  const { sold, capacity } = soldOutOf(stats, choice);
  const total = slices.reduce((sum, slice) => sum + slice.value, 0);
  return (
    <ChartCard
      title={m.byTicketTitle}
      subtitle={m.soldTotal(sold, capacity)}
      controls={
        <Radio.Group value={choice} onChange={setChoice} label={m.ticketChoice}>
          <ScrollArea type="auto" offsetScrollbars>
            <Group gap="md" mt={4} wrap="wrap">
              <Radio value="all" label={m.allTickets} />
              {stats.byTicket.map((ticket) => (
                <Radio key={ticket.ticketId} value={ticket.ticketId} label={ticket.title} />
              ))}
            </Group>
          </ScrollArea>
        </Radio.Group>
      }
      isEmpty={total === 0}
      chart={
        <>
          <PieChart
            data={slices.filter((slice) => slice.value > 0)}
            withLabelsLine
            labelsPosition="outside"
            labelsType="value"
            withLabels
            withTooltip
            tooltipDataSource="segment"
            size={180}
            h={240}
            mx="auto"
            pieChartProps={noAccessibilityLayer}
            pieProps={{ isAnimationActive: false, rootTabIndex: -1 }}
            // A lone full slice would show its seam as a radius line.
            strokeWidth={slices.filter((slice) => slice.value > 0).length > 1 ? 1 : 0}
          />
          <PieLegend slices={slices} />
        </>
      }
      columns={[choice === 'all' ? m.salesColumns.ticket : m.sourceColumn, m.placesAxis]}
      rows={slices.map((slice) => ({ key: slice.name, cells: [slice.name, slice.value] }))}
    />
  );
}
