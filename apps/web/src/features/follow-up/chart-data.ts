import { type EventStats, type HistogramPoint, ticketChartLabel } from '@guichet/shared';

/**
 * Pure shaping of the statistics for the charts (2-organiser.md §2.4, §2.8). The server's times are
 * already Paris local ('YYYY-MM-DD' or 'YYYY-MM-DDTHH:00'), so they are read as written and formatted
 * in UTC: converting them again would shift them by the Paris offset.
 */

/** Six colours (§9 "Chart colour list: 6"), Mantine shades readable on both light and dark backgrounds. */
export const CHART_COLORS = ['violet.5', 'teal.5', 'orange.5', 'blue.5', 'pink.5', 'yellow.5'] as const;

export const colorAt = (index: number) => CHART_COLORS[index % CHART_COLORS.length] ?? 'violet.5';

export type Slice = { name: string; value: number; color: string };

export type TicketChoice = 'all' | string;

/** The pie of places sold: by ticket for all tickets, by source for one (§2.4). */
export function ticketSlices(
  stats: EventStats,
  choice: TicketChoice,
  sourceNames: Record<'web' | 'presentiel' | 'invitation' | 'invendu', string>,
): Slice[] {
  const ticket = choice === 'all' ? undefined : stats.byTicket.find((t) => t.ticketId === choice);
  if (!ticket) {
    return stats.byTicket.map((t, i) => ({
      name: t.label || ticketChartLabel(t.title),
      value: t.sold,
      color: colorAt(i),
    }));
  }
  return (['web', 'presentiel', 'invitation', 'invendu'] as const).map((source, i) => ({
    name: sourceNames[source],
    value: ticket.bySource[source],
    color: colorAt(i),
  }));
}

/** The subtitle's figures: the whole event, or the chosen ticket's places. */
export function soldOutOf(stats: EventStats, choice: TicketChoice): { sold: number; capacity: number } {
  const ticket = choice === 'all' ? undefined : stats.byTicket.find((t) => t.ticketId === choice);
  return ticket
    ? { sold: ticket.sold, capacity: ticket.available }
    : { sold: stats.participants, capacity: stats.capacity };
}

/** Days summed into months ('YYYY-MM'), in time order. */
export function salesByMonth(byDay: readonly HistogramPoint[]): HistogramPoint[] {
  const months = new Map<string, number>();
  for (const point of byDay) {
    const month = point.at.slice(0, 7);
    months.set(month, (months.get(month) ?? 0) + point.quantity);
  }
  return [...months.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([at, quantity]) => ({ at, quantity }));
}

/** The hours of one day ('YYYY-MM-DD'), for the day chosen on the per-day chart (§2.8). */
export function hoursOfDay(byHour: readonly HistogramPoint[], day: string): HistogramPoint[] {
  return byHour.filter((point) => point.at.startsWith(`${day}T`));
}

const shortDay = new Intl.DateTimeFormat('fr-FR', { timeZone: 'UTC', day: 'numeric', month: 'short' });
const longDay = new Intl.DateTimeFormat('fr-FR', { timeZone: 'UTC', day: 'numeric', month: 'long', year: 'numeric' });
const monthYear = new Intl.DateTimeFormat('fr-FR', { timeZone: 'UTC', month: 'short', year: 'numeric' });

function utcDate(at: string): Date | null {
  const match = /^(\d{4})-(\d{2})(?:-(\d{2}))?(?:T(\d{2}))?/.exec(at);
  if (!match) return null;
  const [, year, month, day = '01', hour = '00'] = match;
  return new Date(Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour)));
}

/** '2026-12-12' → '12 déc.' (§2.8 "French short date labels"). */
export function dayLabel(at: string, invalid: string): string {
  const date = utcDate(at);
  return date ? shortDay.format(date) : invalid;
}

/** '2026-12-12' → '12 décembre 2026', for the chosen day's heading and the tables. */
export function longDayLabel(at: string, invalid: string): string {
  const date = utcDate(at);
  return date ? longDay.format(date) : invalid;
}

/** '2026-12-12T20:00' → '20 h'. */
export function hourLabel(at: string, invalid: string): string {
  const hour = /T(\d{2})/.exec(at)?.[1];
  return hour ? `${Number(hour)} h` : invalid;
}

/** '2026-12-12T20:00' → '12 déc. 20 h', when hours of several days share one axis. */
export function dayHourLabel(at: string, invalid: string): string {
  return utcDate(at) ? `${dayLabel(at, invalid)} ${hourLabel(at, invalid)}` : invalid;
}

/** '2026-12' → 'déc. 2026'. */
export function monthLabel(at: string, invalid: string): string {
  const date = utcDate(at);
  return date ? monthYear.format(date) : invalid;
}

const compact = new Intl.DateTimeFormat('fr-FR', {
  timeZone: 'Europe/Paris',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** An instant in a table cell, in Paris time: '23/11/2026 06:23' (a real instant, unlike the histograms'). */
export function compactDateTime(iso: string, invalid: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? invalid : compact.format(date).replace(',', '');
}
