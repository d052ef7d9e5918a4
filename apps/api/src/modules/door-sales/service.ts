import {
  type DoorSale,
  type DoorTicket,
  datesFr,
  doorSalesFr,
  firstManualEntryError,
  type ManualEntryCreated,
  type ManualEntryRequest,
  normalizeEmail,
  todayInParis,
  trimmedHolder,
} from '@guichet/shared';
import type { AppDeps } from '../../app-deps';
import { AppError, badRequest } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { can, type Viewer } from '../../policy/can';
import { authorizeEvent } from '../../policy/event-access';
import { newOrderReference } from '../checkout/reference';
import { findDates, findTicketDateIds } from '../dates/dates.repository';
import { placeDateOf } from '../dates/dates.service';
import { placeSettledOrder } from '../orders/placement';
import { findOrCreateGuestUser } from '../users/users.repository';
import * as repo from './repository';

type DoorTicketRow = repo.DoorTicketRow;

function readOption(row: DoorTicketRow) {
  const { parentId: _parent, isMultipart: _multipart, ...rest } = row;
  return { ...rest, isSoldOut: row.remaining === 0 };
}

/** The tickets of the accordion: heads with their options; a choice ticket is sold out when every option is. */
function doorTicketsOf(rows: DoorTicketRow[]): DoorTicket[] {
  return rows
    .filter((row) => !row.parentId)
    .map((head) => {
      const options = rows.filter((row) => row.parentId === head.id).map(readOption);
      const read = readOption(head);
      return {
        ...read,
        isMultipart: head.isMultipart,
        isSoldOut: head.isMultipart ? options.every((o) => o.isSoldOut || !o.isAvailable) : read.isSoldOut,
        options,
      };
    });
}

export async function listDoorTickets(
  deps: AppDeps,
  viewer: Viewer | null,
  eventId: string,
  dateId?: string,
): Promise<DoorTicket[]> {
  const event = await authorizeEvent(deps.db, viewer, eventId, 'sellAtDoor', { hideRefusal: true });
  const tickets = doorTicketsOf(await repo.findDoorTickets(deps.db, event.id, deps.clock.now()));
  if (!dateId || dateId === event.id) return tickets;
  // The seller's date (issue 32): the tickets that sell it (a pass covering it too); none once it is cancelled.
  const date = isUuid(dateId) ? (await findDates(deps.db, event.id)).find((d) => d.id === dateId) : undefined;
  if (!date) throw new AppError('DATE_NOT_FOUND', datesFr.notFound, 404, 'dateId');
  if (date.cancelledAt) return [];
  const links = await findTicketDateIds(
    deps.db,
    tickets.map((ticket) => ticket.id),
  );
  return tickets.filter((ticket) => {
    const dates = links.get(ticket.id) ?? [];
    return dates.length === 0 || dates.includes(date.id);
  });
}

/** The latest door sales: all of them for the organiser and the administrator, a box-office member's own for them. */
export async function listDoorSales(deps: AppDeps, viewer: Viewer | null, eventId: string): Promise<DoorSale[]> {
  const event = await authorizeEvent(deps.db, viewer, eventId, 'sellAtDoor', { hideRefusal: true });
  const seller = viewer && can(viewer, 'seeAllDoorSales', event) ? null : (viewer?.id ?? null);
  return repo.findRecentDoorSales(deps.db, event.id, 50, seller);
}

/** The request's path of a checked field: the participant's own under `participant`. */
function fieldOf(field: NonNullable<ReturnType<typeof firstManualEntryError>>['field']): string {
  if (field === 'ticketId' || field === 'quantity' || field === 'payment' || field.startsWith('holders')) return field;
  return `participant.${field}`;
}

/**
 * A sale at the door (2-organiser.md §2.7): the spec's checks in order, then the places taken from
 * the same inventory as online, under the same limits (5 per order, one free place per account),
 * recorded as Présentiel with how it was paid. The participant gets the ticket e-mail; an e-mail
 * without an account gets a guest account, opened later by a password reset.
 */
export async function createManualEntry(
  deps: AppDeps,
  viewer: Viewer | null,
  eventId: string,
  input: ManualEntryRequest,
): Promise<ManualEntryCreated> {
  const event = await authorizeEvent(deps.db, viewer, eventId, 'sellAtDoor', { hideRefusal: true });
  const now = deps.clock.now();
  const rows = await repo.findDoorTickets(deps.db, event.id, now);
  const tickets = doorTicketsOf(rows);
  const bought = rows.find((row) => row.id === input.ticketId);
  const head = bought?.parentId
    ? tickets.find((t) => t.id === bought.parentId)
    : tickets.find((t) => t.id === bought?.id);
  const option = bought?.parentId ? (head?.options.find((o) => o.id === bought.id) ?? null) : null;
  const error = firstManualEntryError({
    ticket: head ?? null,
    option,
    quantity: input.quantity,
    participant: input.participant,
    isNamed: bought?.isNamed ?? false,
    holders: input.holders,
    payment: input.payment,
    today: todayInParis(now),
  });
  if (error) throw badRequest(error.message, fieldOf(error.field));
  if (!bought) throw badRequest(doorSalesFr.ticketRequired, 'ticketId');
  const dateId = await placeDateOf(deps.db, event.id, bought.id, input.dateId, 'dateId');

  const p = input.participant;
  const user = await findOrCreateGuestUser(deps.db, {
    email: normalizeEmail(p.email),
    firstName: p.firstName.trim(),
    lastName: p.lastName.trim(),
    birthDate: p.birthDate,
  });
  if (!user) throw badRequest(doorSalesFr.emailInvalid, 'participant.email');
  const totalCents = bought.priceCents * input.quantity;
  const placed = await placeSettledOrder(deps, {
    reference: newOrderReference(now),
    eventId: event.id,
    userId: user.id,
    buyerEmail: user.email,
    buyerFirstName: p.firstName.trim(),
    buyerLastName: p.lastName.trim(),
    buyerBirthDate: p.birthDate,
    buyerPhone: p.phone.trim() || null,
    provider: 'onsite',
    onsitePayment: totalCents === 0 ? 'free' : input.payment,
    soldBy: viewer?.id ?? null,
    subtotalCents: totalCents,
    totalCents,
    ticketCount: input.quantity,
    expiresAt: now,
    lines: [
      {
        ticketId: bought.id,
        dateId,
        quantity: input.quantity,
        unitPriceCents: bought.priceCents,
        refundPlaces: 0,
        insuranceCents: 0,
        // Checked above when the event names its tickets; the places get them in order.
        holders: bought.isNamed ? (input.holders ?? []).map(trimmedHolder) : null,
      },
    ],
    isFreeEvent: rows.every((row) => row.priceCents === 0),
    source: 'presentiel',
    now,
  });
  return {
    orderId: placed.id,
    participationId: placed.participationIds[0] ?? '',
    totalCents,
    message: doorSalesFr.success,
  };
}
