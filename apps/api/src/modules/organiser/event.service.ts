import {
  type CreateEventRequest,
  datesFr,
  firstCreateEventError,
  firstDiscountError,
  firstEditEventError,
  firstRoomSettingsError,
  fr,
  isPaidTicketList,
  type ManagedEvent,
  offerHoursError,
  organiserFr,
  refundsFr,
  ticketsFr,
  UNLIMITED,
  type UpdateEventRequest,
  usesVerifiedOnlyFeatures,
} from '@guichet/shared';
import type { AppDeps } from '../../app-deps';
import { AppError, badRequest } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { assertBillingIdentity } from '../billing/service';
import { findDates } from '../dates/dates.repository';
import { findGiftLinks, updateEvent as writeEvent } from '../events/event.repository';
import { imageKeysOf, imageUrl } from '../images/processing';
import type { SignedInUser } from '../users/users.repository';
import { emitWebhookEvent } from '../webhooks/emit';
import * as repo from './organiser.repository';
import { isOnSale, visiblePaidTicketIds } from './paid-sale';
import { assertCanManage, assertVerified } from './policy';
import { eventVatDefault, insertTicketWithOptions, isTicketDeletable } from './tickets';

type Geocoder = { geocode(label: string): Promise<{ latitude: number; longitude: number } | null> };
export type OrganiserDeps = AppDeps & { geocoder: Geocoder };

const notFound = () => new AppError('EVENT_NOT_FOUND', fr.events.notFoundText, 404);

/** Coordinates from the chosen suggestion, else from the address service; null when unknown. */
async function locate(deps: OrganiserDeps, address: string, latitude?: number | null, longitude?: number | null) {
  if (latitude != null && longitude != null) return { latitude, longitude };
  return deps.geocoder.geocode(address.trim());
}

export async function createEvent(
  deps: OrganiserDeps,
  user: SignedInUser,
  input: CreateEventRequest,
): Promise<{ id: string }> {
  assertVerified(user, usesVerifiedOnlyFeatures(input));
  if (input.organizerId) assertCanManage(user, input.organizerId);
  const now = deps.clock.now();
  // The address service is asked only once the fields before it are right.
  const early = firstCreateEventError(input, { now });
  const needsLocation = early?.field !== 'title';
  const location =
    needsLocation && input.address.trim() ? await locate(deps, input.address, input.latitude, input.longitude) : null;
  const organizerId = input.organizerId || user.id;
  const organizer = isUuid(organizerId) ? await repo.findUser(deps.db, organizerId) : undefined;
  const typeId = input.type === null || input.type === '' ? null : await repo.findEventType(deps.db, input.type);
  const error = firstCreateEventError(
    { ...input, type: input.type === null || input.type === '' || typeId !== null ? input.type : '' },
    { now, addressFound: location !== null, hasOrganizer: Boolean(organizer) },
  );
  if (error) throw badRequest(error.message, error.field);
  if (!organizer || typeId === null || !location) throw badRequest(organiserFr.edit.failed);
  // A new event has no date of its own yet to name: its tickets are for every date.
  if (input.ticketList.some((ticket) => (ticket.dateIds ?? []).length > 0))
    throw badRequest(datesFr.unknownDateIds, 'ticketList');

  const codes: string[] = [];
  for (const discount of input.discountCodeList) {
    const discountError = firstDiscountError(discount, codes);
    if (discountError) throw badRequest(discountError.message, `discountCodeList.${discountError.field}`);
    codes.push(discount.code.trim());
  }

  const paid = isPaidTicketList(input.ticketList);
  const event = await deps.db.transaction(async (tx) => {
    const created = await repo.insertEvent(tx, {
      organizerId: organizer.id,
      title: input.title.trim(),
      description: input.description.trim(),
      address: input.address.trim(),
      latitude: location.latitude,
      longitude: location.longitude,
      typeId,
      dateBegin: new Date(input.dateBegin ?? ''),
      dateEnd: new Date(input.dateEnd ?? ''),
      dateMaxRefund: paid && input.dateMaxRefund ? new Date(input.dateMaxRefund) : null,
      nbMaxParticipants: input.nbMaxParticipants ?? UNLIMITED,
      // Every event starts private; the organiser publishes it from the edit screen.
      isPublic: false,
      isUserPaysFees: input.isUserPaysFees,
    });
    let position = 0;
    const vatDefault = await eventVatDefault(tx, created);
    for (const ticket of input.ticketList) {
      await insertTicketWithOptions(tx, { id: created.id, vatDefault }, ticket, position);
      position += 1 + ticket.options.length;
    }
    for (const discount of input.discountCodeList) {
      await repo.insertDiscount(tx, {
        eventId: created.id,
        code: discount.code.trim(),
        percent: Math.round(discount.discountPercent ?? 0),
        quantity: discount.quantity,
        isEnabled: discount.isEnabled,
        isSingleUse: discount.isSingleUse,
      });
    }
    return created;
  });
  return { id: event.id };
}

export async function loadManagedEvent(deps: AppDeps, user: SignedInUser, id: string) {
  const event = isUuid(id) ? await repo.findEvent(deps.db, id) : undefined;
  if (!event) throw notFound();
  assertCanManage(user, event.organizerId);
  return event;
}

export async function getManagedEvent(deps: AppDeps, user: SignedInUser, id: string): Promise<ManagedEvent> {
  const event = await loadManagedEvent(deps, user, id);
  const [tickets, discounts, organizer, typeLabel, gifts, issued] = await Promise.all([
    repo.findTickets(deps.db, event.id),
    repo.findDiscounts(deps.db, event.id),
    repo.findUser(deps.db, event.organizerId),
    event.typeId === null ? null : repo.findEventTypeLabel(deps.db, event.typeId),
    findGiftLinks(deps.db, event.id),
    repo.findTicketIdsWithParticipations(deps.db, event.id),
  ]);
  const heads = tickets.filter((t) => !t.parentId);
  const soldTotal = heads.reduce((sum, t) => sum + t.sold, 0);
  const isSoldOut =
    (event.nbMaxParticipants !== UNLIMITED && soldTotal >= event.nbMaxParticipants) ||
    (heads.length > 0 && heads.every((t) => t.sold >= t.quantity));
  return {
    id: event.id,
    organizerId: event.organizerId,
    organizerName: organizer ? `${organizer.firstName} ${organizer.lastName}` : '',
    title: event.title,
    description: event.description,
    address: event.address,
    latitude: event.latitude,
    longitude: event.longitude,
    typeId: event.typeId,
    type: typeLabel,
    dateBegin: event.dateBegin.toISOString(),
    dateEnd: event.dateEnd.toISOString(),
    dateMaxRefund: event.dateMaxRefund?.toISOString() ?? null,
    nbMaxParticipants: event.nbMaxParticipants,
    isPublic: event.isPublic,
    isOpen: event.isOpen && !isSoldOut,
    isSoldOut,
    isFree: tickets.every((t) => t.priceCents === 0),
    isUserPaysFees: event.isUserPaysFees,
    bannerUrl: imageUrl(event.bannerPath),
    onsaleAt: event.onsaleAt?.toISOString() ?? null,
    admissionPerMinute: event.admissionPerMinute,
    waitingListOfferHours: event.waitingListOfferHours,
    isNamedTickets: event.isNamedTickets,
    holdersEditableUntil: event.holdersEditableUntil?.toISOString() ?? null,
    tickets: tickets.map((t) => ({
      id: t.id,
      parentId: t.parentId,
      title: t.title,
      description: t.description,
      priceCents: t.priceCents,
      vatRate: t.vatRate,
      quantity: t.quantity,
      sold: t.sold,
      isHidden: t.isHidden,
      isAvailable: t.isAvailable,
      isMultipart: t.isMultipart,
      position: t.position,
      giftTicketIds: gifts.filter((g) => g.ticketId === t.id).map((g) => g.giftTicketId),
      isDeletable: isTicketDeletable(t, tickets, issued),
    })),
    discounts: discounts.map((d) => ({
      id: d.id,
      code: d.code,
      percent: d.percent,
      quantity: d.quantity,
      used: d.used,
      isEnabled: d.isEnabled,
      isSingleUse: d.isSingleUse,
    })),
  };
}

export async function updateEvent(deps: OrganiserDeps, user: SignedInUser, id: string, input: UpdateEventRequest) {
  const event = await loadManagedEvent(deps, user, id);
  // A cancelled event was closed and refunded: it can be neither reopened nor changed.
  if (event.cancelledAt) throw new AppError('EVENT_CANCELLED', refundsFr.errors.eventCancelled, 409);
  // An event of several dates (issue 32) starts and ends with its dates: they change one by one.
  const spanChanged =
    (input.dateBegin !== undefined && Date.parse(input.dateBegin) !== event.dateBegin.getTime()) ||
    (input.dateEnd !== undefined && Date.parse(input.dateEnd) !== event.dateEnd.getTime());
  if (spanChanged && (await findDates(deps.db, event.id)).length > 0) {
    throw badRequest(datesFr.eventHasDates, input.dateBegin !== undefined ? 'dateBegin' : 'dateEnd');
  }
  assertVerified(user, Boolean(input.isPublic || input.isUserPaysFees));
  const tickets = await repo.findTickets(deps.db, event.id);
  // Publishing or reopening a paid event opens its ticketing: its organiser's billing identity
  // comes first (issue 29). An event already on sale keeps selling whatever else is changed.
  const opensSale =
    !isOnSale(event) &&
    isOnSale({ ...event, isPublic: input.isPublic ?? event.isPublic, isOpen: input.isOpen ?? event.isOpen });
  if (opensSale && visiblePaidTicketIds(tickets).size > 0) await assertBillingIdentity(deps.db, event.organizerId);
  const addressChanged = input.address !== undefined && input.address.trim() !== event.address;
  const next = {
    title: input.title ?? event.title,
    address: input.address ?? event.address,
    description: input.description ?? event.description,
    type: input.type === undefined ? event.typeId : input.type,
    dateBegin: input.dateBegin ?? event.dateBegin.toISOString(),
    dateEnd: input.dateEnd ?? event.dateEnd.toISOString(),
    dateMaxRefund:
      input.dateMaxRefund === undefined ? (event.dateMaxRefund?.toISOString() ?? null) : input.dateMaxRefund,
    nbMaxParticipants: input.nbMaxParticipants === undefined ? event.nbMaxParticipants : input.nbMaxParticipants,
    isPaid: tickets.some((t) => t.priceCents > 0),
  };
  const location = addressChanged ? await locate(deps, next.address, input.latitude, input.longitude) : null;
  const typeId = next.type === null || next.type === '' ? null : await repo.findEventType(deps.db, next.type);
  const error = firstEditEventError(
    { ...next, type: typeId === null ? '' : typeId },
    { now: deps.clock.now(), addressFound: addressChanged ? location !== null : undefined },
  );
  if (error) throw badRequest(error.message, error.field);
  const room = {
    onsaleAt: input.onsaleAt === undefined ? (event.onsaleAt?.toISOString() ?? null) : input.onsaleAt || null,
    admissionPerMinute: input.admissionPerMinute === undefined ? event.admissionPerMinute : input.admissionPerMinute,
  };
  const roomError = firstRoomSettingsError(room, next.dateEnd);
  if (roomError) throw badRequest(roomError.message, roomError.field);
  const offerHours =
    input.waitingListOfferHours === undefined ? event.waitingListOfferHours : input.waitingListOfferHours;
  const offerHoursInvalid = offerHoursError(offerHours);
  if (offerHoursInvalid) throw badRequest(offerHoursInvalid, 'waitingListOfferHours');
  const holdersDeadline = holdersDeadlineOf(input, event, next.dateEnd);

  const sold = await getManagedEvent(deps, user, id);
  await deps.db.transaction(async (tx) => {
    // Under the event lock that buyers of a capped event take too, so no hold slips in between.
    if (!(await repo.lockEvent(tx, event.id))) throw notFound();
    const cap = next.nbMaxParticipants ?? UNLIMITED;
    if (
      input.nbMaxParticipants !== undefined &&
      cap !== UNLIMITED &&
      (await repo.countPlacesTaken(tx, event.id)) > cap
    ) {
      throw badRequest(organiserFr.create.ticketQuantityInvalid, 'nbMaxParticipants');
    }
    await writeEvent(tx, event.id, {
      title: next.title.trim(),
      address: next.address.trim(),
      ...(location && { latitude: location.latitude, longitude: location.longitude }),
      description: next.description.trim(),
      typeId,
      dateBegin: new Date(next.dateBegin),
      dateEnd: new Date(next.dateEnd),
      dateMaxRefund: next.isPaid && next.dateMaxRefund ? new Date(next.dateMaxRefund) : null,
      nbMaxParticipants: next.nbMaxParticipants ?? UNLIMITED,
      onsaleAt: room.onsaleAt ? new Date(room.onsaleAt) : null,
      admissionPerMinute: room.admissionPerMinute,
      waitingListOfferHours: offerHours,
      holdersEditableUntil: holdersDeadline,
      ...(input.isNamedTickets !== undefined && { isNamedTickets: input.isNamedTickets }),
      ...(input.isPublic !== undefined && { isPublic: input.isPublic }),
      ...(input.isUserPaysFees !== undefined && { isUserPaysFees: input.isUserPaysFees }),
      // A sold-out event cannot be open.
      ...(input.isOpen !== undefined && { isOpen: input.isOpen && !sold.isSoldOut }),
    });
    await emitWebhookEvent(tx, event.organizerId, 'event.updated', {
      eventId: event.id,
      title: next.title.trim(),
      dateBegin: next.dateBegin,
      dateEnd: next.dateEnd,
      address: next.address.trim(),
      changed: Object.keys(input).sort(),
    });
  });
  return getManagedEvent(deps, user, id);
}

/** The holders' deadline (issue 30): kept when not sent, none for the event's start, else before its end. */
function holdersDeadlineOf(
  input: UpdateEventRequest,
  event: { holdersEditableUntil: Date | null },
  dateEnd: string,
): Date | null {
  if (input.holdersEditableUntil === undefined) return event.holdersEditableUntil;
  if (!input.holdersEditableUntil) return null;
  const at = new Date(input.holdersEditableUntil);
  if (Number.isNaN(at.getTime()) || at.getTime() > Date.parse(dateEnd)) {
    throw badRequest(ticketsFr.holders.deadlineInvalid, 'holdersEditableUntil');
  }
  return at;
}

export async function deleteEvent(deps: AppDeps, user: SignedInUser, id: string): Promise<void> {
  const event = await loadManagedEvent(deps, user, id);
  await deps.db.transaction(async (tx) => {
    const locked = await repo.lockEvent(tx, event.id);
    if (!locked) throw notFound();
    // A paid place counts whether its participation exists yet or its payment is still on its way.
    if ((await repo.countPaidParticipations(tx, event.id)) > 0 || (await repo.countPaidPlacesTaken(tx, event.id)) > 0) {
      throw new AppError('EVENT_HAS_PAID_PARTICIPATIONS', organiserFr.event.paidCannotDelete, 409);
    }
    // Kept as a row (participations and accounting refer to it), gone from every page.
    await writeEvent(tx, event.id, { deletedAt: deps.clock.now(), isPublic: false, isOpen: false });
  });
}

export async function replaceBanner(deps: AppDeps, event: repo.EventRow, key: string): Promise<void> {
  await writeEvent(deps.db, event.id, { bannerPath: key });
  // The old banner goes with its WebP copies.
  for (const old of event.bannerPath ? imageKeysOf(event.bannerPath) : []) await deps.images.delete(old);
}
