import { z } from 'zod';
import { cents } from '../common/fields';
import { EVENT_DATES_MAX } from '../events/dates';
import { VAT_RATES } from '../pricing/vat';

/** An event's participant cap when there is none (2-organiser.md §3, §9: encoded as -1). */
export const UNLIMITED = -1;

/** A price from a form or an API client: euros with up to 2 decimals, or integer cents. */
const money = {
  // Bounded so that the price in cents fits PostgreSQL's integer (issue 15): a million euros.
  price: z.number().max(1_000_000).nullable().optional(),
  priceCents: z.number().int().max(100_000_000).nullable().optional(),
  /** Absent: the event category's usual rate (defaultVatRate); an option takes its ticket's. */
  vatRate: z.enum(VAT_RATES).optional(),
};

export const optionInput = z.strictObject({
  title: z.string().max(200).default(''),
  description: z.string().max(1000).default(''),
  quantity: z.number().int().nullable().default(null),
  isHidden: z.boolean().default(false),
  ...money,
});
export type OptionInput = z.infer<typeof optionInput>;

export const ticketInput = z.strictObject({
  title: z.string().max(200).default(''),
  description: z.string().max(1000).default(''),
  quantity: z.number().int().nullable().default(null),
  isHidden: z.boolean().default(false),
  isMultipart: z.boolean().default(false),
  options: z.array(optionInput).max(30).default([]),
  /** The dates it is sold for (issue 32); none or empty: every date. */
  dateIds: z.array(z.string().max(64)).max(EVENT_DATES_MAX).optional(),
  /** A pass: one place on every date it covers, bought once (none: not a pass). */
  isPass: z.boolean().optional(),
  ...money,
});
export type TicketInput = z.infer<typeof ticketInput>;

/** A promo code's number of uses when none is given (2-organiser.md §3: quantity 10000 at creation). */
export const PROMO_CODE_QUANTITY = 10_000;

export const discountInput = z.strictObject({
  code: z.string().max(100).default(''),
  discountPercent: z.number().nullable().default(null),
  // At least 1 is a rule with its message (firstDiscountError), not a schema bound.
  quantity: z.number().int().max(1_000_000).default(PROMO_CODE_QUANTITY),
  isEnabled: z.boolean().default(true),
  isSingleUse: z.boolean().default(true),
});
export type DiscountInput = z.infer<typeof discountInput>;

const date = z.string().max(40).nullable().default('');

/**
 * The create payload (2-organiser.md §3, camelCase). Ids are made by the server; `entityId`,
 * `minPrice`, `isFree` and `organizerName` are accepted and ignored: the server derives them.
 */
export const createEventRequest = z.strictObject({
  entityId: z.string().optional(),
  title: z.string().max(1000).default(''),
  description: z.string().max(10_000).default(''),
  address: z.string().max(1000).default(''),
  latitude: z.number().min(-90).max(90).nullable().optional(),
  longitude: z.number().min(-180).max(180).nullable().optional(),
  organizerId: z.string().max(64).nullable().optional(),
  organizerName: z.string().optional(),
  type: z
    .union([z.string().max(100), z.number().int()])
    .nullable()
    .default(''),
  dateBegin: date,
  dateEnd: date,
  dateMaxRefund: z.string().max(40).nullable().optional(),
  nbMaxParticipants: z.number().int().min(UNLIMITED).nullable().default(null),
  isPublic: z.boolean().default(false),
  isFree: z.boolean().optional(),
  minPrice: z.number().optional(),
  isUserPaysFees: z.boolean().default(false),
  ticketList: z.array(ticketInput).max(30).default([]),
  discountCodeList: z.array(discountInput).max(50).default([]),
  acceptTerms: z.boolean().optional(),
});
export type CreateEventRequest = z.infer<typeof createEventRequest>;

export const updateEventRequest = z.strictObject({
  title: z.string().max(1000).optional(),
  description: z.string().max(10_000).optional(),
  address: z.string().max(1000).optional(),
  latitude: z.number().min(-90).max(90).nullable().optional(),
  longitude: z.number().min(-180).max(180).nullable().optional(),
  type: z
    .union([z.string().max(100), z.number().int()])
    .nullable()
    .optional(),
  dateBegin: z.string().max(40).optional(),
  dateEnd: z.string().max(40).optional(),
  dateMaxRefund: z.string().max(40).nullable().optional(),
  nbMaxParticipants: z.number().int().min(UNLIMITED).nullable().optional(),
  isPublic: z.boolean().optional(),
  isOpen: z.boolean().optional(),
  isUserPaysFees: z.boolean().optional(),
  // The waiting room (issue 17): both set, or both null to turn it off.
  onsaleAt: z.string().max(40).nullable().optional(),
  admissionPerMinute: z.number().int().nullable().optional(),
  // How long an offer of the waiting list keeps its places (issue 30); null: the default.
  waitingListOfferHours: z.number().int().nullable().optional(),
  // Named tickets (issue 30): a holder per place, editable by the buyer until the date (null: the start).
  isNamedTickets: z.boolean().optional(),
  holdersEditableUntil: z.string().max(40).nullable().optional(),
});
export type UpdateEventRequest = z.infer<typeof updateEventRequest>;

export const updateTicketRequest = z.strictObject({
  title: z.string().max(200).optional(),
  description: z.string().max(1000).optional(),
  quantity: z.number().int().optional(),
  isAvailable: z.boolean().optional(),
  isHidden: z.boolean().optional(),
  // The whole set of tickets offered with this one; it replaces the previous set.
  giftTicketIds: z.array(z.string().max(64)).max(20).optional(),
  dateIds: z.array(z.string().max(64)).max(EVENT_DATES_MAX).optional(),
  isPass: z.boolean().optional(),
  ...money,
});
export type UpdateTicketRequest = z.infer<typeof updateTicketRequest>;

export const updateDiscountRequest = z.strictObject({
  isEnabled: z.boolean().optional(),
  quantity: z.number().int().optional(),
});
export type UpdateDiscountRequest = z.infer<typeof updateDiscountRequest>;

/** What the edit screen and the console read: every ticket, hidden ones and sold counts included. */
const managedTicket = z.object({
  id: z.string(),
  parentId: z.string().nullable(),
  title: z.string(),
  description: z.string(),
  priceCents: cents,
  vatRate: z.enum(VAT_RATES),
  quantity: z.number().int(),
  sold: z.number().int(),
  isHidden: z.boolean(),
  isAvailable: z.boolean(),
  isMultipart: z.boolean(),
  position: z.number().int(),
  giftTicketIds: z.array(z.string()),
  /** No place of it or of its options is sold, held or issued: the server would delete it. */
  isDeletable: z.boolean(),
  /** The dates it is sold for (issue 32); empty: every date. */
  dateIds: z.array(z.string()).optional(),
  isPass: z.boolean().optional(),
});
export type ManagedTicket = z.infer<typeof managedTicket>;

const managedDiscount = z.object({
  id: z.string(),
  code: z.string(),
  percent: z.number().int(),
  quantity: z.number().int(),
  used: z.number().int(),
  isEnabled: z.boolean(),
  isSingleUse: z.boolean(),
});
export type ManagedDiscount = z.infer<typeof managedDiscount>;

export const managedEvent = z.object({
  id: z.string(),
  organizerId: z.string(),
  organizerName: z.string(),
  title: z.string(),
  description: z.string(),
  address: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  typeId: z.number().int().nullable(),
  type: z.string().nullable(),
  dateBegin: z.string(),
  dateEnd: z.string(),
  dateMaxRefund: z.string().nullable(),
  nbMaxParticipants: z.number().int(),
  isPublic: z.boolean(),
  isOpen: z.boolean(),
  isSoldOut: z.boolean(),
  isFree: z.boolean(),
  isUserPaysFees: z.boolean(),
  bannerUrl: z.string().nullable(),
  onsaleAt: z.string().nullable(),
  admissionPerMinute: z.number().int().nullable(),
  waitingListOfferHours: z.number().int().nullable(),
  isNamedTickets: z.boolean(),
  holdersEditableUntil: z.string().nullable(),
  tickets: z.array(managedTicket),
  discounts: z.array(managedDiscount),
});
export type ManagedEvent = z.infer<typeof managedEvent>;
