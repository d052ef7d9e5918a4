import type { ConsoleEventDate, EventDateView, EventDetail, TicketOption, TicketRead } from '@guichet/shared';

/**
 * The dates (séances) of an event as its page uses them (issue 32). A one-date event has one date
 * (its own id) and shows no picker: the page stays as it was.
 */
export function isMultiDate(event: Pick<EventDetail, 'dates'>): boolean {
  return (event.dates?.length ?? 0) > 1;
}

/** A date can be chosen while it sells: a cancelled or sold-out one is shown, not chosen. */
export function isChoosable(date: EventDateView): boolean {
  return date.status === 'onsale' && (date.placesLeft === null || date.placesLeft > 0);
}

export function isPass(ticket: Pick<TicketRead, 'isPass'>): boolean {
  return ticket.isPass === true;
}

/** A ticket that is not a pass is sold for the dates it lists, every date when it lists none. */
export function isSoldFor(ticket: Pick<TicketRead, 'dateIds'>, dateId: string): boolean {
  const ids = ticket.dateIds ?? [];
  return ids.length === 0 || ids.includes(dateId);
}

/** The dates a pass covers, in order: those it lists, all of them when it lists none. */
export function passDates(event: Pick<EventDetail, 'dates'>, ticket: Pick<TicketRead, 'dateIds'>): EventDateView[] {
  const dates = event.dates ?? [];
  const ids = ticket.dateIds ?? [];
  return ids.length === 0 ? dates : dates.filter((date) => ids.includes(date.id));
}

type Bound = { placesLeft: number | null; isSoldOut: boolean; isClosed: boolean };

/** What the dates leave of a ticket: the fewest places of them, sold out or closed when one is. */
function boundOf(dates: EventDateView[]): Bound {
  const places = dates.map((date) => date.placesLeft).filter((left): left is number => left !== null);
  return {
    placesLeft: places.length > 0 ? Math.min(...places) : null,
    isSoldOut: dates.some((date) => date.status === 'soldOut' || date.placesLeft === 0),
    isClosed: dates.some((date) => date.status === 'cancelled'),
  };
}

function bounded<T extends TicketOption>(ticket: T, bound: Bound): T {
  const left = bound.placesLeft === null ? ticket.placesLeft : Math.min(ticket.placesLeft, bound.placesLeft);
  return {
    ...ticket,
    placesLeft: left,
    maxToBuy: Math.min(ticket.maxToBuy, left),
    isSoldOut: ticket.isSoldOut || bound.isSoldOut,
    isAvailable: ticket.isAvailable && !bound.isClosed,
  };
}

function boundTicket(ticket: TicketRead, bound: Bound): TicketRead {
  return { ...bounded(ticket, bound), options: ticket.options.map((option) => bounded(option, bound)) };
}

/**
 * The event as its checkout sells it once a date is chosen: that date's tickets (bounded by the
 * date's places), then the passes (bounded by the dates they cover). No date chosen: the passes only.
 * A one-date event is returned as it is.
 */
export function eventForDate(event: EventDetail, dateId: string | null): EventDetail {
  if (!isMultiDate(event)) return event;
  const date = event.dates?.find((d) => d.id === dateId) ?? null;
  const own = date
    ? event.tickets
        .filter((ticket) => !isPass(ticket) && isSoldFor(ticket, date.id))
        .map((ticket) => boundTicket(ticket, boundOf([date])))
    : [];
  const passes = event.tickets.filter(isPass).map((ticket) => boundTicket(ticket, boundOf(passDates(event, ticket))));
  return { ...event, tickets: [...own, ...passes] };
}

/** The Paris day of an instant, "2026-12-12": dates are grouped by the day they start there. */
const dayKey = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Paris',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
export function parisDay(iso: string): string {
  return dayKey.format(new Date(iso));
}

export type DayCell = { day: number; key: string; dates: EventDateView[] };
export type MonthGrid = { key: string; label: string; weeks: (DayCell | null)[][] };

const monthName = new Intl.DateTimeFormat('fr-FR', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/**
 * The months that hold a date, each as weeks from Monday to Sunday (the French calendar), a day
 * holding the dates that start on it; days outside the month are null.
 */
export function monthGrids(dates: EventDateView[]): MonthGrid[] {
  const byDay = new Map<string, EventDateView[]>();
  for (const date of dates) {
    const key = parisDay(date.dateBegin);
    byDay.set(key, [...(byDay.get(key) ?? []), date]);
  }
  const months = [...new Set([...byDay.keys()].map((key) => key.slice(0, 7)))].sort();
  return months.map((month) => {
    const [year, index] = month.split('-').map(Number) as [number, number];
    const first = new Date(Date.UTC(year, index - 1, 1));
    const length = new Date(Date.UTC(year, index, 0)).getUTCDate();
    // getUTCDay: 0 Sunday … 6 Saturday; the week starts on Monday.
    const offset = (first.getUTCDay() + 6) % 7;
    const cells: (DayCell | null)[] = Array.from({ length: offset }, () => null);
    for (let day = 1; day <= length; day++) {
      const key = `${month}-${String(day).padStart(2, '0')}`;
      cells.push({ day, key, dates: byDay.get(key) ?? [] });
    }
    while (cells.length % 7 !== 0) cells.push(null);
    const weeks: (DayCell | null)[][] = [];
    for (let at = 0; at < cells.length; at += 7) weeks.push(cells.slice(at, at + 7));
    return { key: month, label: monthName.format(first), weeks };
  });
}

/** A date has sales once a place of it is sold or held: its times then change only by a move. */
export const hasSales = (date: Pick<ConsoleEventDate, 'sold' | 'held'>) => date.sold > 0 || date.held > 0;
