import {
  type ConsoleEventDate,
  datesFr,
  EVENT_DATES_MAX,
  type EventDateInput,
  type EventDateRepeatInput,
  eventDateInput,
  parisTime,
  refundsFr,
  UNLIMITED,
} from '@guichet/shared';
import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { type Database, queryRows } from '../../db/client';
import { AppError, badRequest } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import type { Viewer } from '../../policy/can';
import { authorizeEvent, eventNotFound } from '../../policy/event-access';
import * as repo from './dates.repository';
import { eventDateViews } from './views';

const m = datesFr;
type Deps = Pick<AppDeps, 'db' | 'clock'>;
type Span = { dateBegin: Date; dateEnd: Date };

const dateNotFound = () => new AppError('DATE_NOT_FOUND', m.notFound, 404, 'dateId');
const eventCancelled = () => new AppError('EVENT_CANCELLED', refundsFr.errors.eventCancelled, 409);

/** A new date's own rules: an end after its start, not in the past, a refund deadline before its end. */
export function checkSpan(span: Span & { dateMaxRefund: Date | null }, now: Date): void {
  if (Number.isNaN(span.dateBegin.getTime())) throw badRequest(m.inPast, 'dateBegin');
  if (!(span.dateEnd > span.dateBegin)) throw badRequest(m.endBeforeStart, 'dateEnd');
  if (span.dateBegin <= now) throw badRequest(m.inPast, 'dateBegin');
  if (span.dateMaxRefund && span.dateMaxRefund > span.dateEnd) throw badRequest(m.refundAfterEnd, 'dateMaxRefund');
}

const overlaps = (a: Span, b: Span) => a.dateBegin < b.dateEnd && b.dateBegin < a.dateEnd;

/** Refuses dates that overlap each other or a live date of the event, or that make too many. */
export function checkAgainst(existing: repo.DateRow[], added: Span[], field: string): void {
  if (existing.length + added.length > EVENT_DATES_MAX) {
    throw badRequest(
      added.length > 1 ? m.repeatTooMany(added.length, EVENT_DATES_MAX) : m.tooMany(EVENT_DATES_MAX),
      field,
    );
  }
  const live = existing.filter((d) => !d.cancelledAt);
  const sorted = [...added].sort((a, b) => a.dateBegin.getTime() - b.dateBegin.getTime());
  for (const [i, span] of sorted.entries()) {
    const next = sorted[i + 1];
    if ((next && overlaps(span, next)) || live.some((d) => overlaps(span, d))) throw badRequest(m.overlap, field);
  }
}

/** The event's dates as rows, a one-date event's own made one (not written) so that every rule reads alike. */
function ownRow(event: { id: string; dateBegin: Date; dateEnd: Date; dateMaxRefund: Date | null }): repo.DateRow {
  return {
    id: event.id,
    eventId: event.id,
    dateBegin: event.dateBegin,
    dateEnd: event.dateEnd,
    capacity: null,
    dateMaxRefund: event.dateMaxRefund,
    cancelledAt: null,
    cancellationMessage: null,
    movedFrom: null,
    sold: 0,
    held: 0,
    createdAt: event.dateBegin,
  };
}

/**
 * Adds dates under the event's lock and its tickets' (as buyers take them), all or none. The first
 * added to a one-date event turns the event's own dates into a row first (repo.insertOwnDate).
 */
async function addDates(
  deps: Deps,
  viewer: Viewer | null,
  eventId: string,
  added: { dateBegin: Date; dateEnd: Date; capacity: number | null; dateMaxRefund: Date | null }[],
  field: string,
): Promise<string[]> {
  await authorizeEvent(deps.db, viewer, eventId, 'edit', { hideRefusal: true });
  return deps.db.transaction(async (tx) => {
    const event = await repo.lockEventAndTickets(tx, eventId);
    if (!event) throw eventNotFound();
    if (event.cancelledAt) throw eventCancelled();
    const existing = await repo.findDates(tx, event.id);
    checkAgainst(existing.length > 0 ? existing : [ownRow(event)], added, field);
    if (existing.length === 0) await repo.insertOwnDate(tx, event);
    const ids = await repo.insertDates(tx, event.id, added);
    await repo.refreshEventSpan(tx, event.id);
    return ids;
  });
}

export async function addDate(deps: Deps, viewer: Viewer | null, eventId: string, input: EventDateInput) {
  const date = {
    dateBegin: new Date(input.dateBegin),
    dateEnd: new Date(input.dateEnd),
    capacity: input.capacity,
    dateMaxRefund: input.dateMaxRefund ? new Date(input.dateMaxRefund) : null,
  };
  checkSpan(date, deps.clock.now());
  const [id] = await addDates(deps, viewer, eventId, [date], 'dateBegin');
  return { id: id as string };
}

const minutesOf = (time: string) => {
  const [hours, minutes] = time.split(':').map(Number);
  return hours !== undefined && minutes !== undefined && hours < 24 && minutes < 60 ? hours * 60 + minutes : null;
};

/**
 * The dates a repeating rule makes: each chosen weekday from one Paris day to another, from the
 * start time to the end time (an end before the start is the next day), each a Paris wall time:
 * on the day of a summer-time change, 20:00 is still 20:00.
 */
function repeatedDates(input: EventDateRepeatInput): Span[] {
  const from = new Date(`${input.fromDay}T00:00:00Z`);
  const to = new Date(`${input.toDay}T00:00:00Z`);
  const valid = (day: Date, text: string) => !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === text;
  if (!valid(from, input.fromDay) || !valid(to, input.toDay) || to < from) {
    throw badRequest(m.repeatDayInvalid, 'toDay');
  }
  const start = minutesOf(input.startTime);
  const end = minutesOf(input.endTime);
  if (start === null || end === null) throw badRequest(m.repeatTimeInvalid, 'startTime');
  const endMinutes = end > start ? end : end + 24 * 60;
  const weekdays = new Set(input.weekdays);
  const spans: Span[] = [];
  // A bound on the walk itself: a rule of years is refused by its count, not walked day by day.
  const days = Math.round((to.getTime() - from.getTime()) / 86_400_000) + 1;
  if (days > 7 * (EVENT_DATES_MAX + 1)) throw badRequest(m.repeatTooMany(days, EVENT_DATES_MAX), 'toDay');
  for (let i = 0; i < days; i += 1) {
    const day = new Date(from.getTime() + i * 86_400_000);
    if (!weekdays.has(day.getUTCDay())) continue;
    const text = day.toISOString().slice(0, 10);
    spans.push({ dateBegin: parisTime(text, start), dateEnd: parisTime(text, endMinutes) });
  }
  if (spans.length > EVENT_DATES_MAX) throw badRequest(m.repeatTooMany(spans.length, EVENT_DATES_MAX), 'toDay');
  if (spans.length === 0) throw badRequest(m.repeatEmpty, 'weekdays');
  return spans;
}

export async function repeatDates(deps: Deps, viewer: Viewer | null, eventId: string, input: EventDateRepeatInput) {
  const spans = repeatedDates(input);
  const now = deps.clock.now();
  for (const span of spans) checkSpan({ ...span, dateMaxRefund: null }, now);
  const ids = await addDates(
    deps,
    viewer,
    eventId,
    spans.map((span) => ({ ...span, capacity: input.capacity, dateMaxRefund: null })),
    'weekdays',
  );
  return { ids };
}

/** Loads one date of a managed event, under the event's lock when inside a transaction. */
async function lockDate(tx: Database, eventId: string, dateId: string) {
  const event = await repo.lockEventAndTickets(tx, eventId);
  if (!event) throw eventNotFound();
  const dates = await repo.findDates(tx, event.id);
  if (!isUuid(dateId)) throw dateNotFound();
  const date = dates.find((d) => d.id === dateId);
  if (!date) throw dateNotFound();
  return { event, dates, date };
}

export async function updateDate(
  deps: Deps,
  viewer: Viewer | null,
  eventId: string,
  dateId: string,
  input: Partial<EventDateInput>,
): Promise<ConsoleEventDate> {
  const event = await authorizeEvent(deps.db, viewer, eventId, 'edit', { hideRefusal: true });
  await deps.db.transaction(async (tx) => {
    const locked = await lockDate(tx, event.id, dateId);
    if (locked.event.cancelledAt) throw eventCancelled();
    const { date, dates } = locked;
    const next = {
      dateBegin: input.dateBegin !== undefined ? new Date(input.dateBegin) : date.dateBegin,
      dateEnd: input.dateEnd !== undefined ? new Date(input.dateEnd) : date.dateEnd,
      dateMaxRefund:
        input.dateMaxRefund !== undefined
          ? input.dateMaxRefund
            ? new Date(input.dateMaxRefund)
            : null
          : date.dateMaxRefund,
    };
    const moved =
      next.dateBegin.getTime() !== date.dateBegin.getTime() || next.dateEnd.getTime() !== date.dateEnd.getTime();
    if (moved) {
      if (await repo.hasSales(tx, date)) throw new AppError('DATE_HAS_SALES', m.soldDateMoveOnly, 409, 'dateBegin');
      checkSpan(next, deps.clock.now());
      checkAgainst(
        dates.filter((d) => d.id !== date.id),
        [next],
        'dateBegin',
      );
    } else if (next.dateMaxRefund && next.dateMaxRefund > next.dateEnd) {
      throw badRequest(m.refundAfterEnd, 'dateMaxRefund');
    }
    if (input.capacity != null && input.capacity < date.sold + date.held) {
      throw badRequest(m.capacityBelowSold, 'capacity');
    }
    await repo.updateDate(tx, date.id, {
      ...(moved && { dateBegin: next.dateBegin, dateEnd: next.dateEnd }),
      ...(input.capacity !== undefined && { capacity: input.capacity }),
      ...(input.dateMaxRefund !== undefined && { dateMaxRefund: next.dateMaxRefund }),
    });
    if (moved) await repo.refreshEventSpan(tx, event.id);
  });
  const dates = await listDates(deps, viewer, event.id);
  const updated = dates.find((d) => d.id === dateId);
  if (!updated) throw dateNotFound();
  return updated;
}

export async function deleteDate(deps: Deps, viewer: Viewer | null, eventId: string, dateId: string) {
  const event = await authorizeEvent(deps.db, viewer, eventId, 'edit', { hideRefusal: true });
  await deps.db.transaction(async (tx) => {
    const { date, dates } = await lockDate(tx, event.id, dateId);
    if (dates.length <= 1) throw new AppError('LAST_DATE', m.lastDateCannotDelete, 409);
    if (await repo.hasSales(tx, date)) throw new AppError('DATE_HAS_SALES', m.soldDateCannotDelete, 409);
    await repo.deleteDate(tx, date.id);
    await repo.refreshEventSpan(tx, event.id);
  });
}

/** The console's dates: every date with its figures; a one-date event's own. */
export async function listDates(deps: Deps, viewer: Viewer | null, eventId: string): Promise<ConsoleEventDate[]> {
  const access = await authorizeEvent(deps.db, viewer, eventId, 'edit', { hideRefusal: true });
  const [[event], rows, checkedIn] = await Promise.all([
    queryRows<{
      id: string;
      date_begin: string;
      date_end: string;
      date_max_refund: string | null;
      cancelled_at: string | null;
      cap: number;
      sold: number;
      held: number;
    }>(
      deps.db,
      sql`select e.id, e.date_begin, e.date_end, e.date_max_refund, e.cancelled_at, e.nb_max_participants as cap,
                 coalesce(sum(t.sold) filter (where not t.is_multipart and t.deleted_at is null), 0)::int as sold,
                 coalesce(sum(t.held) filter (where not t.is_multipart and t.deleted_at is null), 0)::int as held
            from events e left join tickets t on t.event_id = e.id where e.id = ${access.id} group by e.id`,
    ),
    repo.findDates(deps.db, access.id),
    repo.countCheckedIn(deps.db, access.id),
  ]);
  if (!event) throw eventNotFound();
  const own = {
    id: event.id,
    dateBegin: new Date(event.date_begin),
    dateEnd: new Date(event.date_end),
    dateMaxRefund: event.date_max_refund ? new Date(event.date_max_refund) : null,
    cancelledAt: event.cancelled_at ? new Date(event.cancelled_at) : null,
  };
  const capped = event.cap !== UNLIMITED;
  const views = eventDateViews(own, rows, {
    eventSoldOut: capped && event.sold + event.held >= event.cap,
    ownPlacesLeft: capped ? Math.max(0, event.cap - event.sold - event.held) : null,
    tickets: [],
  });
  if (rows.length === 0) {
    const total = [...checkedIn.values()].reduce((sum, n) => sum + n, 0);
    return views.map((view) => ({
      ...view,
      capacity: capped ? event.cap : null,
      sold: event.sold,
      held: event.held,
      checkedIn: total,
    }));
  }
  return views.map((view, i) => {
    const row = rows[i] as repo.DateRow;
    return { ...view, capacity: row.capacity, sold: row.sold, held: row.held, checkedIn: checkedIn.get(row.id) ?? 0 };
  });
}

/** The partial body of PATCH …/dates/{dateId}. */
export const eventDatePatch = eventDateInput.partial();

/**
 * A ticket type's dates as the organiser sent them, checked under the event's lock: ids of this
 * event's dates (a one-date event's own id stands for every date), and a pass covering no
 * cancelled date. Returns the links to write (none: every date).
 */
export async function checkedTicketDates(
  tx: Database,
  eventId: string,
  ticket: { dateIds: string[]; isPass: boolean },
): Promise<string[]> {
  const wanted = [...new Set(ticket.dateIds)];
  const dates = await repo.findDates(tx, eventId);
  if (dates.length === 0) {
    if (wanted.some((id) => id !== eventId)) throw badRequest(m.unknownDateIds, 'dateIds');
    return [];
  }
  const byId = new Map(dates.map((date) => [date.id, date]));
  if (wanted.some((id) => !byId.has(id))) throw badRequest(m.unknownDateIds, 'dateIds');
  const covered = wanted.length === 0 ? dates : wanted.map((id) => byId.get(id) as repo.DateRow);
  if (ticket.isPass && covered.some((date) => date.cancelledAt)) throw badRequest(m.passCoversCancelled, 'dateIds');
  if (!ticket.isPass && wanted.some((id) => byId.get(id)?.cancelledAt)) throw badRequest(m.dateCancelled, 'dateIds');
  return wanted.length === dates.length ? [] : wanted;
}

/**
 * The date a place given or sold by the organiser is for (a sale at the door, an invitation):
 * the checkout's rules (checkout/lines.ts). On an event of several dates a ticket for one date
 * names one of the dates it is sold for, not cancelled; a pass names none and covers no cancelled
 * date. A one-date event's places name none.
 */
export async function placeDateOf(
  db: Database,
  eventId: string,
  ticketId: string,
  dateId: string | null | undefined,
  field: string,
): Promise<string | null> {
  const dates = await repo.findDates(db, eventId);
  if (dates.length === 0) return null;
  const ticket = (await repo.findTicketDates(db, eventId)).find((t) => t.id === ticketId);
  return placeDateAmong(dates, ticket, dateId, field);
}

/** placeDateOf's rules on the event's dates and the ticket's, read by the caller (a file's rows read them once). */
export function placeDateAmong(
  dates: repo.DateRow[],
  ticket: repo.TicketDates | undefined,
  dateId: string | null | undefined,
  field: string,
): string | null {
  if (dates.length === 0) return null;
  const sellsFor = ticket?.dateIds ?? [];
  const covered = (date: repo.DateRow) => sellsFor.length === 0 || sellsFor.includes(date.id);
  if (ticket?.isPass) {
    if (dates.some((date) => covered(date) && date.cancelledAt)) {
      throw new AppError('DATE_CANCELLED', m.passCoversCancelled, 409, field);
    }
    return null;
  }
  if (!dateId) throw new AppError('DATE_REQUIRED', m.dateRequired, 400, field);
  const date = dates.find((d) => d.id === dateId);
  if (!date || !covered(date)) throw badRequest(m.dateNotForTicket, field);
  if (date.cancelledAt) throw new AppError('DATE_CANCELLED', m.dateCancelled, 409, field);
  return date.id;
}
