import { fr } from '../messages/fr';

const PARIS = 'Europe/Paris';

const dateTime = new Intl.DateTimeFormat('fr-FR', {
  timeZone: PARIS,
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

const dateOnly = new Intl.DateTimeFormat('fr-FR', { timeZone: PARIS, day: 'numeric', month: 'long', year: 'numeric' });

function format(formatter: Intl.DateTimeFormat, iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? fr.common.invalidDate : formatter.format(date);
}

/** An instant as shown to users, in Paris time: "samedi 12 décembre 2026 à 20:00". */
export function formatDateTime(iso: string): string {
  return format(dateTime, iso);
}

export function formatDate(iso: string): string {
  return format(dateOnly, iso);
}
