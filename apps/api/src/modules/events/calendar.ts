/**
 * An event as an iCalendar file (RFC 5545), for "Ajouter au calendrier": one VEVENT in UTC, its
 * texts escaped and its lines folded at 75 octets, as calendars require.
 */
type CalendarEvent = {
  id: string;
  title: string;
  description: string;
  address: string;
  dateBegin: Date;
  dateEnd: Date;
  url: string;
  organizerName: string;
};

const stamp = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

function escapeText(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

/** Folds a content line: no line longer than 75 octets, continuations start with a space. */
function fold(line: string): string {
  const bytes = Buffer.from(line, 'utf8');
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let current = '';
  let size = 0;
  for (const char of line) {
    const length = Buffer.byteLength(char, 'utf8');
    // The first line holds 75 octets; the next ones 74 after their leading space.
    if (size + length > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = '';
      size = 0;
    }
    current += char;
    size += length;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

export function buildCalendarFile(event: CalendarEvent, now: Date, brandName: string): string {
  const description = `${event.description.slice(0, 1000)}\n\n${event.url}`;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${escapeText(brandName)}//Billetterie//FR`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${event.id}@${escapeText(brandName.toLowerCase().replace(/[^a-z0-9]+/g, '-'))}`,
    `DTSTAMP:${stamp(now)}`,
    `DTSTART:${stamp(event.dateBegin)}`,
    `DTEND:${stamp(event.dateEnd)}`,
    `SUMMARY:${escapeText(event.title)}`,
    `DESCRIPTION:${escapeText(description)}`,
    ...(event.address ? [`LOCATION:${escapeText(event.address)}`] : []),
    `ORGANIZER;CN=${escapeText(event.organizerName).replace(/"/g, '')}:MAILTO:noreply@invalid`,
    `URL:${event.url}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
