import { z } from 'zod';
import { orderCapOf } from '../checkout/rules';
import { waitingListFr } from '../messages/fr-waiting-list';

/** The waiting list of a sold-out ticket (issue 30), shared by the event page, the console and the API. */
export const joinWaitingListRequest = z.strictObject({
  ticketId: z.string().max(64),
  // The range is the service's check, so that its refusal is said in French.
  quantity: z.number().int(),
  // The date waited for (issue 32): required for a ticket of one date of an event of several.
  dateId: z.string().max(64).optional(),
});
export type JoinWaitingListRequest = z.infer<typeof joinWaitingListRequest>;

export const leaveWaitingListQuery = z.strictObject({
  ticketId: z.string().max(64),
  dateId: z.string().max(64).optional(),
});

/** How long an offer keeps its places when the organiser says nothing, and the bounds they may set (a week). */
export const DEFAULT_OFFER_HOURS = 24;
export const MAX_OFFER_HOURS = 168;

/** The organiser's delay for offers: empty (the default), or whole hours within the bounds. */
export function offerHoursError(hours: number | null): string | null {
  if (hours === null) return null;
  return Number.isInteger(hours) && hours >= 1 && hours <= MAX_OFFER_HOURS
    ? null
    : waitingListFr.settings.hoursInvalid(MAX_OFFER_HOURS);
}

/** The most places one may wait for: what one order of the ticket may take (a free ticket: one). */
export const waitingQuantityMax = (ticket: { priceCents: number }) => orderCapOf(ticket);

/** `accepted`: the offer's link opened, its payment hold running; `converted`: that order paid. */
export const waitingListStatus = z.enum(['waiting', 'offered', 'accepted', 'converted', 'left', 'expired']);
export type WaitingListStatus = z.infer<typeof waitingListStatus>;

/** The viewer's own live entry for one ticket of the event. */
export const waitingListEntry = z.object({
  ticketId: z.string(),
  /** The date waited for (issue 32); null for a pass or a one-date event. */
  dateId: z.string().nullable(),
  quantity: z.number().int(),
  status: waitingListStatus,
  joinedAt: z.string(),
});
export type WaitingListEntry = z.infer<typeof waitingListEntry>;

/** One person of a ticket's list, as the organiser sees it. */
const waitingListPerson = z.object({
  id: z.string(),
  /** Place in line among those still waiting, offered or paying (null once the entry ended). */
  position: z.number().int().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  quantity: z.number().int(),
  status: waitingListStatus,
  joinedAt: z.string(),
});

/** A ticket's list in join order, with its counts; one per date waited for (issue 32), its title naming it. */
export const waitingListOfTicket = z.object({
  ticketId: z.string(),
  dateId: z.string().nullable(),
  title: z.string(),
  waiting: z.number().int(),
  offered: z.number().int(),
  converted: z.number().int(),
  people: z.array(waitingListPerson),
});
export type WaitingListOfTicket = z.infer<typeof waitingListOfTicket>;

/** An offer of places to someone of the waiting list, as its link's page shows it. */
export const waitingListOffer = z.object({
  eventId: z.string(),
  eventTitle: z.string(),
  ticketTitle: z.string(),
  quantity: z.number().int(),
  totalCents: z.number().int(),
  expiresAt: z.string(),
});
export type WaitingListOffer = z.infer<typeof waitingListOffer>;
