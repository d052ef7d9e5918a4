import { isCalendarDay, parisDay, parisTime } from '@guichet/shared';

/** A date as an organiser writes it in a file: a Paris calendar day, and its time when given. */
export type DateCell = { day: string; minutes: number | null };

// 12/07/2027, 12/07/2027 20:30, 12/07/2027 à 20h30, 12-07-2027 20h; and the ISO forms a workbook's
// date cells are read as (2027-07-12, 2027-07-12 20:30, 2027-07-12T20:30:00).
const FRENCH = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})(?:\s+(?:à\s+)?(\d{1,2})\s*[h:]\s*(\d{2})?)?$/i;
const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?)?$/;

/** The day and time a cell names, or null when it names none (or a day the calendar has not). */
export function readDateCell(text: string): DateCell | null {
  const value = text.trim();
  const french = FRENCH.exec(value);
  const iso = french ? null : ISO.exec(value);
  if (!french && !iso) return null;
  const [year, month, day, hours, minutes] = french
    ? [french[3], french[2], french[1], french[4], french[5]]
    : [iso?.[1], iso?.[2], iso?.[3], iso?.[4], iso?.[5]];
  const calendarDay = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  if (!isCalendarDay(calendarDay)) return null;
  if (hours === undefined) return { day: calendarDay, minutes: null };
  const h = Number(hours);
  const m = Number(minutes ?? 0);
  if (h > 23 || m > 59) return null;
  return { day: calendarDay, minutes: h * 60 + m };
}

/** The dates a cell names: every date starting that day in Paris, or the one starting at its time. */
export function datesNamed<D extends { dateBegin: Date }>(dates: D[], cell: DateCell): D[] {
  const at = cell.minutes === null ? null : parisTime(cell.day, cell.minutes).getTime();
  return dates.filter((date) =>
    at === null ? parisDay(date.dateBegin) === cell.day : date.dateBegin.getTime() === at,
  );
}
