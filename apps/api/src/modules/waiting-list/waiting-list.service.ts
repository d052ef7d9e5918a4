import {
  datesFr,
  formatDateTime,
  UNLIMITED,
  type WaitingListEntry,
  type WaitingListOfTicket,
  waitingListFr,
  waitingQuantityMax,
} from '@guichet/shared';
import type { AppDeps } from '../../app-deps';
import { AppError, badRequest } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import type { Viewer } from '../../policy/can';
import { authorizeEvent } from '../../policy/event-access';
import { placeDateOf } from '../dates/dates.service';
import { hasFreePlace, withdrawOffer } from '../orders/offers';
import { oneFreeTicket } from '../orders/refusals';
import { releaseOrder } from '../orders/release';
import * as repo from './waiting-list.repository';

const m = waitingListFr.errors;

const onSale = () => new AppError('TICKET_ON_SALE', m.onSale, 409, 'ticketId');

/**
 * Places a buyer may take now (the page's count: owed places are not), on the ticket and under the
 * cap, and on the date waited for (issue 32: `dateFree`, null when none or no capacity of its own).
 */
function isOnSale(ticket: repo.WaitingTicketRow, dateFree: number | null): boolean {
  const capReached = ticket.cap !== UNLIMITED && ticket.eventTaken >= ticket.cap;
  return ticket.isAvailable && ticket.placesLeft > 0 && !capReached && (dateFree === null || dateFree > 0);
}

/**
 * The date a person waits for (issue 32): a ticket for one date of an event of several needs it,
 * as its order would; a pass and a one-date event's ticket wait for none (a date given is ignored).
 */
async function waitedDateOf(deps: AppDeps, eventId: string, ticketId: string, dateId: string | undefined) {
  try {
    return await placeDateOf(deps.db, eventId, ticketId, dateId && isUuid(dateId) ? dateId : null, 'dateId');
  } catch (error) {
    if (error instanceof AppError && error.code === 'DATE_REQUIRED' && !dateId) {
      throw new AppError('DATE_REQUIRED', m.dateRequired, 400, 'dateId');
    }
    throw error;
  }
}

const ticketNotFound = () => new AppError('TICKET_NOT_FOUND', m.ticketNotFound, 404, 'ticketId');

/**
 * A ticket a person may wait for: one of the event's own, shown on its page and carrying places
 * (a choice ticket's head does not: its options do).
 */
async function findWaitingTicket(deps: AppDeps, eventId: string, ticketId: string) {
  const ticket = isUuid(ticketId) ? await repo.findWaitingTicket(deps.db, eventId, ticketId, deps.clock.now()) : null;
  if (!ticket || ticket.isHidden || ticket.isMultipart) throw ticketNotFound();
  return ticket;
}

/**
 * Joins the line of a sold-out ticket (issue 30): no place left on it, or the event's cap reached,
 * or (issue 32) none left on the date waited for while other dates still sell. Places still on
 * sale are bought, not waited for. One live entry per account, ticket and date, held by the
 * database's unique index, so two joins at the same instant leave one entry.
 */
export async function joinWaitingList(
  deps: AppDeps,
  viewer: Viewer | null,
  eventId: string,
  request: { ticketId: string; quantity: number; dateId?: string },
): Promise<WaitingListEntry> {
  const event = await authorizeEvent(deps.db, viewer, eventId, 'see');
  const userId = viewer?.id as string;
  const ticket = await findWaitingTicket(deps, event.id, request.ticketId);
  const max = waitingQuantityMax(ticket);
  if (request.quantity < 1 || request.quantity > max) throw badRequest(m.quantity(max), 'quantity');
  if (!ticket.isSaleOpen) throw new AppError('SALE_CLOSED', m.saleClosed, 409);
  const dateId = await waitedDateOf(deps, event.id, ticket.id, request.dateId);
  if (isOnSale(ticket, dateId ? await repo.findDateFree(deps.db, event.id, dateId, deps.clock.now()) : null)) {
    throw onSale();
  }
  // One free place per account and event, as every order: someone who has theirs cannot wait for another.
  if (ticket.priceCents === 0 && (await hasFreePlace(deps.db, { eventId: event.id, userId }, deps.clock.now()))) {
    throw oneFreeTicket(false);
  }
  const entry = { eventId: event.id, ticketId: ticket.id, dateId, userId, quantity: request.quantity };
  const outcome = await deps.db.transaction(async (tx) => {
    // Decided again under the places' locks, so that places given back meanwhile call this entry too.
    await repo.lockEventPlaces(tx, event.id, dateId);
    const locked = await repo.findWaitingTicket(tx, event.id, ticket.id, deps.clock.now());
    const dateFree = dateId ? await repo.findDateFree(tx, event.id, dateId, deps.clock.now()) : null;
    if (!locked || isOnSale(locked, dateFree)) return 'on_sale' as const;
    return (await repo.insertEntry(tx, entry)) ? ('joined' as const) : ('already' as const);
  });
  if (outcome === 'on_sale') throw onSale();
  if (outcome === 'already') throw new AppError('ALREADY_IN_LINE', m.alreadyInLine, 409, 'ticketId');
  const [joined] = (await repo.findViewerEntries(deps.db, event.id, userId)).filter(
    (e) => e.ticketId === ticket.id && e.dateId === dateId,
  );
  if (!joined) throw new Error('waiting list entry not found after its insert');
  return joined;
}

/** Leaves the line of one ticket (of one date, issue 32); leaving a line one is not in changes nothing. */
export async function leaveWaitingList(
  deps: AppDeps,
  viewer: Viewer | null,
  eventId: string,
  line: { ticketId: string; dateId?: string },
) {
  const event = await authorizeEvent(deps.db, viewer, eventId, 'see');
  if (!isUuid(line.ticketId)) throw ticketNotFound();
  const dateId = line.dateId && isUuid(line.dateId) ? line.dateId : null;
  const entry = await repo.findLiveEntry(deps.db, event.id, { ticketId: line.ticketId, dateId }, viewer?.id as string);
  if (!entry) return;
  const now = deps.clock.now();
  if (entry.status === 'accepted' && entry.offerOrderId) {
    // Their payment hold is given back as the buyer's own is (its places to the next people); left
    // first, so that its end is not recorded as an offer expired. Paid meanwhile, it is theirs.
    await repo.markLeft(deps.db, entry.id, now);
    await releaseOrder(deps.db, entry.offerOrderId).catch((error: unknown) => {
      if (!(error instanceof AppError && error.code === 'ORDER_ALREADY_PAID')) throw error;
    });
    // An offer running for them passes to the next people at once.
  } else if (entry.offerOrderId) {
    await withdrawOffer(deps.db, entry.offerOrderId, (tx) => repo.markLeft(tx, entry.id, now));
  } else await repo.markLeft(deps.db, entry.id, now);
}

/** The viewer's own lines for the event's tickets (the event page). */
export async function listOwnEntries(
  deps: AppDeps,
  viewer: Viewer | null,
  eventId: string,
): Promise<WaitingListEntry[]> {
  const event = await authorizeEvent(deps.db, viewer, eventId, 'see');
  return repo.findViewerEntries(deps.db, event.id, viewer?.id as string);
}

/**
 * The event's lines as its organiser follows them: each ticket's people in join order, the
 * position counted among those still in line, and the conversions (converted of those offered).
 */
export async function listEventWaitingLists(
  deps: AppDeps,
  viewer: Viewer | null,
  eventId: string,
): Promise<WaitingListOfTicket[]> {
  const event = await authorizeEvent(deps.db, viewer, eventId, 'followSales', { hideRefusal: true });
  const lists = new Map<string, WaitingListOfTicket>();
  for (const { ticketId, dateId, dateBegin, title, wasOffered, ...row } of await repo.findEventEntries(
    deps.db,
    event.id,
  )) {
    const key = `${ticketId}:${dateId ?? ''}`;
    let list = lists.get(key);
    if (!list) {
      const named = dateBegin ? datesFr.ticketOfDate(title, formatDateTime(dateBegin)) : title;
      list = { ticketId, dateId, title: named, waiting: 0, offered: 0, converted: 0, people: [] };
      lists.set(key, list);
    }
    const inLine = row.status === 'waiting' || row.status === 'offered' || row.status === 'accepted';
    if (row.status === 'waiting') list.waiting += 1;
    if (wasOffered) list.offered += 1;
    if (row.status === 'converted') list.converted += 1;
    const position = inLine ? list.people.filter((p) => p.position !== null).length + 1 : null;
    list.people.push({ ...row, position });
  }
  return [...lists.values()];
}
