import {
  type Answers,
  type AskedQuestion,
  checkoutFr,
  datesFr,
  holdersIssue,
  MAX_TICKETS_PER_ORDER,
  type OrderLineRequest,
  orderCapOf,
  type PlaceHolder,
  trimmedHolder,
} from '@guichet/shared';
import { AppError, badRequest } from '../../lib/errors';
import { checkPlaceAnswers } from './answers';
import type { SaleDate, SaleEvent, SaleTicket } from './sale.repository';

const m = checkoutFr;
type TicketRow = SaleTicket;
type EventRow = SaleEvent;

type CheckedLine = {
  ticket: TicketRow;
  /** The date bought (issue 32); null for a pass and for a one-date event. */
  dateId: string | null;
  quantity: number;
  refundPlaces: number;
  holders: PlaceHolder[] | null;
  /** The answers to the questions asked for each place (issue 30), in order. */
  answers: Answers[] | null;
};

export const unavailable = () => new AppError('TICKET_UNAVAILABLE', m.ticketUnavailable, 409);

/**
 * The ticket step (1-attendee.md §5) on the server: every line must name a ticket of this event
 * that the buyer may see, with a quantity and refund places within the rules.
 */
export function checkLines(
  lines: OrderLineRequest[],
  context: {
    event: EventRow;
    tickets: TicketRow[];
    questions: AskedQuestion[];
    visibleHidden: Set<string>;
    now: Date;
    /** The event's dates (issue 32); none for a one-date event. */
    dates?: SaleDate[];
  },
): CheckedLine[] {
  const byId = new Map(context.tickets.map((t) => [t.id, t]));
  const checked: CheckedLine[] = [];
  for (const [index, line] of mergeLinesByTicket(lines).entries()) {
    const ticket = byId.get(line.ticketId);
    const parent = ticket?.parentId ? byId.get(ticket.parentId) : undefined;
    const hidden = ticket && (ticket.isHidden || parent?.isHidden);
    if (!ticket || (hidden && !context.visibleHidden.has(ticket.id) && !context.visibleHidden.has(parent?.id ?? ''))) {
      throw unavailable();
    }
    if (line.quantity === 0) throw badRequest(m.ticketCountRequired, 'quantity');
    if (ticket.isMultipart) throw badRequest(m.choiceRequired, 'ticketId');
    if (!ticket.isAvailable || (parent && !parent.isAvailable)) throw unavailable();
    const dateId = checkDate(line, ticket, parent, index, context);
    // A free ticket is capped at 1, and an order holds 5 tickets at most.
    const max = Math.min(ticket.maxToBuy, orderCapOf(ticket));
    if (line.quantity < Math.min(ticket.minToBuy, max)) throw badRequest(m.belowMin(ticket.minToBuy), 'quantity');
    if (line.quantity > max) throw badRequest(m.aboveMax(max), 'quantity');
    checked.push({
      ticket,
      dateId,
      quantity: line.quantity,
      refundPlaces: refundPlacesOf(line, ticket, context),
      holders: context.event.isNamedTickets ? checkHolders(line, index) : null,
      answers: checkPlaceAnswers(
        context.questions,
        { ticketId: ticket.id, parentId: ticket.parentId, quantity: line.quantity, answers: line.answers },
        index,
      ),
    });
  }
  const total = checked.reduce((sum, line) => sum + line.quantity, 0);
  if (total > MAX_TICKETS_PER_ORDER) throw badRequest(m.aboveMax(MAX_TICKETS_PER_ORDER), 'quantity');
  // One free place per account and event: a free event's order holds one ticket, another
  // event's order one free ticket (the account's earlier orders are checked with the places).
  const isFreeEvent = context.tickets.every((t) => t.priceCents === 0);
  const free = checked.filter((line) => line.ticket.priceCents === 0).reduce((sum, line) => sum + line.quantity, 0);
  if (isFreeEvent ? total > 1 : free > 1) throw badRequest(m.aboveMax(1), 'quantity');
  return checked;
}

/**
 * The date a line is for (issue 32): on an event of several dates, a ticket for one date names one
 * of the dates it is sold for, not cancelled nor over; a pass names none and covers no cancelled
 * date. A one-date event's lines name none (a date sent is its own).
 */
function checkDate(
  line: OrderLineRequest,
  ticket: TicketRow,
  parent: TicketRow | undefined,
  index: number,
  context: { dates?: SaleDate[]; now: Date },
): string | null {
  const dates = context.dates ?? [];
  if (dates.length === 0) return null;
  const sellsFor = ticket.dateIds.length > 0 ? ticket.dateIds : (parent?.dateIds ?? []);
  const covered = (date: SaleDate) => sellsFor.length === 0 || sellsFor.includes(date.id);
  if (ticket.isPass) {
    if (dates.some((date) => covered(date) && date.cancelled)) {
      throw new AppError('DATE_CANCELLED', datesFr.passCoversCancelled, 409, `lines.${index}.ticketId`);
    }
    return null;
  }
  if (!line.dateId) throw new AppError('DATE_REQUIRED', datesFr.dateRequired, 400, `lines.${index}.dateId`);
  const date = dates.find((d) => d.id === line.dateId);
  if (!date || !covered(date)) throw badRequest(datesFr.dateNotForTicket, `lines.${index}.dateId`);
  if (date.cancelled) throw new AppError('DATE_CANCELLED', datesFr.dateCancelled, 409, `lines.${index}.dateId`);
  if (date.dateEnd <= context.now.getTime()) throw new AppError('TICKETING_CLOSED', m.ticketingClosed, 409);
  return date.id;
}

/**
 * Named tickets (issue 30): one holder per place, each with a first and a last name of at most 100
 * characters once trimmed; the error names the field of the place it is about.
 */
function checkHolders(line: OrderLineRequest, index: number): PlaceHolder[] {
  const issue = holdersIssue(line.holders, line.quantity);
  if (issue) throw badRequest(issue.message, `lines.${index}.${issue.field}`);
  return (line.holders ?? []).map(trimmedHolder);
}

/**
 * Limits apply to a ticket, not to a line: two lines of one ticket are one line of their sum, so
 * that five lines of one place cannot pass a limit of one. Lines of one ticket for different
 * dates (issue 32) stay apart, each under the ticket's limits.
 */
function mergeLinesByTicket(lines: OrderLineRequest[]): OrderLineRequest[] {
  const merged = new Map<string, OrderLineRequest>();
  for (const line of lines) {
    const key = `${line.ticketId}/${line.dateId ?? ''}`;
    const known = merged.get(key);
    merged.set(
      key,
      known
        ? {
            ...known,
            quantity: known.quantity + line.quantity,
            refundPlaces: known.refundPlaces + line.refundPlaces,
            holders: [...(known.holders ?? []), ...(line.holders ?? [])],
            // Each place keeps its own answers: a line without them counts blank places.
            answers: [...placeAnswersOf(known), ...placeAnswersOf(line)],
          }
        : line,
    );
  }
  return [...merged.values()];
}

function placeAnswersOf(line: OrderLineRequest): Answers[] {
  return Array.from({ length: line.quantity }, (_, place) => line.answers?.[place] ?? {});
}

/**
 * The gift the buyer took (1-attendee.md §4, quantity 0 or 1): a ticket offered by a ticket of the
 * order (or by the head of its choice), available, one definite place. Hidden is fine: a gift is
 * often a ticket that is not sold on its own.
 */
export function checkGift(
  giftTicketId: string | null | undefined,
  lines: CheckedLine[],
  tickets: TicketRow[],
): TicketRow | null {
  if (!giftTicketId) return null;
  const byId = new Map(tickets.map((t) => [t.id, t]));
  const offered = lines.some((line) => {
    const head = line.ticket.parentId ? byId.get(line.ticket.parentId) : line.ticket;
    return head?.giftIds.includes(giftTicketId);
  });
  const gift = byId.get(giftTicketId);
  if (!offered || !gift || gift.isMultipart || !gift.isAvailable) throw unavailable();
  return gift;
}

function refundPlacesOf(line: OrderLineRequest, ticket: TicketRow, context: { event: EventRow; now: Date }): number {
  const { event } = context;
  const wanted = event.isMandatoryRefund && ticket.priceCents > 0 ? line.quantity : line.refundPlaces;
  if (wanted === 0) return 0;
  if (ticket.priceCents === 0 || !event.dateMaxRefund) throw badRequest(m.refundPlacesInvalid, 'refundPlaces');
  if (event.dateMaxRefund <= context.now) throw badRequest(m.refundDeadlinePassed, 'refundPlaces');
  if (wanted < 1 || wanted > line.quantity) throw badRequest(m.refundPlacesInvalid, 'refundPlaces');
  return wanted;
}
