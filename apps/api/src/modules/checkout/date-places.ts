import type { DatePlaces } from '../orders/repository';
import type { Sale } from './sale.repository';

type PlaceLine = { ticketId: string; dateId?: string | null; quantity: number };

/**
 * The places an order takes per date, counted as the database counts them (orders/sql/
 * guichet_date_lines.sql): a line of a ticket for one date on that date, a pass's line on every
 * date its ticket covers (every date of the event when it names none), the gift on the first
 * line's date. From the sale the order was checked against, so that the hold reads no table for
 * them; undefined when the sale has no dates, or when a line of a dated ticket names no date
 * (the hold then counts and refuses it itself).
 */
export function datePlacesOf(
  sale: Pick<Sale, 'tickets' | 'dates'>,
  lines: readonly PlaceLine[],
  giftTicketId: string | null,
): DatePlaces | undefined {
  if (sale.dates.length === 0) return undefined;
  const tickets = new Map(sale.tickets.map((t) => [t.id, t]));
  const every = sale.dates.map((d) => d.id);
  const all: PlaceLine[] = giftTicketId
    ? [...lines, { ticketId: giftTicketId, dateId: lines[0]?.dateId ?? null, quantity: 1 }]
    : [...lines];
  const perDate = new Map<string, number>();
  for (const line of all) {
    if (line.quantity <= 0) continue;
    const ticket = tickets.get(line.ticketId);
    if (!ticket) return undefined;
    let dates: readonly string[];
    if (ticket.isPass) dates = ticket.dateIds.length > 0 ? ticket.dateIds : every;
    else if (line.dateId) dates = [line.dateId];
    else return undefined;
    for (const dateId of dates) perDate.set(dateId, (perDate.get(dateId) ?? 0) + line.quantity);
  }
  // Date id order, as PostgreSQL orders uuids (their lowercase text's order).
  const dateIds = [...perDate.keys()].sort();
  return { dateIds, quantities: dateIds.map((id) => perDate.get(id) ?? 0) };
}
