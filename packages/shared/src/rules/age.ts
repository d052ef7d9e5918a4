export const MIN_AGE = 16;
export const MAX_AGE = 100;

const isoDate = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Parses YYYY-MM-DD into its parts, or null when it is not a real calendar date. */
export function parseIsoDate(value: string): { year: number; month: number; day: number } | null {
  const match = isoDate.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    return null;
  }
  return { year, month, day };
}

// Built once: constructing a formatter costs far more than formatting.
const parisDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Paris',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

// Paris changes day on a whole UTC minute (its offsets are whole hours): one format a minute,
// not one per order checked (2 % of a hold's server time in bench/onsale's profile).
let formatted = { minute: Number.NaN, date: '' };

/** Today's date in Europe/Paris as YYYY-MM-DD: ages change at Paris midnight. */
export function todayInParis(now: Date = new Date()): string {
  const minute = Math.floor(now.getTime() / 60_000);
  if (minute !== formatted.minute) formatted = { minute, date: parisDate.format(now) };
  return formatted.date;
}

/** Age in whole years on `today` (YYYY-MM-DD), or null for an invalid birth date. */
export function ageOn(birthDate: string, today: string): number | null {
  const birth = parseIsoDate(birthDate);
  const now = parseIsoDate(today);
  if (!birth || !now) return null;
  let age = now.year - birth.year;
  if (now.month < birth.month || (now.month === birth.month && now.day < birth.day)) age--;
  return age;
}

export function isAgeAllowed(birthDate: string, today: string = todayInParis()): boolean {
  const age = ageOn(birthDate, today);
  return age !== null && age >= MIN_AGE && age <= MAX_AGE;
}
