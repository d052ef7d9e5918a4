import type {
  DateAvailability,
  EventAvailability,
  EventDateView,
  EventDetail,
  TicketOption,
  TicketPlaces,
} from '@guichet/shared';

/**
 * The event as loaded, with the live figures of its tickets laid over it (issue 17): places left,
 * sold out, and a count that cannot pass the places left. Everything that reads the event (the
 * status badge, the ticket list, the buying bar, the checkout rules) sees the same figures.
 */
export function withAvailability(event: EventDetail, live: EventAvailability | null): EventDetail {
  if (!live || live.eventId !== event.id) return event;
  const figures = new Map(live.tickets.map((ticket) => [ticket.id, ticket]));
  const tickets = event.tickets.map((ticket) => ({
    ...overlay(ticket, figures.get(ticket.id)),
    options: ticket.options.map((option) => overlay(option, figures.get(option.id))),
  }));
  const isSoldOut = live.isSoldOut;
  const status = isSoldOut ? 'soldOut' : event.status === 'soldOut' ? (event.isOpen ? 'open' : 'closed') : event.status;
  const dates = event.dates && live.dates ? withDateFigures(event.dates, live.dates) : event.dates;
  return { ...event, isSoldOut, status, tickets, ...(dates && { dates }) };
}

/** The live places of each date (issue 32); a cancelled date stays cancelled. */
function withDateFigures(dates: EventDateView[], live: DateAvailability[]): EventDateView[] {
  const figures = new Map(live.map((date) => [date.id, date]));
  return dates.map((date) => {
    const figure = figures.get(date.id);
    if (!figure || date.status === 'cancelled') return date;
    return { ...date, placesLeft: figure.placesLeft, status: figure.isSoldOut ? 'soldOut' : 'onsale' };
  });
}

function overlay<T extends TicketOption>(ticket: T, figures: TicketPlaces | undefined): T {
  if (!figures) return ticket;
  return {
    ...ticket,
    placesLeft: figures.placesLeft,
    isSoldOut: figures.isSoldOut,
    maxToBuy: Math.min(ticket.maxToBuy, figures.placesLeft),
  };
}

/**
 * Whether places came back beyond what the page knows the ticket's own limit to be (the count
 * it was loaded with was cut by the places left then): the event is read again for its limits.
 */
export function needsReload(loaded: EventDetail, live: EventAvailability): boolean {
  const figures = new Map(live.tickets.map((ticket) => [ticket.id, ticket.placesLeft]));
  const all = loaded.tickets.flatMap((ticket) => [ticket, ...ticket.options]);
  return all.some(
    (ticket) => ticket.maxToBuy >= ticket.placesLeft && (figures.get(ticket.id) ?? 0) > ticket.placesLeft,
  );
}

/** The tickets that sold out between two sets of figures, for the screen reader's announcement. */
export function newlySoldOut(before: EventAvailability | null, after: EventAvailability): string[] {
  if (!before) return [];
  const was = new Map(before.tickets.map((ticket) => [ticket.id, ticket.isSoldOut]));
  return after.tickets.filter((ticket) => ticket.isSoldOut && was.get(ticket.id) === false).map((ticket) => ticket.id);
}

/** The dates that sold out between two sets of figures (issue 32), for the same announcement. */
export function newlySoldOutDates(before: EventAvailability | null, after: EventAvailability): string[] {
  if (!before?.dates || !after.dates) return [];
  const was = new Map(before.dates.map((date) => [date.id, date.isSoldOut]));
  return after.dates.filter((date) => date.isSoldOut && was.get(date.id) === false).map((date) => date.id);
}
