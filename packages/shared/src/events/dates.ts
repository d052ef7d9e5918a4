// packages/shared/src/events/dates.ts — copy VERBATIM (helpers dates-api, dates-ops and dates-web
// all start from this same file; only dates-api may change it afterwards, and must say so).
import { z } from 'zod';

/** An event holds at most this many dates (séances); a repeating rule making more is refused. */
export const EVENT_DATES_MAX = 366;

export const eventDateStatus = z.enum(['onsale', 'soldOut', 'cancelled']);
export type EventDateStatus = z.infer<typeof eventDateStatus>;

/**
 * One date (séance) of an event as its page shows it (issue 32). A one-date event has exactly one,
 * whose `id` is the event's own id. `placesLeft` is null when the date has no capacity of its own
 * (only its tickets' quantities bound it); live figures update it.
 */
export const eventDateView = z.object({
  id: z.string(),
  dateBegin: z.string(),
  dateEnd: z.string(),
  dateMaxRefund: z.string().nullable(),
  placesLeft: z.number().int().nullable(),
  status: eventDateStatus,
  /** Set when the organiser moved this date: its former start (buyers may ask a refund). */
  movedFrom: z.string().nullable(),
});
export type EventDateView = z.infer<typeof eventDateView>;

/** A date as the console lists it: its figures too. */
export const consoleEventDate = eventDateView.extend({
  capacity: z.number().int().nullable(),
  sold: z.number().int(),
  held: z.number().int(),
  checkedIn: z.number().int(),
});
export type ConsoleEventDate = z.infer<typeof consoleEventDate>;

/** POST /api/console/events/{id}/dates → 201 { id }; PATCH …/dates/{dateId} takes the same, partial. */
export const eventDateInput = z.strictObject({
  dateBegin: z.string().datetime({ offset: true }),
  dateEnd: z.string().datetime({ offset: true }),
  /** Places of this date, every ticket together; null: no cap of its own. */
  capacity: z.number().int().min(1).max(1_000_000).nullable().default(null),
  dateMaxRefund: z.string().datetime({ offset: true }).nullable().default(null),
});
export type EventDateInput = z.infer<typeof eventDateInput>;

/**
 * POST /api/console/events/{id}/dates/repeat → 201 { ids }: every `weekdays` (0 Sunday … 6 Saturday)
 * from `fromDay` to `toDay` (YYYY-MM-DD, Europe/Paris), each from `startTime` to `endTime` (HH:MM,
 * an end before the start ends the next day). All or nothing.
 */
export const eventDateRepeatInput = z.strictObject({
  weekdays: z.array(z.number().int().min(0).max(6)).min(1).max(7),
  fromDay: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  toDay: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  startTime: z.string().regex(/^\d{2}:\d{2}$/),
  endTime: z.string().regex(/^\d{2}:\d{2}$/),
  capacity: z.number().int().min(1).max(1_000_000).nullable().default(null),
});
export type EventDateRepeatInput = z.infer<typeof eventDateRepeatInput>;

/** POST …/dates/{dateId}/move: buyers are told; each may ask a refund (a postponement is not imposed). */
export const eventDateMoveInput = z.strictObject({
  dateBegin: z.string().datetime({ offset: true }),
  dateEnd: z.string().datetime({ offset: true }),
  message: z.string().max(2000).default(''),
});
export type EventDateMoveInput = z.infer<typeof eventDateMoveInput>;

/** POST …/dates/{dateId}/cancel: its orders are refunded through the ledger, its payouts held. */
export const eventDateCancelInput = z.strictObject({ message: z.string().max(2000).default('') });
export type EventDateCancelInput = z.infer<typeof eventDateCancelInput>;
