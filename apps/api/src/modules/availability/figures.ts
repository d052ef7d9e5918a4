import { type EventAvailability, UNLIMITED } from '@guichet/shared';
import type { PlacesRow } from './repository';

/**
 * One reader's view of an event's places: only the tickets `visible` names, with the event
 * page's rules (events/event.service.ts): places left never below 0; a choice ticket is sold out when
 * each of its visible options is sold out or off sale, and its places are theirs; the event is
 * full when its participant cap is reached or every visible ticket is sold out.
 */
export function availabilityView(eventId: string, rows: PlacesRow[], visible: ReadonlySet<string>): EventAvailability {
  const left = (row: PlacesRow) => Math.max(0, row.quantity - row.sold - row.held);
  const shown = rows.filter((row) => visible.has(row.id));
  const tickets = shown.map((row) => {
    if (!row.is_multipart) {
      const placesLeft = left(row);
      return { id: row.id, placesLeft, isSoldOut: placesLeft === 0 };
    }
    const onSale = shown.filter((option) => option.parent_id === row.id && option.is_available);
    const placesLeft = onSale.reduce((sum, option) => sum + left(option), 0);
    return { id: row.id, placesLeft, isSoldOut: placesLeft === 0 };
  });
  const cap = rows[0]?.cap ?? UNLIMITED;
  const taken = rows.filter((row) => !row.is_multipart).reduce((sum, row) => sum + row.sold + row.held, 0);
  const heads = tickets.filter((ticket) => !shown.find((row) => row.id === ticket.id)?.parent_id);
  const isSoldOut =
    (cap !== UNLIMITED && taken >= cap) || (heads.length > 0 && heads.every((ticket) => ticket.isSoldOut));
  return { eventId, isSoldOut, tickets, dates: dateFigures(eventId, rows, shown, tickets, cap, taken, isSoldOut) };
}

/**
 * Each date's places (issue 32), as the event page counts them (dates/views.ts): a one-date
 * event's one is the event's own; a date is sold out when its capacity is reached or no ticket
 * selling it has a place left.
 */
function dateFigures(
  eventId: string,
  rows: PlacesRow[],
  shown: PlacesRow[],
  tickets: { id: string; isSoldOut: boolean }[],
  cap: number,
  taken: number,
  eventSoldOut: boolean,
): EventAvailability['dates'] {
  const dates = rows[0]?.dates;
  if (!dates) {
    return [{ id: eventId, placesLeft: cap === UNLIMITED ? null : Math.max(0, cap - taken), isSoldOut: eventSoldOut }];
  }
  const capReached = cap !== UNLIMITED && taken >= cap;
  const heads = shown.filter((row) => !row.parent_id);
  return dates.map((date) => {
    const selling = heads.filter((row) => !row.date_ids || row.date_ids.includes(date.id));
    const isSoldOut =
      date.cancelled ||
      capReached ||
      date.left === 0 ||
      (selling.length > 0 && selling.every((row) => tickets.find((t) => t.id === row.id)?.isSoldOut));
    return { id: date.id, placesLeft: date.left, isSoldOut };
  });
}

/** The figures that readers see, to tell whether a new read changed anything. */
export function fingerprint(rows: PlacesRow[]): string {
  const dates = rows[0]?.dates?.map((date) => `${date.id}:${date.left}:${date.cancelled}`).join(',') ?? '';
  return `${rows.map((row) => `${row.id}:${row.quantity}:${row.sold}:${row.held}:${row.is_available}`).join(',')}|${dates}`;
}
