const DAY_MS = 86_400_000;
/** Past this many days a rule is far beyond EVENT_DATES_MAX anyway: the count stops there. */
const MAX_SPAN_DAYS = 3660;

/**
 * How many dates a repeating rule makes (issue 32), as the server counts them: each day from
 * `fromDay` to `toDay` included whose weekday (0 Sunday … 6 Saturday) is chosen. 0 for a day
 * that is not one, or a range backwards.
 */
export function repeatCount({ weekdays, fromDay, toDay }: { weekdays: number[]; fromDay: string; toDay: string }) {
  const from = Date.parse(`${fromDay}T00:00:00Z`);
  const to = Date.parse(`${toDay}T00:00:00Z`);
  if (Number.isNaN(from) || Number.isNaN(to) || to < from || weekdays.length === 0) return 0;
  const chosen = new Set(weekdays);
  let count = 0;
  const last = Math.min(to, from + MAX_SPAN_DAYS * DAY_MS);
  for (let day = from; day <= last; day += DAY_MS) if (chosen.has(new Date(day).getUTCDay())) count += 1;
  return count;
}
