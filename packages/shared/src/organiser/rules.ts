import { ADDRESS_MAX_LENGTH } from '../addresses/schemas';
import type { FieldError } from '../common/form';
import { organiserFr } from '../messages/fr-organiser';
import { eurosToCents } from '../pricing/rules';
import { type CreateEventRequest, type DiscountInput, type OptionInput, type TicketInput, UNLIMITED } from './schemas';

const m = organiserFr;

export const LIMITS = {
  title: 100,
  address: ADDRESS_MAX_LENGTH,
  description: 2500,
  ticketTitle: 30,
  ticketDescription: 200,
  optionTitle: 30,
  promoCode: 15,
} as const;

/** The lowest price of a paid ticket added from the edit screen (2-organiser.md §2.2). */
const MIN_EDIT_PRICE_CENTS = 100;

type Priced = { price?: number | null; priceCents?: number | null };

/** Cents from either form of price; null when no price was given. Rounded to the cent. */
export function priceToCents(item: Priced): number | null {
  if (item.priceCents != null) return item.priceCents;
  if (item.price == null || Number.isNaN(item.price)) return null;
  return eurosToCents(item.price);
}

/** A choice ticket costs its cheapest option and holds the sum of its options. */
export function choiceTicketSummary(options: { priceCents: number; quantity: number }[]) {
  return {
    priceCents: options.length ? Math.min(...options.map((o) => o.priceCents)) : 0,
    quantity: options.reduce((sum, o) => sum + o.quantity, 0),
  };
}

export function isPaidTicketList(tickets: TicketInput[]): boolean {
  return tickets.some(
    (t) => (priceToCents(t) ?? 0) > 0 || t.options.some((o: OptionInput) => (priceToCents(o) ?? 0) > 0),
  );
}

/** Prices, choice tickets, public events and attendee-paid fees are for verified organisers. */
export function usesVerifiedOnlyFeatures(
  input: Pick<CreateEventRequest, 'ticketList' | 'isPublic' | 'isUserPaysFees'>,
) {
  return (
    input.isPublic ||
    input.isUserPaysFees ||
    input.ticketList.some((t) => t.isMultipart) ||
    isPaidTicketList(input.ticketList)
  );
}

const parseDate = (value: string | null | undefined): Date | null => {
  if (!value) return null;
  const date = new Date(value);
  // Years outside 1900–9999 are no event's (and year -1 is not a date PostgreSQL reads back).
  const year = date.getUTCFullYear();
  return Number.isNaN(date.getTime()) || year < 1900 || year > 9999 ? null : date;
};

const fail = (field: string, message: string): FieldError => ({ field, message });

type CreateContext = {
  now: Date;
  /** false once the address service answered that it does not know the address. */
  addressFound?: boolean;
  /** false when an administrator has not picked the organiser. */
  hasOrganizer?: boolean;
};

/**
 * The checks the create and edit forms share, in the spec's order (2-organiser.md §5): the edit
 * form's are the create form's but for the start, which may already be past.
 */
function firstEventFieldError(event: EventFields, context: CreateContext, isCreate: boolean): FieldError | null {
  const title = event.title.trim();
  if (!title) return fail('title', m.create.titleRequired);
  if (title.length > LIMITS.title) return fail('title', m.create.titleTooLong);
  const address = event.address.trim();
  if (!address) return fail('address', m.create.addressRequired);
  if (address.length > LIMITS.address) return fail('address', m.create.addressTooLong);
  if (context.addressFound === false) return fail('address', m.create.addressNotFound);
  if (context.hasOrganizer === false) return fail('organizerId', m.create.organizerRequired);
  if (event.type === null || event.type === '') return fail('type', m.create.categoryRequired);
  const begin = parseDate(event.dateBegin);
  if (!begin) return fail('dateBegin', m.create.startRequired);
  const end = parseDate(event.dateEnd);
  if (!end) return fail('dateEnd', m.create.endRequired);
  if (end < begin) return fail('dateEnd', m.create.endBeforeStart);
  if (isCreate && begin <= context.now) return fail('dateBegin', m.create.startInPast);
  if (end <= context.now) return fail('dateEnd', m.create.endInPast);
  const description = event.description.trim();
  if (!description) return fail('description', m.create.descriptionRequired);
  if (description.length > LIMITS.description) return fail('description', m.create.descriptionTooLong);
  const cap = event.nbMaxParticipants;
  if (cap == null || cap === 0) return fail('nbMaxParticipants', m.create.participantsRequired);
  return null;
}

/** The 18 checks of the create form, in the spec's order (2-organiser.md §5). */
export function firstCreateEventError(input: CreateEventRequest, context: CreateContext): FieldError | null {
  return firstEventFieldError(input, context, true) ?? firstTicketListError(input, context.now);
}

function firstTicketListError(input: CreateEventRequest, now: Date): FieldError | null {
  const tickets = input.ticketList;
  const items = tickets.flatMap((t) => (t.isMultipart ? t.options : [t]));
  if (tickets.length === 0 || items.some((t) => (priceToCents(t) ?? -1) < 0)) {
    return fail('ticketList', m.create.ticketPriceInvalid);
  }
  const titles = [...tickets.map((t) => t.title), ...tickets.flatMap((t) => t.options.map((o) => o.title))];
  if (titles.some((title) => !title.trim())) return fail('ticketList', m.create.ticketTitleRequired);
  if (titles.some((title) => title.trim().length > LIMITS.ticketTitle)) {
    return fail('ticketList', m.create.ticketTitleTooLong);
  }
  if (tickets.some((t) => t.description.length > LIMITS.ticketDescription)) {
    return fail('ticketList', m.create.ticketDescriptionTooLong);
  }
  const cap = input.nbMaxParticipants ?? UNLIMITED;
  const badQuantity = (q: number | null) =>
    q == null || !Number.isInteger(q) || q <= 0 || (cap !== UNLIMITED && q > cap);
  if (items.some((t) => badQuantity(t.quantity))) return fail('ticketList', m.create.ticketQuantityInvalid);
  if (tickets.some((t) => t.isMultipart && t.options.length === 0)) {
    return fail('ticketList', m.create.choicesRequired);
  }
  // The choice switch is not offered on the first ticket (§2.1).
  if (tickets[0]?.isMultipart) return fail('ticketList', m.edit.choicesIncomplete);
  if (input.dateMaxRefund !== undefined && input.dateMaxRefund !== null && isPaidTicketList(tickets)) {
    const refund = parseDate(input.dateMaxRefund);
    const begin = parseDate(input.dateBegin);
    if (!refund || !begin || refund >= begin || refund <= now) {
      return fail('dateMaxRefund', m.create.refundDateInvalid);
    }
  }
  if (input.acceptTerms === false) return fail('acceptTerms', m.create.termsRequired);
  return null;
}

/** What both event forms fill in and check the same way. */
type EventFields = {
  title: string;
  address: string;
  description: string;
  type: string | number | null;
  dateBegin: string | null;
  dateEnd: string | null;
  nbMaxParticipants: number | null;
};

/** The event as the edit form checks it: its fields, its refund date, and whether any ticket is paid. */
type EventState = EventFields & {
  dateBegin: string;
  dateEnd: string;
  dateMaxRefund: string | null;
  isPaid: boolean;
};

/** The edit form's checks: as at creation, but the start may already be past (§5 "Edit event"). */
export function firstEditEventError(event: EventState, context: CreateContext): FieldError | null {
  const error = firstEventFieldError(event, context, false);
  if (error || !event.isPaid || event.dateMaxRefund === null) return error;
  const refund = parseDate(event.dateMaxRefund);
  const begin = parseDate(event.dateBegin);
  return !refund || !begin || refund >= begin ? fail('dateMaxRefund', m.edit.refundDateInvalid) : null;
}

/** Saving a new ticket from the edit form (§5 "Saving a new ticket"). */
export function firstNewTicketError(ticket: TicketInput): FieldError | null {
  if (!ticket.title.trim()) return fail('title', m.ticket.titleEmpty);
  if (ticket.title.trim().length > LIMITS.ticketTitle) return fail('title', m.create.ticketTitleTooLong);
  if (ticket.description.length > LIMITS.ticketDescription) {
    return fail('description', m.create.ticketDescriptionTooLong);
  }
  if (ticket.isMultipart) {
    if (ticket.options.length === 0) return fail('options', m.ticket.choicesRequired);
    return ticket.options.map(firstOptionError).find(Boolean) ?? null;
  }
  const price = priceToCents(ticket);
  if (price == null || price < 0) return fail('price', m.ticket.priceEmpty);
  // The edit screen's price input starts at 1 € (§2.2); a free ticket stays possible.
  if (price > 0 && price < MIN_EDIT_PRICE_CENTS) return fail('price', m.ticket.priceEmpty);
  if (ticket.quantity == null || !Number.isInteger(ticket.quantity) || ticket.quantity <= 0) {
    return fail('quantity', m.ticket.quantityInvalid);
  }
  return null;
}

/** An option needs a title (30 at most), a whole quantity of at least 1 and a price of at least 0. */
export function firstOptionError(option: OptionInput): FieldError | null {
  if (!option.title.trim()) return fail('options', m.edit.choicesIncomplete);
  if (option.title.trim().length > LIMITS.optionTitle) return fail('options', m.create.ticketTitleTooLong);
  const price = priceToCents(option);
  if (price == null || price < 0) return fail('options', m.edit.choicesIncomplete);
  if (option.quantity == null || !Number.isInteger(option.quantity) || option.quantity < 1) {
    return fail('options', m.edit.choicesIncomplete);
  }
  return null;
}

/** Promo code rules (§5 "Promo codes"); `existing` holds the event's other codes. */
export function firstDiscountError(input: DiscountInput, existing: string[]): FieldError | null {
  const code = input.code.trim();
  if (!code) return fail('code', m.promo.codeRequired);
  if (code.length > LIMITS.promoCode) return fail('code', m.promo.codeTooLong);
  if (code.toLowerCase() === 'no') return fail('code', m.promo.codeNotAllowed);
  const percent = input.discountPercent == null ? null : Math.round(input.discountPercent);
  if (percent == null || percent <= 0) return fail('discountPercent', m.promo.percentTooLow);
  if (percent > 100) return fail('discountPercent', m.promo.percentTooHigh);
  if (existing.some((other) => other.toLowerCase() === code.toLowerCase())) return fail('code', m.promo.duplicate);
  if (!Number.isInteger(input.quantity) || input.quantity < 1) return fail('quantity', m.promo.quantityInvalid);
  return null;
}
