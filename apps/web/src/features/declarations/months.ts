const PARIS_MONTH = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit' });

/** The Paris calendar month of an instant, 'YYYY-MM'. */
export function parisMonth(at: Date): string {
  return PARIS_MONTH.format(at).slice(0, 7);
}

/**
 * The months the period picker offers, newest first: from the later of today and the event's end
 * (a refund may come after it) back `count` months, which covers the on-sale of any event.
 */
export function monthOptions(today: Date, eventEnd: Date | null, count = 24): string[] {
  const latest = parisMonth(eventEnd && eventEnd > today ? eventEnd : today);
  let year = Number(latest.slice(0, 4));
  let month = Number(latest.slice(5, 7));
  const months: string[] = [];
  for (let i = 0; i < count; i++) {
    months.push(`${year}-${String(month).padStart(2, '0')}`);
    month -= 1;
    if (month === 0) {
      month = 12;
      year -= 1;
    }
  }
  return months;
}
