import { z } from 'zod';
import { cents } from '../common/fields';
import { formText } from '../common/form';
import { holderUpdateRequest } from '../holders/schemas';
import { companyInvoiceRequest } from '../invoices/company';
import { answersInput } from '../questions/schemas';
import { EMAIL_MAX_LENGTH } from '../rules/email';

/** The website's rule (1-attendee.md §6, §9): at most 5 tickets in one order, any number of orders. */
export const MAX_TICKETS_PER_ORDER = 5;
/** A free ticket is capped at quantity 1 (1-attendee.md §5, §9). */
export const MAX_FREE_TICKETS = 1;
export const HOLD_SECONDS = 180;
/** The purchase form's names (1-attendee.md §3, §9): 22 characters each. */
export const BUYER_NAME_MAX = 22;

const orderLineInput = z.strictObject({
  ticketId: z.string().max(64),
  quantity: z.number().int().min(0).max(100),
  refundPlaces: z.number().int().min(0).max(100).default(0),
  /** The date bought, required for a non-pass ticket of a multi-date event (issue 32). */
  dateId: z.string().max(64).optional(),
  /** One holder per place, in order, when the event's tickets are named (issue 30). */
  holders: z.array(holderUpdateRequest).max(100).optional(),
  /** The answers to the questions asked for each place, in order (attendee questions, issue 30). */
  answers: z.array(answersInput).max(100).optional(),
});
export type OrderLineRequest = z.infer<typeof orderLineInput>;

/** Whom a ticket is for, as the purchase form and the door's form take them (their rules check the rest). */
export const holderFields = {
  email: formText(EMAIL_MAX_LENGTH),
  firstName: formText(100),
  lastName: formText(100),
  birthDate: formText(10),
};

const buyerInput = z.strictObject({
  ...holderFields,
  studies: z.string().max(100).nullable().optional(),
});
export type BuyerInput = z.infer<typeof buyerInput>;

export const createOrderRequest = z.strictObject({
  eventId: z.string().max(64),
  lines: z.array(orderLineInput).min(1).max(10),
  discountCode: z.string().max(50).nullable().optional(),
  buyer: buyerInput.optional(),
  shareKey: z.string().max(100).nullable().optional(),
  acceptTerms: z.boolean().optional(),
  /** One ticket offered with a ticket of the order, chosen in the gift modal (quantity 0 or 1). */
  giftTicketId: z.string().max(64).nullable().optional(),
  /** The invoices in a company's name (issue 29), checked by checkCompanyInvoice. */
  companyInvoice: companyInvoiceRequest.nullable().optional(),
  /** The answers to the questions asked once for the order (attendee questions, issue 30). */
  answers: answersInput.optional(),
});
export type CreateOrderRequest = z.infer<typeof createOrderRequest>;

export const orderCreated = z.object({
  id: z.string(),
  expiresAt: z.string(),
  totalCents: cents,
  provider: z.string(),
  status: z.string(),
  accessToken: z.string().optional(),
});
export type OrderCreated = z.infer<typeof orderCreated>;

/** An order as its buyer reads it back (guest token or session). */
export const orderView = z.object({
  id: z.string(),
  eventId: z.string(),
  reference: z.string(),
  status: z.string(),
  provider: z.string(),
  expiresAt: z.string(),
  subtotalCents: cents,
  discountCents: cents,
  insuranceCents: cents,
  feeCents: cents,
  totalCents: cents,
  ticketCount: z.number().int(),
  lines: z.array(z.object({ ticketId: z.string(), quantity: z.number().int(), refundPlaces: z.number().int() })),
});
export type OrderView = z.infer<typeof orderView>;

/**
 * The payment result page's view of the viewer's own order, named by its payment reference: what
 * the server knows, whatever the return address claims.
 */
export const paymentResultOrder = z.object({
  id: z.string(),
  eventId: z.string(),
  reference: z.string(),
  status: z.string(),
  totalCents: cents,
  /** The hold's seconds left while the order can still be paid (the retry's countdown), else 0. */
  secondsLeft: z.number().int(),
});
export type PaymentResultOrder = z.infer<typeof paymentResultOrder>;

/**
 * Where the buyer pays: the bank's form posted as is (fields in the signed order), or what
 * Stripe.js needs and where a confirmed payment lands.
 */
const paymentRedirect = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('form'), action: z.string(), fields: z.array(z.tuple([z.string(), z.string()])) }),
  z.object({
    kind: z.literal('stripe'),
    clientSecret: z.string(),
    publishableKey: z.string(),
    paymentIntentId: z.string(),
    returnUrl: z.string(),
  }),
]);
export type PaymentRedirect = z.infer<typeof paymentRedirect>;
export const paymentStart = z.object({ redirect: paymentRedirect });
