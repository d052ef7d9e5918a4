import type { EventDateStatus, EventDateView } from '@guichet/shared';
import type { DateRow } from './dates.repository';

type OwnDates = { id: string; dateBegin: Date; dateEnd: Date; dateMaxRefund: Date | null; cancelledAt: Date | null };

/** What a date's page figures need of the tickets: which dates each sells, whether it has places left. */
type TicketCover = { dateIds?: string[]; isSoldOut: boolean };

const placesLeftOf = (date: DateRow) =>
  date.capacity === null ? null : Math.max(0, date.capacity - date.sold - date.held);

/**
 * The dates as the event page shows them, by start. A one-date event has one, the event's own
 * (id = the event's id), whose places left are what its cap leaves. A date is sold out when its
 * capacity is reached or no ticket type selling it has a place left.
 */
export function eventDateViews(
  event: OwnDates,
  rows: DateRow[],
  figures: { eventSoldOut: boolean; ownPlacesLeft: number | null; tickets: TicketCover[] },
): EventDateView[] {
  if (rows.length === 0) {
    const status: EventDateStatus = event.cancelledAt ? 'cancelled' : figures.eventSoldOut ? 'soldOut' : 'onsale';
    return [
      {
        id: event.id,
        dateBegin: event.dateBegin.toISOString(),
        dateEnd: event.dateEnd.toISOString(),
        dateMaxRefund: event.dateMaxRefund?.toISOString() ?? null,
        placesLeft: figures.ownPlacesLeft,
        status,
        movedFrom: null,
      },
    ];
  }
  return rows.map((date) => {
    const placesLeft = placesLeftOf(date);
    const selling = figures.tickets.filter((t) => !t.dateIds?.length || t.dateIds.includes(date.id));
    const soldOut =
      figures.eventSoldOut || placesLeft === 0 || (selling.length > 0 && selling.every((t) => t.isSoldOut));
    const status: EventDateStatus =
      date.cancelledAt || event.cancelledAt ? 'cancelled' : soldOut ? 'soldOut' : 'onsale';
    return {
      id: date.id,
      dateBegin: date.dateBegin.toISOString(),
      dateEnd: date.dateEnd.toISOString(),
      dateMaxRefund: date.dateMaxRefund?.toISOString() ?? null,
      placesLeft,
      status,
      movedFrom: date.movedFrom?.toISOString() ?? null,
    };
  });
}
