import { z } from 'zod';
import { type PickableTicket, quantityBoundsError } from '../checkout/rules';
import { holderFields } from '../checkout/schemas';
import { cents } from '../common/fields';
import { type FieldError, formText } from '../common/form';
import { ticketOfferFields } from '../events/schemas';
import { type HoldersField, holdersIssue, type PlaceHolder } from '../holders/rules';
import { holderUpdateRequest } from '../holders/schemas';
import { doorSalesFr } from '../messages/fr-door-sales';
import { ageOn, MAX_AGE, MIN_AGE } from '../rules/age';
import { isEmailValid } from '../rules/email';
import { isMobilePhone } from '../rules/phone';

const m = doorSalesFr;

/** How the buyer paid at the door, for the organiser's accounts. */
const onsitePayment = z.enum(['cash', 'card', 'free']);
export type OnsitePayment = z.infer<typeof onsitePayment>;

const manualParticipant = z.strictObject({ ...holderFields, phone: formText(30) });
export type ManualParticipant = z.infer<typeof manualParticipant>;

/** The in-person sale (2-organiser.md §2.7): one ticket (or option) and its count, for one participant. */
export const manualEntryRequest = z.strictObject({
  ticketId: z.string().max(64).default(''),
  /** The date sold, on an event of several dates (issue 32); none for a pass. */
  dateId: z.string().max(64).nullable().optional(),
  quantity: z.number().int().min(0).max(100).default(0),
  participant: manualParticipant,
  /** One holder per place, in order, when the event names its tickets (issue 30), as online. */
  holders: z.array(holderUpdateRequest).max(100).optional(),
  payment: onsitePayment.optional(),
});
export type ManualEntryRequest = z.infer<typeof manualEntryRequest>;

export const manualEntryCreated = z.object({
  orderId: z.string(),
  participationId: z.string(),
  totalCents: cents,
  message: z.string(),
});
export type ManualEntryCreated = z.infer<typeof manualEntryCreated>;

type ManualEntryField = 'ticketId' | 'quantity' | keyof ManualParticipant | HoldersField | 'payment';

/**
 * The in-person sale's checks in the order of 2-organiser.md §5 "In-person sale", then how it was
 * paid; the first failing one. The same function runs in the form and in the API. Ages are 16 to
 * 100 and the phone optional: the spec's other reading (18, phone required) is not kept
 * (docs/decisions.md). When the event names its tickets, each place's holder is checked as a
 * booking's (issue 30), once the count is known and before the payment.
 */
export function firstManualEntryError(input: {
  /** The ticket picked in the accordion. */
  ticket: PickableTicket | null;
  /** For a ticket with choices, the option chosen. */
  option: Omit<PickableTicket, 'isMultipart'> | null;
  quantity: number;
  participant: ManualParticipant;
  /** The event names its tickets: `holders` then needs one per place. */
  isNamed: boolean;
  holders: PlaceHolder[] | undefined;
  payment: OnsitePayment | undefined;
  today: string;
}): FieldError<ManualEntryField> | null {
  const { ticket, option, participant: p } = input;
  if (!ticket) return { field: 'ticketId', message: m.ticketRequired };
  if (ticket.isMultipart && !option) return { field: 'ticketId', message: m.optionRequired };
  const email = p.email.trim();
  if (!email) return { field: 'email', message: m.emailRequired };
  if (!isEmailValid(email)) return { field: 'email', message: m.emailInvalid };
  if (!p.firstName.trim()) return { field: 'firstName', message: m.firstNameRequired };
  if (!p.lastName.trim()) return { field: 'lastName', message: m.lastNameRequired };
  if (p.phone.trim() && !isMobilePhone(p.phone)) return { field: 'phone', message: m.phoneInvalid };
  if (!p.birthDate) return { field: 'birthDate', message: m.birthDateRequired };
  const age = ageOn(p.birthDate, input.today);
  if (age === null || age < MIN_AGE || age > MAX_AGE) return { field: 'birthDate', message: m.ageRange };
  if (input.quantity <= 0) return { field: 'quantity', message: m.quantityRequired };
  const bought = ticket.isMultipart && option ? option : ticket;
  if (bought.isSoldOut || !bought.isAvailable || !ticket.isAvailable) {
    return { field: 'ticketId', message: m.soldOutMessage };
  }
  const boundsError = quantityBoundsError(bought, input.quantity);
  if (boundsError) return { field: 'quantity', message: boundsError };
  const holdersError = input.isNamed ? holdersIssue(input.holders, input.quantity) : null;
  if (holdersError) return holdersError;
  // A free ticket needs no payment; a paid one is paid in cash or by card.
  if (bought.priceCents > 0 && !input.payment) return { field: 'payment', message: m.paymentRequired };
  if (bought.priceCents > 0 && input.payment === 'free') return { field: 'payment', message: m.freeOnlyFree };
  return null;
}

/** A ticket as the door sells it: with its options and the places left (hidden tickets included). */
const doorTicketOption = z.object({
  ...ticketOfferFields,
  remaining: z.number().int(),
  isHidden: z.boolean(),
  /** Its event names its tickets (issue 30): the sale asks a holder per place. */
  isNamed: z.boolean(),
});
export const doorTicket = doorTicketOption.extend({
  isMultipart: z.boolean(),
  /** A pass of a multi-date event (issue 32): sold without a date. */
  isPass: z.boolean().optional(),
  options: z.array(doorTicketOption),
});
export type DoorTicket = z.infer<typeof doorTicket>;

export const doorSale = z.object({
  participationId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  ticket: z.string(),
  quantity: z.number().int(),
  totalCents: cents,
  payment: onsitePayment,
  soldAt: z.string(),
  /** Who made the sale (the organiser, the administrator or a box-office member); null before it was recorded. */
  soldBy: z.string().nullable(),
});
export type DoorSale = z.infer<typeof doorSale>;
