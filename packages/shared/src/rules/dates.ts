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

const dayParts = new Intl.DateTimeFormat('fr-FR', {
  timeZone: PARIS,
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
});

/** The parts of a card's date block, in Paris time: { weekday: 'sam.', day: '12', month: 'déc.', time: '20:00' }. */
export function dateBlock(iso: string): { weekday: string; day: string; month: string; time: string } {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return { weekday: '', day: '', month: '', time: '' };
  const parts = Object.fromEntries(dayParts.formatToParts(date).map((part) => [part.type, part.value]));
  return {
    weekday: parts.weekday ?? '',
    day: parts.day ?? '',
    month: parts.month ?? '',
    time: `${parts.hour ?? ''}:${parts.minute ?? ''}`,
  };
}
