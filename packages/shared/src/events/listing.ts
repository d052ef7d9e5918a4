import { z } from 'zod';
import { discoveryFr } from '../messages/fr-discovery';
import { LISTING } from './listing-limits';
import { eventListItem, priceFilter } from './schemas';

const m = discoveryFr.query;

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: m.invalidDate });

/**
 * GET /api/events: every filter is optional; an unknown one is refused (a misspelt filter that
 * silently did nothing would show a wrong list).
 */
export const eventListQuery = z
  .strictObject({
    price: priceFilter.default('all'),
    cursor: z.string().max(200, { error: discoveryFr.query.invalidCursor }).optional(),
    q: z
      .string()
      .max(LISTING.maxSearch, { error: m.searchTooLong(LISTING.maxSearch) })
      .optional(),
    when: z.enum(['today', 'weekend']).optional(),
    from: isoDay.optional(),
    to: isoDay.optional(),
    type: z.coerce
      .number({ error: m.invalidCategory })
      .int({ error: m.invalidCategory })
      .min(1)
      .max(1_000_000)
      .optional(),
    city: z
      .string()
      .max(LISTING.maxCity, { error: m.cityTooLong(LISTING.maxCity) })
      .optional(),
    lat: z.coerce
      .number({ error: m.invalidLatitude })
      .min(-90, { error: m.invalidLatitude })
      .max(90, { error: m.invalidLatitude })
      .optional(),
    lon: z.coerce
      .number({ error: m.invalidLongitude })
      .min(-180, { error: m.invalidLongitude })
      .max(180, { error: m.invalidLongitude })
      .optional(),
    radius: z.coerce
      .number({ error: m.invalidRadius(LISTING.maxRadiusKm) })
      .min(1, { error: m.invalidRadius(LISTING.maxRadiusKm) })
      .max(LISTING.maxRadiusKm, { error: m.invalidRadius(LISTING.maxRadiusKm) })
      .optional(),
    limit: z.coerce
      .number({ error: m.invalidLimit(LISTING.maxPageSize) })
      .int({ error: m.invalidLimit(LISTING.maxPageSize) })
      .min(1, { error: m.invalidLimit(LISTING.maxPageSize) })
      .max(LISTING.maxPageSize, { error: m.invalidLimit(LISTING.maxPageSize) })
      .optional(),
  })
  .superRefine((query, context) => {
    if (
      (query.lat === undefined) !== (query.lon === undefined) ||
      (query.radius !== undefined && query.lat === undefined)
    ) {
      context.addIssue({ code: 'custom', message: m.pointIncomplete, path: ['lat'] });
    }
    if (query.from && query.to && query.to < query.from) {
      context.addIssue({ code: 'custom', message: m.dateRangeReversed, path: ['to'] });
    }
  });
export type EventListQuery = z.infer<typeof eventListQuery>;

const eventListPage = z.object({
  items: z.array(eventListItem),
  /** Where the next page starts; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type EventListPage = z.infer<typeof eventListPage>;

const PARIS = 'Europe/Paris';
const DAY_MS = 86_400_000;

// Made once: building an Intl formatter costs far more than using one (it was most of a kept
// list page's cost when made per request).
const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: PARIS,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const offsetFormat = new Intl.DateTimeFormat('en-GB', { timeZone: PARIS, timeZoneName: 'longOffset' });

/** The calendar day in Paris of an instant, as YYYY-MM-DD. */
export function parisDay(at: Date): string {
  return dayFormat.format(at);
}

/** The instant at which a Paris calendar day (YYYY-MM-DD) starts, summer time included. */
export function parisMidnight(day: string): Date {
  return parisTime(day, 0);
}

/**
 * The instant of a Paris wall time: a day (YYYY-MM-DD) and minutes since its midnight, at the
 * offset of that time itself, not of the day's start (on the day of a change, 20:00 is after
 * it). A time the change skips (02:30 in spring) is read at the offset before it.
 */
export function parisTime(day: string, minutes: number): Date {
  const utcMidnight = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(utcMidnight.getTime())) throw new RangeError(`not a day: ${day}`);
  const wall = utcMidnight.getTime() + minutes * 60_000;
  // Paris is UTC+1 or UTC+2: the offset at that moment, read back from the formatter.
  const offsetOf = (at: number) => {
    const parts = offsetFormat.formatToParts(new Date(at));
    const name = parts.find((part) => part.type === 'timeZoneName')?.value ?? 'GMT+01:00';
    const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
    return match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) * 60_000 : 0;
  };
  const guess = wall - offsetOf(wall);
  return new Date(wall - offsetOf(guess));
}

function addDays(day: string, days: number): string {
  return new Date(new Date(`${day}T00:00:00Z`).getTime() + days * DAY_MS).toISOString().slice(0, 10);
}

/** A valid calendar day (2026-02-30 is not). */
export function isCalendarDay(day: string): boolean {
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
}

/**
 * The period a date filter asks for, in Paris days: today; this weekend (Saturday and Sunday,
 * the current one from Saturday on); or from one day to another, both included. Null when the
 * query has no date filter. An event is in it when it overlaps it.
 */
export function dateWindow(
  query: Pick<EventListQuery, 'when' | 'from' | 'to'>,
  now: Date,
): { start: Date; end: Date } | null {
  if (!query.when && !query.from && !query.to) return null;
  const today = parisDay(now);
  if (query.when === 'today') return { start: parisMidnight(today), end: parisMidnight(addDays(today, 1)) };
  if (query.when === 'weekend') {
    const weekday = new Date(`${today}T00:00:00Z`).getUTCDay(); // 0 Sunday … 6 Saturday
    const saturday = weekday === 0 ? addDays(today, -1) : addDays(today, 6 - weekday);
    return { start: parisMidnight(saturday), end: parisMidnight(addDays(saturday, 2)) };
  }
  const from = query.from ?? today;
  const to = query.to ?? addDays(from, LISTING.maxRangeDays - 1);
  return { start: parisMidnight(from), end: parisMidnight(addDays(to, 1)) };
}
