import type { FieldError } from '../common/form';
import { requiredTextError } from '../common/required-text';
import { checkoutFr } from '../messages/fr-checkout';
import { checkoutStepsFr } from '../messages/fr-checkout-steps';
import { ageOn, MAX_AGE, MIN_AGE, todayInParis } from '../rules/age';
import { isEmailValid } from '../rules/email';
import { BUYER_NAME_MAX, type BuyerInput, MAX_FREE_TICKETS, MAX_TICKETS_PER_ORDER } from './schemas';

const m = checkoutFr;

/** The studies an event may ask for; the first one means "not given" (1-attendee.md §3). */
export const STUDIES: readonly string[] = checkoutStepsFr.studies;
export const STUDY_UNDEFINED = checkoutStepsFr.studies[0];

/** The most of one ticket an order may take, whatever the ticket's own bounds: 5, or 1 of a free ticket. */
export function orderCapOf(ticket: { priceCents: number }): number {
  return ticket.priceCents === 0 ? MAX_FREE_TICKETS : MAX_TICKETS_PER_ORDER;
}

/** The quantity a buyer may pick: the ticket's own bounds within the order's cap. */
export function ticketQuantityBounds(ticket: { priceCents: number; minToBuy: number; maxToBuy: number }) {
  const max = Math.max(0, Math.min(ticket.maxToBuy, orderCapOf(ticket)));
  return { min: Math.max(1, Math.min(ticket.minToBuy, max)), max };
}

/** The quantity within the ticket's bounds, or the message naming the bound it crosses (1-attendee.md §5). */
export function quantityBoundsError(
  ticket: { priceCents: number; minToBuy: number; maxToBuy: number },
  quantity: number,
): string | null {
  const { min, max } = ticketQuantityBounds(ticket);
  if (quantity < min) return m.belowMin(min);
  if (quantity > max) return m.aboveMax(max);
  return null;
}

/** Sold-out ('Sold Out') or unavailable ('Non disponible') tickets and options cannot be picked. */
export function isPickable(ticket: { isSoldOut: boolean; isAvailable: boolean }): boolean {
  return !ticket.isSoldOut && ticket.isAvailable;
}

/** Choosing a ticket with choices preselects its cheapest pickable option (1-attendee.md §4). */
export function cheapestPickableOption<T extends { priceCents: number; isSoldOut: boolean; isAvailable: boolean }>(
  options: readonly T[],
): T | null {
  let best: T | null = null;
  for (const option of options) {
    if (isPickable(option) && (!best || option.priceCents < best.priceCents)) best = option;
  }
  return best;
}

/** A ticket (or an option of a choice ticket) as a buyer picks it, on the event page or at the door. */
export type PickableTicket = {
  priceCents: number;
  isSoldOut: boolean;
  isAvailable: boolean;
  minToBuy: number;
  maxToBuy: number;
  isMultipart: boolean;
};

export type TicketStepInput = {
  /** The ticket picked in the accordion, or null. */
  ticket: PickableTicket | null;
  /** For a ticket with choices, the option chosen. */
  option: Omit<PickableTicket, 'isMultipart'> | null;
  quantity: number;
  refund: { enabled: boolean; places: number };
  /** The event's refund deadline (ISO), null when it has none. */
  dateMaxRefund: string | null;
  termsAccepted: boolean;
  now: Date;
  /** The buyer already has their one free place of the event (a logged-in buyer; a guest is checked by the server). */
  freePlaceTaken?: boolean;
  isFreeEvent?: boolean;
};

type TicketStepField = 'quantity' | 'ticketId' | 'refundPlaces' | 'acceptTerms';

/** The ticket step's checks ('Suivant'), in the order of 1-attendee.md §5; the first failing one. */
export function firstTicketStepError(input: TicketStepInput): FieldError<TicketStepField> | null {
  const { ticket, option, quantity, refund } = input;
  if (input.freePlaceTaken && input.isFreeEvent) return { field: 'ticketId', message: m.freeEventOneTicket };
  if (!ticket || quantity <= 0) return { field: 'quantity', message: m.ticketCountRequired };
  if (ticket.isSoldOut) return { field: 'ticketId', message: m.noPlaceLeft };
  if (ticket.isMultipart && !option) return { field: 'ticketId', message: m.choiceRequired };
  const bought = ticket.isMultipart && option ? option : ticket;
  if (bought.isSoldOut) return { field: 'ticketId', message: m.noPlaceLeft };
  if (!bought.isAvailable || !ticket.isAvailable) return { field: 'ticketId', message: m.ticketUnavailable };
  if (input.freePlaceTaken && bought.priceCents === 0) return { field: 'ticketId', message: m.oneFreeTicket };
  if (refund.enabled) {
    if (refund.places < 1 || refund.places > quantity || refund.places > MAX_TICKETS_PER_ORDER) {
      return { field: 'refundPlaces', message: m.refundPlacesInvalid };
    }
    const deadline = input.dateMaxRefund ? Date.parse(input.dateMaxRefund) : Number.NaN;
    if (!(deadline > input.now.getTime())) return { field: 'refundPlaces', message: m.refundDeadlinePassed };
  }
  if (!input.termsAccepted) return { field: 'acceptTerms', message: m.termsRequired };
  const boundsError = quantityBoundsError(bought, quantity);
  return boundsError ? { field: 'quantity', message: boundsError } : null;
}

type BuyerField = 'lastName' | 'firstName' | 'email' | 'birthDate' | 'studies';

/**
 * An account's name as the purchase form takes it (1-attendee.md §9: 22 characters there, 50 on
 * the account): cut to BUYER_NAME_MAX, never inside a character, so that a name the product took
 * elsewhere is never refused at the purchase (docs/decisions.md, issue 26).
 */
export function fitBuyerName(name: string): string {
  const trimmed = name.trim();
  // Every order's names pass here: segmenting costs the on-sale more than the rest of the check.
  if (trimmed.length <= BUYER_NAME_MAX) return trimmed;
  let kept = '';
  for (const { segment } of graphemes.segment(trimmed)) {
    if (kept.length + segment.length > BUYER_NAME_MAX) break;
    kept += segment;
  }
  return kept.trimEnd();
}

// What a reader takes for one character: a letter with its accents, an emoji with its modifiers.
const graphemes = new Intl.Segmenter('fr', { granularity: 'grapheme' });

/** Whether the account's name is longer than the purchase form takes, so is shown cut there. */
export function isBuyerNameCut(name: string): boolean {
  return name.trim().length > BUYER_NAME_MAX;
}

/** The information step's checks, in the order of 1-attendee.md §5; the first failing one. */
export function firstBuyerError(
  buyer: BuyerInput,
  options: { needsStudies: boolean; today?: string },
): FieldError<BuyerField> | null {
  const tooLong = m.nameTooLong;
  const nameError =
    requiredTextError('lastName', buyer.lastName, BUYER_NAME_MAX, { required: m.lastNameRequired, tooLong }) ??
    requiredTextError('firstName', buyer.firstName, BUYER_NAME_MAX, { required: m.firstNameRequired, tooLong });
  if (nameError) return nameError;
  const email = buyer.email.trim();
  if (!email) return { field: 'email', message: m.emailRequired };
  if (!isEmailValid(email)) return { field: 'email', message: m.emailInvalid };
  const age = buyer.birthDate ? ageOn(buyer.birthDate, options.today ?? todayInParis()) : null;
  if (age === null) return { field: 'birthDate', message: m.ageRequired };
  if (age < MIN_AGE) return { field: 'birthDate', message: m.tooYoung };
  if (age > MAX_AGE) return { field: 'birthDate', message: m.tooOld };
  const studies = buyer.studies?.trim();
  if (options.needsStudies && (!studies || studies === STUDY_UNDEFINED)) {
    return { field: 'studies', message: m.studiesRequired };
  }
  return null;
}

/** The verification code step: only its presence is checked here; the server checks the rest. */
export function firstVerificationCodeError(code: string): string | null {
  return code.trim() ? null : checkoutStepsFr.code.required;
}

/*
 * Guest accounts made during a purchase (apps/api/src/modules/guest). Plain types here: their zod
 * schemas live with the API routes, because a zod schema built at this module's top level would
 * pull zod into every page that uses one of the rules above (the event page).
 */
export type GuestLookupRequest = { email: string };
export type GuestLookupResult = { hasAccount: boolean };
export type GuestAccountRequest = {
  email: string;
  firstName: string;
  lastName: string;
  birthDate: string;
  password: string;
  passwordConfirmation: string;
};
export type GuestVerifyRequest = { email: string; code: string };
