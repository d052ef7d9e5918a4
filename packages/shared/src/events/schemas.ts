import { z } from 'zod';
import { cents } from '../common/fields';
import { VAT_RATES } from '../pricing/vat';
import { questionView } from '../questions/schemas';
import { eventDateView } from './dates';

/** An event as a list or a menu names it: which, and when. */
export const eventSummary = z.object({
  id: z.string(),
  title: z.string(),
  dateBegin: z.string(),
  dateEnd: z.string(),
});

export const priceFilter = z.enum(['all', 'paid', 'free']);
export type PriceFilter = z.infer<typeof priceFilter>;

/** An event as its card shows it, in the list and in an account's history. */
export const eventPreview = eventSummary.extend({
  type: z.string().nullable(),
  minPriceCents: cents,
  isFree: z.boolean(),
  isPublic: z.boolean(),
  organizerId: z.string(),
  organizerName: z.string(),
  /** The city of its address, when the address names one. */
  city: z.string().nullable(),
  bannerUrl: z.string().nullable(),
  /** The banner's resized variants for `srcset` ("/api/images/… 480w, …"), when it has them. */
  bannerSrcset: z.string().nullable(),
});
export type EventPreview = z.infer<typeof eventPreview>;

/** An event of the list: its card also says 'Complet' once every place is sold. */
export const eventListItem = eventPreview.extend({
  isSoldOut: z.boolean(),
  /**
   * Its live dates (issue 32): 1 for a one-date event. An event of several shows its next date to
   * come as `dateBegin`/`dateEnd`. Optional for the pages kept by an older server.
   */
  dateCount: z.number().int().optional(),
});
export type EventListItem = z.infer<typeof eventListItem>;

/**
 * A ticket (or an option of a choice ticket) as a buyer picks it, on the event page or at the door:
 * what it is, its price, and what picking it depends on (checkout/rules.ts, PickableTicket).
 */
export const ticketOfferFields = {
  id: z.string(),
  title: z.string(),
  description: z.string(),
  priceCents: cents,
  vatRate: z.enum(VAT_RATES),
  isSoldOut: z.boolean(),
  isAvailable: z.boolean(),
  minToBuy: z.number().int(),
  maxToBuy: z.number().int(),
};

const ticketOption = z.object({
  ...ticketOfferFields,
  /** Places left (a choice ticket: those of its options on sale); live figures update it (issue 17). */
  placesLeft: z.number().int(),
});

export type TicketOption = z.infer<typeof ticketOption>;

const ticketRead = ticketOption.extend({
  isMultipart: z.boolean(),
  isUserCanTakeInsurance: z.boolean(),
  hasGiftTickets: z.boolean(),
  options: z.array(ticketOption),
  /** The tickets offered with this one: the buyer may add one of them, free. */
  gifts: z.array(ticketOption),
  // Issue 32: always sent by the server; optional in the type so that readers written before
  // the dates (the web app's fixtures) stay valid.
  /** The dates it is sold for (issue 32); empty: every date. */
  dateIds: z.array(z.string()).optional(),
  /** A pass: one place on each date it covers; bought without a date. */
  isPass: z.boolean().optional(),
});
export type TicketRead = z.infer<typeof ticketRead>;

const ticketingStatus = z.enum(['open', 'closed', 'soldOut']);
export type TicketingStatus = z.infer<typeof ticketingStatus>;

/** An event as its page shows it: its card, and all the page needs to sell its tickets. */
export const eventDetail = eventPreview.extend({
  description: z.string(),
  address: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  dateMaxRefund: z.string().nullable(),
  isVerifiedOrganizer: z.boolean(),
  isOpen: z.boolean(),
  isSoldOut: z.boolean(),
  status: ticketingStatus,
  /** Cancelled by its organiser, with their message to the participants. */
  cancellationMessage: z.string().nullable(),
  isCancelled: z.boolean(),
  isUserPaysFees: z.boolean(),
  isNeedsUserStudies: z.boolean(),
  /** The booking asks for a holder per place (issue 30). */
  isNamedTickets: z.boolean(),
  /** The organiser's questions the booking asks (issue 30). */
  questions: z.array(questionView),
  isMandatoryRefund: z.boolean(),
  paymentProvider: z.string(),
  isUserParticipates: z.boolean(),
  /** The viewer already has their one free place here (a ticket of a free event, or a free ticket). */
  hasFreePlace: z.boolean(),
  canManage: z.boolean(),
  /** Its waiting room when on (issue 17): the page asks the room for the visitor's turn. */
  waitingRoom: z.object({ opensAt: z.string() }).nullable(),
  tickets: z.array(ticketRead),
  /** Its dates by start (issue 32; always sent); one for a one-date event, whose id is the event's. */
  dates: z.array(eventDateView).optional(),
});
export type EventDetail = z.infer<typeof eventDetail>;

/** A private link (1-attendee.md "Event page"): the hidden tickets it may show, and the link made. */
export const shareLinkRequest = z.strictObject({ ticketIds: z.array(z.string().max(64)).max(100).default([]) });
export const createdShareLink = z.object({ key: z.string(), url: z.string() });
export type CreatedShareLink = z.infer<typeof createdShareLink>;
export const hiddenTicket = z
  .object(ticketOfferFields)
  .pick({ id: true, title: true, description: true, priceCents: true });
export type HiddenTicket = z.infer<typeof hiddenTicket>;

/** What the web app needs to know about this deployment, and nothing secret. */
export const deploymentMeta = z.object({
  brandName: z.string(),
  environment: z.string(),
  termsVersion: z.number().int(),
  appStoreUrl: z.string(),
  playStoreUrl: z.string(),
  /** The footer's social links, configured per deployment (none by default). */
  socialLinks: z.array(z.object({ network: z.string(), url: z.string() })),
});
export type DeploymentMeta = z.infer<typeof deploymentMeta>;

/**
 * Live availability (issue 17): the places left of each ticket the reader may see, pushed to the
 * event page. A choice ticket's places are those of its options that are on sale.
 */
const ticketPlaces = z.object({
  id: z.string(),
  placesLeft: z.number().int(),
  isSoldOut: z.boolean(),
});
export type TicketPlaces = z.infer<typeof ticketPlaces>;

const dateAvailability = z.object({
  id: z.string(),
  placesLeft: z.number().int().nullable(),
  isSoldOut: z.boolean(),
});
export type DateAvailability = z.infer<typeof dateAvailability>;

export const eventAvailability = z.object({
  eventId: z.string(),
  /** The whole event is full (its participant cap reached, or every ticket sold out). */
  isSoldOut: z.boolean(),
  tickets: z.array(ticketPlaces),
  /** The places left of each date (issue 32). */
  dates: z.array(dateAvailability).optional(),
});
export type EventAvailability = z.infer<typeof eventAvailability>;

/** "Plus que N places" from this many places left down (docs/decisions.md, "Live availability"). */
export const FEW_PLACES_THRESHOLD = 10;
