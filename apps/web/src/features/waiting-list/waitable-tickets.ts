import type { EventDetail } from '@guichet/shared';

export type Waitable = { id: string; title: string; priceCents: number };

/**
 * The tickets one may wait for: those with places (plain tickets and the options of a choice
 * ticket) sold out, or every one once the event's cap is reached (the event is full while its
 * tickets still show places).
 */
export function waitableTickets(event: EventDetail): Waitable[] {
  const capReached = event.isSoldOut && event.tickets.some((ticket) => !ticket.isSoldOut);
  return event.tickets.flatMap((ticket) =>
    ticket.isMultipart
      ? ticket.options
          .filter((option) => capReached || option.isSoldOut)
          .map((option) => ({ ...option, title: `${ticket.title} — ${option.title}` }))
      : capReached || ticket.isSoldOut
        ? [ticket]
        : [],
  );
}
