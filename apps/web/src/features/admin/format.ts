const short = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeStyle: 'short', timeZone: 'Europe/Paris' });
const day = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeZone: 'Europe/Paris' });

/** "25/11/2026 09:30", in Paris time: the back office's lists are dense. */
export function shortDateTime(iso: string): string {
  return short.format(new Date(iso));
}

export function longDate(iso: string): string {
  return day.format(new Date(iso));
}
