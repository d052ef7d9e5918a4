import {
  type EventDetail,
  fr,
  isRoomActive,
  orderCapOf,
  type TicketOption,
  type TicketRead,
  UNLIMITED,
} from '@guichet/shared';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { tickets } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import type { PaymentProviderName } from '../../payments';
import { can } from '../../policy/can';
import { findPageDates } from '../dates/dates.repository';
import { eventDateViews } from '../dates/views';
import { bannerSrcset, imageUrl } from '../images/processing';
import { findEventQuestions } from '../questions/questions.repository';
import type { SignedInUser } from '../users/users.repository';
import * as repo from './event.repository';

export type EventDeps = {
  db: Database;
  clock: Clock;
  config: Pick<Config, 'publicUrl' | 'brandName' | 'contactEmail'>;
  /**
   * The provider an order of this event is paid through here (the event's, when this deployment
   * has it configured): the page computes the fees the server will charge from it.
   */
  paymentProviderOf?: (wanted: PaymentProviderName) => PaymentProviderName;
};

type TicketRow = typeof tickets.$inferSelect;

const notFound = () => new AppError('EVENT_NOT_FOUND', fr.events.notFoundText, 404);

/** Its organiser or an administrator: they see their event whatever its visibility. */
function canManageEvent(user: SignedInUser | null, organizerId: string): boolean {
  return can(user, 'organizeFor', { id: organizerId });
}

/**
 * One event as its reader may see it. A private event exists only for its organiser, an
 * administrator and its participants; for anyone else it is not found.
 */
export async function getEvent(
  deps: EventDeps,
  id: string,
  viewer: SignedInUser | null,
  shareKey?: string,
): Promise<EventDetail> {
  if (!isUuid(id)) throw notFound();
  const row = await repo.findEventWithOrganizer(deps.db, id);
  if (!row) throw notFound();
  const { event } = row;
  const link = shareKey ? await repo.findShareLink(deps.db, event.id, shareKey) : undefined;
  // On a private link the page is the attendee's view: no management.
  const canManage = !link && canManageEvent(viewer, event.organizerId);
  const ticketRows = await repo.findEventTickets(deps.db, event.id);
  const isFreeEvent = ticketRows.every((ticket) => ticket.priceCents === 0);
  const { participates, hasFreePlace } = viewer
    ? await repo.findParticipation(deps.db, event.id, viewer.id, isFreeEvent)
    : { participates: false, hasFreePlace: false };
  if (!event.isPublic && !canManage && !participates && !link) throw notFound();

  const now = deps.clock.now();
  const [held, giftLinks, questions, pageDates] = await Promise.all([
    repo.findPageHeld(deps.db, event.id, now),
    repo.findGiftLinks(deps.db, event.id),
    findEventQuestions(deps.db, event.id),
    findPageDates(deps.db, event.id),
  ]);
  const dateIdsOf = new Map<string, string[]>();
  for (const link of pageDates.links)
    dateIdsOf.set(link.ticketId, [...(dateIdsOf.get(link.ticketId) ?? []), link.dateId]);
  // As readers count places: expired holds free, places owed to the waiting list taken.
  const rows = ticketRows.map((ticket) => ({ ...ticket, held: held.tickets.get(ticket.id) ?? ticket.held }));
  // A gift may be a hidden ticket: offered with a purchase, never sold on its own.
  const giftsOf = (ticketId: string) =>
    giftLinks
      .filter((link) => link.ticketId === ticketId)
      .flatMap((link) => rows.filter((row) => row.id === link.giftTicketId))
      .map(readGift);
  const unlocked = new Set(link?.ticketIds ?? []);
  const visible = rows.filter(
    (ticket) => !ticket.isHidden || unlocked.has(ticket.id) || unlocked.has(ticket.parentId ?? ''),
  );
  const refundOpen = Boolean(event.dateMaxRefund && event.dateMaxRefund > now);
  const ticketList = visible
    .filter((ticket) => !ticket.parentId)
    .map((head) =>
      readTicket(
        head,
        visible.filter((option) => option.parentId === head.id),
        refundOpen,
        giftsOf(head.id),
        dateIdsOf.get(head.id) ?? [],
      ),
    );
  const soldTotal = rows.filter((t) => !t.isMultipart).reduce((sum, t) => sum + t.sold + t.held, 0);
  const capReached = event.nbMaxParticipants !== UNLIMITED && soldTotal >= event.nbMaxParticipants;
  // A date's places owed to its waiting line (issue 32) are taken too.
  const dateRows = pageDates.dates.map((date) => ({ ...date, held: held.dates.get(date.id) ?? date.held }));
  const dates = eventDateViews(event, dateRows, {
    eventSoldOut: capReached,
    ownPlacesLeft: event.nbMaxParticipants === UNLIMITED ? null : Math.max(0, event.nbMaxParticipants - soldTotal),
    tickets: ticketList,
  });
  // An event of several dates is full when none of its dates still sells.
  const isSoldOut =
    capReached ||
    (ticketList.length > 0 && ticketList.every((t) => t.isSoldOut)) ||
    (dateRows.length > 0 && dates.every((d) => d.status !== 'onsale'));
  const prices = visible.map((t) => t.priceCents);
  const ended = event.dateEnd < now;
  const isOpen = event.isOpen && !ended;

  return {
    id: event.id,
    title: event.title,
    type: row.typeLabel,
    description: event.description,
    address: event.address,
    latitude: event.latitude,
    longitude: event.longitude,
    dateBegin: event.dateBegin.toISOString(),
    dateEnd: event.dateEnd.toISOString(),
    dateMaxRefund: event.dateMaxRefund?.toISOString() ?? null,
    organizerId: event.organizerId,
    organizerName: `${row.organizerFirstName} ${row.organizerLastName}`,
    isVerifiedOrganizer: row.organizerVerified,
    isPublic: event.isPublic,
    isFree: prices.every((price) => price === 0),
    isOpen,
    isSoldOut,
    status: isSoldOut ? 'soldOut' : isOpen ? 'open' : 'closed',
    isCancelled: event.cancelledAt !== null,
    cancellationMessage: event.cancellationMessage,
    isUserPaysFees: event.isUserPaysFees,
    isNeedsUserStudies: event.isNeedsUserStudies,
    isNamedTickets: event.isNamedTickets,
    // A question about a hidden ticket shows only to whom the ticket shows.
    questions: questions.filter((q) => q.ticketId === null || visible.some((t) => t.id === q.ticketId)),
    isMandatoryRefund: event.isMandatoryRefund,
    paymentProvider: deps.paymentProviderOf?.(event.paymentProvider) ?? event.paymentProvider,
    minPriceCents: prices.length ? Math.min(...prices) : 0,
    bannerUrl: imageUrl(event.bannerPath),
    bannerSrcset: bannerSrcset(event.bannerPath),
    city: event.city,
    isUserParticipates: participates,
    hasFreePlace,
    canManage,
    waitingRoom: event.onsaleAt && isRoomActive(event, now) ? { opensAt: event.onsaleAt.toISOString() } : null,
    tickets: ticketList,
    dates,
  };
}

function readOption(ticket: TicketRow) {
  const remaining = Math.max(0, ticket.quantity - ticket.sold - ticket.held);
  // A free ticket is capped at 1, and no order holds more than 5 tickets.
  const cap = orderCapOf(ticket);
  return {
    id: ticket.id,
    title: ticket.title,
    description: ticket.description,
    priceCents: ticket.priceCents,
    vatRate: ticket.vatRate,
    isSoldOut: remaining === 0,
    placesLeft: remaining,
    isAvailable: ticket.isAvailable,
    minToBuy: Math.min(ticket.minToBuy, cap),
    maxToBuy: Math.max(0, Math.min(ticket.maxToBuy, cap, remaining)),
  };
}

/** A gift is one place, free (1-attendee.md §9: gift quantity 0 or 1). */
function readGift(ticket: TicketRow) {
  const read = readOption(ticket);
  const remaining = Math.max(0, ticket.quantity - ticket.sold - ticket.held);
  return { ...read, priceCents: 0, minToBuy: 1, maxToBuy: Math.min(1, remaining) };
}

function readTicket(
  head: TicketRow,
  options: TicketRow[],
  refundOpen: boolean,
  gifts: TicketOption[],
  dateIds: string[],
): TicketRead {
  const read = readOption(head);
  const readOptions = options.map(readOption);
  return {
    ...read,
    isSoldOut: head.isMultipart ? readOptions.every((o) => o.isSoldOut || !o.isAvailable) : read.isSoldOut,
    // A choice ticket's places are its options' on sale (as availability/figures.ts counts them).
    placesLeft: head.isMultipart
      ? readOptions.filter((o) => o.isAvailable).reduce((sum, o) => sum + o.placesLeft, 0)
      : read.placesLeft,
    isMultipart: head.isMultipart,
    isUserCanTakeInsurance: refundOpen && head.priceCents > 0,
    hasGiftTickets: gifts.length > 0,
    options: readOptions,
    gifts,
    dateIds,
    isPass: head.isPass,
  };
}

export function listEventTypes(deps: EventDeps) {
  return repo.findEventTypes(deps.db);
}

/**
 * The dates a calendar file holds (issue 32): those the viewer holds a place for, else every live
 * one; a one-date event's own.
 */
export async function calendarDates(
  deps: EventDeps,
  event: EventDetail,
  viewer: SignedInUser | null,
): Promise<{ id: string; dateBegin: Date; dateEnd: Date }[]> {
  const dates = event.dates ?? [];
  const live = dates.filter((date) => date.status !== 'cancelled');
  const held = viewer && dates.length > 1 ? await repo.findHeldDateIds(deps.db, event.id, viewer.id) : new Set();
  const chosen = held.size > 0 ? live.filter((date) => held.has(date.id)) : live;
  return chosen.map((date) => ({ id: date.id, dateBegin: new Date(date.dateBegin), dateEnd: new Date(date.dateEnd) }));
}
