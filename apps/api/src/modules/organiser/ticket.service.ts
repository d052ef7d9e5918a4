import {
  type DiscountInput,
  firstDiscountError,
  firstNewTicketError,
  firstOptionError,
  fr,
  LIMITS,
  type OptionInput,
  organiserFr,
  priceToCents,
  type TicketInput,
  type UpdateDiscountRequest,
  type UpdateTicketRequest,
} from '@guichet/shared';
import type { AppDeps } from '../../app-deps';
import { AppError, badRequest } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { findTicketDateIds, writeTicketDates } from '../dates/dates.repository';
import { checkedTicketDates } from '../dates/dates.service';
import type { SignedInUser } from '../users/users.repository';
import * as repo from './organiser.repository';
import { assertPaidTicketsAllowed } from './paid-sale';
import { assertCanManage, assertVerified } from './policy';
import {
  eventVatDefault,
  insertOption,
  insertTicketWithOptions,
  isTicketDeletable,
  refreshChoiceSummary,
  ticketsDeletedWith,
} from './tickets';

const m = organiserFr;
const ticketNotFound = () => new AppError('TICKET_NOT_FOUND', m.ticket.notFound, 404);

async function loadTicket(deps: AppDeps, user: SignedInUser, ticketId: string) {
  const ticket = isUuid(ticketId) ? await repo.findTicket(deps.db, ticketId) : undefined;
  const event = ticket ? await repo.findEvent(deps.db, ticket.eventId) : undefined;
  if (!ticket || !event) throw ticketNotFound();
  assertCanManage(user, event.organizerId);
  return { ticket, event };
}

async function lockManagedEvent(tx: AppDeps['db'], user: SignedInUser, eventId: string) {
  const event = isUuid(eventId) ? await repo.lockEvent(tx, eventId) : undefined;
  if (!event) throw new AppError('EVENT_NOT_FOUND', fr.events.notFoundText, 404);
  assertCanManage(user, event.organizerId);
  return event;
}

export async function addTicket(deps: AppDeps, user: SignedInUser, eventId: string, input: TicketInput) {
  const paid = (priceToCents(input) ?? 0) > 0 || input.options.some((o) => (priceToCents(o) ?? 0) > 0);
  assertVerified(user, paid || input.isMultipart);
  const error = firstNewTicketError(input);
  if (error) throw badRequest(error.message, error.field);
  return deps.db.transaction(async (tx) => {
    const event = await lockManagedEvent(tx, user, eventId);
    const before = await repo.findTickets(tx, event.id);
    const vatDefault = await eventVatDefault(tx, event);
    const ticket = await insertTicketWithOptions(
      tx,
      { id: event.id, vatDefault },
      input,
      await repo.nextTicketPosition(tx, event.id),
    );
    const dateIds = await checkedTicketDates(tx, event.id, {
      dateIds: input.dateIds ?? [],
      isPass: input.isPass ?? false,
    });
    await writeTicketDates(tx, ticket.id, dateIds, undefined);
    await assertPaidTicketsAllowed(tx, event, before);
    return { id: ticket.id };
  });
}

export async function addOption(deps: AppDeps, user: SignedInUser, headId: string, input: OptionInput) {
  assertVerified(user, true);
  const error = firstOptionError(input);
  if (error) throw badRequest(error.message, error.field);
  const { ticket } = await loadTicket(deps, user, headId);
  if (!ticket.isMultipart || ticket.parentId) throw badRequest(m.edit.choicesIncomplete, 'options');
  return deps.db.transaction(async (tx) => {
    const event = await lockManagedEvent(tx, user, ticket.eventId);
    const before = await repo.findTickets(tx, event.id);
    const option = await insertOption(
      tx,
      ticket,
      input,
      priceToCents(input) ?? 0,
      input.quantity ?? 1,
      await repo.nextTicketPosition(tx, ticket.eventId),
    );
    await refreshChoiceSummary(tx, ticket.id);
    await assertPaidTicketsAllowed(tx, event, before);
    return { id: option.id };
  });
}

export async function updateTicket(deps: AppDeps, user: SignedInUser, ticketId: string, input: UpdateTicketRequest) {
  const { ticket } = await loadTicket(deps, user, ticketId);
  const priceCents = input.price === undefined && input.priceCents === undefined ? undefined : priceToCents(input);
  if (priceCents !== undefined) {
    if (priceCents === null || priceCents < 0) throw badRequest(m.ticket.priceEmpty, 'price');
    assertVerified(user, priceCents > 0);
  }
  if (input.title !== undefined && !input.title.trim()) throw badRequest(m.ticket.titleEmpty, 'title');
  if (input.title !== undefined && input.title.trim().length > LIMITS.ticketTitle)
    throw badRequest(m.create.ticketTitleTooLong, 'title');
  if (input.description !== undefined && input.description.length > LIMITS.ticketDescription) {
    throw badRequest(m.create.ticketDescriptionTooLong, 'description');
  }
  if (input.quantity !== undefined && input.quantity <= 0) throw badRequest(m.ticket.quantityInvalid, 'quantity');

  await deps.db.transaction(async (tx) => {
    const event = await lockManagedEvent(tx, user, ticket.eventId);
    const before = await repo.findTickets(tx, event.id);
    if (input.quantity !== undefined && !ticket.isMultipart) {
      if (!(await repo.setTicketQuantity(tx, ticket.id, input.quantity))) {
        const current = await repo.findTicket(tx, ticket.id);
        throw badRequest(m.edit.quantityBelowSold((current?.sold ?? 0) + (current?.held ?? 0)), 'quantity');
      }
    }
    await repo.updateTicket(tx, ticket.id, {
      ...(input.title !== undefined && { title: input.title.trim() }),
      ...(input.description !== undefined && { description: input.description.trim() }),
      ...(priceCents != null && !ticket.isMultipart && { priceCents }),
      ...(input.isAvailable !== undefined && { isAvailable: input.isAvailable }),
      ...(input.isHidden !== undefined && { isHidden: input.isHidden }),
      ...(input.vatRate !== undefined && { vatRate: input.vatRate }),
    });
    if (ticket.isMultipart) {
      // A parent's availability, visibility and VAT rate apply to all its options.
      await repo.updateOptionsOf(tx, ticket.id, {
        ...(input.isAvailable !== undefined && { isAvailable: input.isAvailable }),
        ...(input.isHidden !== undefined && { isHidden: input.isHidden }),
        ...(input.vatRate !== undefined && { vatRate: input.vatRate }),
      });
    }
    if (input.giftTicketIds !== undefined) {
      await replaceGifts(tx, ticket, [...new Set(input.giftTicketIds)]);
    }
    if (input.dateIds !== undefined || input.isPass !== undefined) {
      const isPass = input.isPass ?? ticket.isPass;
      const current = input.dateIds ?? (await findTicketDateIds(tx, [ticket.id])).get(ticket.id) ?? [];
      const dateIds = await checkedTicketDates(tx, event.id, { dateIds: current, isPass });
      await writeTicketDates(tx, ticket.id, dateIds, input.isPass);
    }
    if (ticket.parentId) {
      if (input.isAvailable !== undefined) {
        // An option switched on makes its parent available; the last one switched off closes it.
        const siblings = (await repo.findTickets(tx, ticket.eventId)).filter((t) => t.parentId === ticket.parentId);
        await repo.updateTicket(tx, ticket.parentId, { isAvailable: siblings.some((t) => t.isAvailable) });
      }
      await refreshChoiceSummary(tx, ticket.parentId);
    }
    await assertPaidTicketsAllowed(tx, event, before);
  });
}

export async function deleteTicket(deps: AppDeps, user: SignedInUser, ticketId: string) {
  const { ticket } = await loadTicket(deps, user, ticketId);
  await deps.db.transaction(async (tx) => {
    await lockManagedEvent(tx, user, ticket.eventId);
    const all = await repo.findTickets(tx, ticket.eventId);
    const issued = await repo.findTicketIdsWithParticipations(tx, ticket.eventId);
    if (!isTicketDeletable(ticket, all, issued)) throw new AppError('TICKET_SOLD', m.ticket.soldCannotDelete, 409);
    await repo.deleteTickets(
      tx,
      ticketsDeletedWith(ticket, all).map((t) => t.id),
    );
    // The links to a deleted ticket went with it; a ticket that offered only it offers nothing now.
    await repo.refreshGiftFlags(tx, ticket.eventId);
    if (ticket.parentId) await refreshChoiceSummary(tx, ticket.parentId);
  });
}

export async function addDiscount(deps: AppDeps, user: SignedInUser, eventId: string, input: DiscountInput) {
  return deps.db.transaction(async (tx) => {
    const event = await lockManagedEvent(tx, user, eventId);
    // Promo codes exist only for paid events (§2.2): a free event has nothing to discount.
    if (!(await repo.findTickets(tx, event.id)).some((t) => t.priceCents > 0)) {
      throw new AppError('FREE_EVENT_NO_PROMO', m.edit.failed, 400);
    }
    const existing = (await repo.findDiscounts(tx, event.id)).map((d) => d.code);
    const error = firstDiscountError(input, existing);
    if (error) throw badRequest(error.message, error.field);
    const row = await repo.insertDiscount(tx, {
      eventId: event.id,
      code: input.code.trim(),
      percent: Math.round(input.discountPercent ?? 0),
      quantity: input.quantity,
      isEnabled: input.isEnabled,
      isSingleUse: input.isSingleUse,
    });
    if (!row) throw badRequest(m.promo.duplicate, 'code');
    return { id: row.id };
  });
}

export async function updateDiscount(
  deps: AppDeps,
  user: SignedInUser,
  discountId: string,
  input: UpdateDiscountRequest,
) {
  const discount = isUuid(discountId) ? await repo.findDiscount(deps.db, discountId) : undefined;
  const event = discount ? await repo.findEvent(deps.db, discount.eventId) : undefined;
  if (!discount || !event) throw new AppError('DISCOUNT_NOT_FOUND', m.promo.notFound, 404);
  assertCanManage(user, event.organizerId);
  if (input.quantity !== undefined && input.quantity < 1) throw badRequest(m.promo.quantityInvalid, 'quantity');
  // Nothing to change (`{}`): an update with no column is an SQL error, not a change.
  if (input.quantity === undefined && input.isEnabled === undefined) return;
  if (!(await repo.updateDiscount(deps.db, discount.id, input))) {
    throw badRequest(m.promo.quantityBelowUsed(discount.used), 'quantity');
  }
}

/**
 * A ticket (not an option: the buyer's choice is made on its head) may offer other tickets of
 * its event; a choice head cannot be offered, since the gift is one definite place.
 */
async function replaceGifts(tx: AppDeps['db'], ticket: repo.TicketRow, giftTicketIds: string[]) {
  const eventTickets = await repo.findTickets(tx, ticket.eventId);
  const offerable = new Set(eventTickets.filter((t) => t.id !== ticket.id && !t.isMultipart).map((t) => t.id));
  if (ticket.parentId || giftTicketIds.some((id) => !offerable.has(id))) {
    throw badRequest(m.ticket.giftInvalid, 'giftTicketIds');
  }
  await repo.replaceGifts(tx, ticket.id, giftTicketIds);
}
