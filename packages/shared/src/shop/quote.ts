import { z } from 'zod';
import { ADDRESS_MAX_LENGTH } from '../addresses/schemas';
import { cents, pageOf } from '../common/fields';
import { type FieldError, formText } from '../common/form';
import { showcaseFr } from '../messages/fr-showcase';
import { isEmailValid } from '../rules/email';
import { isMobilePhone, phoneDigits } from '../rules/phone';
import { lineAmountCents, type ShopOffer } from './catalogue';

/** Input limits of the quote form (3-showcase-and-shell.md §5 "Input limits"). */
export const QUOTE_LIMITS = {
  address: ADDRESS_MAX_LENGTH,
  postcode: 5,
  city: 50,
  structureName: 50,
  email: 50,
  /** Digits: the spaces and dots of "06 12 34 56 78" do not count (rules/phone.ts). */
  phone: 10,
  comments: 1000,
  lines: 50,
} as const;

/** Partners get 50 % off equipment loans (§1, §9): rental lines only. */
const PARTNER_LOAN_DISCOUNT_PERCENT = 50;

export const quoteStatuses = ['new', 'answered', 'won', 'lost'] as const;
export type QuoteStatus = (typeof quoteStatuses)[number];

const place = z
  .strictObject({ address: formText(1000), postcode: formText(100), city: formText(1000) })
  .default({ address: '', postcode: '', city: '' });

const quoteLine = z.strictObject({
  productId: z.string().max(100),
  quantity: z.number().int(),
  /** The chosen type's label, for a product that has types. */
  variant: z.string().max(200).nullish(),
});

export const quoteRequest = z.strictObject({
  partner: z.boolean().nullish(),
  structureName: formText(1000),
  email: formText(1000),
  startsAt: formText(100),
  endsAt: formText(100),
  billing: place,
  phone: formText(100),
  delivery: place,
  comments: formText(10_000),
  acceptTerms: z.boolean().default(false),
  lines: z.array(quoteLine).max(500).default([]),
});
export type QuoteRequest = z.input<typeof quoteRequest>;
export type QuoteRequestParsed = z.infer<typeof quoteRequest>;

/** The form's fields in the spec's order of checks (§5); the form's banner lists errors in it. */
export const quoteFields = [
  'partner',
  'structureName',
  'email',
  'startsAt',
  'endsAt',
  'billing.city',
  'billing.postcode',
  'billing.address',
  'phone',
  'delivery.city',
  'delivery.postcode',
  'delivery.address',
  'comments',
  'acceptTerms',
  'lines',
] as const;
export type QuoteField = (typeof quoteFields)[number];

const m = showcaseFr.quote;

function placeErrors(
  which: 'billing' | 'delivery',
  value: { address: string; postcode: string; city: string },
): FieldError<QuoteField>[] {
  const errors: FieldError<QuoteField>[] = [];
  const billing = which === 'billing';
  const city = value.city.trim();
  const postcode = value.postcode.trim();
  const address = value.address.trim();
  if (!city) errors.push({ field: `${which}.city`, message: billing ? m.billingCityRequired : m.deliveryCityRequired });
  else if (city.length > QUOTE_LIMITS.city) errors.push({ field: `${which}.city`, message: m.cityTooLong });
  if (!postcode) {
    errors.push({
      field: `${which}.postcode`,
      message: billing ? m.billingPostcodeRequired : m.deliveryPostcodeRequired,
    });
  } else if (!/^\d{5}$/.test(postcode)) errors.push({ field: `${which}.postcode`, message: m.postcodeInvalid });
  if (!address) {
    errors.push({ field: `${which}.address`, message: billing ? m.billingAddressRequired : m.deliveryAddressRequired });
  } else if (address.length > QUOTE_LIMITS.address) {
    errors.push({ field: `${which}.address`, message: m.addressTooLong });
  }
  return errors;
}

/**
 * Every failing check of the quote form, one per field, in the spec's order (§5: partner,
 * structure, email, start, end, billing, phone, delivery, consent, cart). The form lists them
 * all; the API answers the first. `now` refuses a start in the past.
 */
export function quoteErrors(input: QuoteRequestParsed, brand: string, now: Date): FieldError<QuoteField>[] {
  const errors: FieldError<QuoteField>[] = [];
  const add = (field: QuoteField, message: string) => errors.push({ field, message });
  if (input.partner === null || input.partner === undefined) add('partner', m.partnerRequired(brand));
  const structure = input.structureName.trim();
  if (!structure) add('structureName', m.structureRequired);
  else if (structure.length > QUOTE_LIMITS.structureName) add('structureName', m.structureTooLong);
  const email = input.email.trim();
  if (!email) add('email', m.emailRequired);
  else if (email.length > QUOTE_LIMITS.email) add('email', m.emailTooLong);
  else if (!isEmailValid(email)) add('email', m.emailInvalid);
  const start = input.startsAt.trim() ? new Date(input.startsAt) : null;
  const end = input.endsAt.trim() ? new Date(input.endsAt) : null;
  const startValid = start !== null && !Number.isNaN(start.getTime());
  if (!start) add('startsAt', m.startRequired);
  else if (!startValid) add('startsAt', m.startInvalid);
  else if (start.getTime() < now.getTime()) add('startsAt', m.startInPast);
  if (!end) add('endsAt', m.endRequired);
  else if (Number.isNaN(end.getTime())) add('endsAt', m.endInvalid);
  else if (startValid && start && end.getTime() <= start.getTime()) add('endsAt', m.endBeforeStart);
  errors.push(...placeErrors('billing', input.billing));
  const phone = input.phone.trim();
  if (!phone) add('phone', m.phoneRequired);
  else if (phoneDigits(phone).length > QUOTE_LIMITS.phone || !isMobilePhone(phone)) {
    add('phone', m.phoneInvalid);
  }
  errors.push(...placeErrors('delivery', input.delivery));
  if (input.comments.trim().length > QUOTE_LIMITS.comments) add('comments', m.commentsTooLong);
  if (input.acceptTerms !== true) add('acceptTerms', m.termsRequired);
  if (input.lines.length === 0) add('lines', m.cartEmpty);
  else if (input.lines.length > QUOTE_LIMITS.lines) add('lines', m.cartTooLarge);
  return errors;
}

export function firstQuoteError(input: QuoteRequestParsed, brand: string, now: Date): FieldError<QuoteField> | null {
  return quoteErrors(input, brand, now)[0] ?? null;
}

/** One priced line: a null unit price is a price on quote, shown by its label and left out of totals. */
export type PricedLine = {
  offer: ShopOffer;
  unitCents: number | null;
  priceLabel: string | null;
  packSize: number;
  quantity: number;
};

type QuoteTotals = {
  lines: { amountCents: number | null; discountCents: number }[];
  subtotalCents: number;
  discountCents: number;
  totalCents: number;
  hasPriceOnQuote: boolean;
};

/** The estimate of a cart: partners get PARTNER_LOAN_DISCOUNT_PERCENT off rental lines. */
export function quoteTotals(lines: PricedLine[], partner: boolean): QuoteTotals {
  const priced = lines.map((line) => {
    if (line.unitCents === null) return { amountCents: null, discountCents: 0 };
    const amountCents = lineAmountCents(line.unitCents, line.quantity, line.packSize);
    const discounted = partner && line.offer === 'location';
    const discountCents = discounted ? Math.floor((amountCents * PARTNER_LOAN_DISCOUNT_PERCENT + 50) / 100) : 0;
    return { amountCents, discountCents };
  });
  const subtotalCents = priced.reduce((sum, line) => sum + (line.amountCents ?? 0), 0);
  const discountCents = priced.reduce((sum, line) => sum + line.discountCents, 0);
  return {
    lines: priced,
    subtotalCents,
    discountCents,
    totalCents: subtotalCents - discountCents,
    hasPriceOnQuote: lines.some((line) => line.unitCents === null),
  };
}

export const quoteCreated = z.object({ id: z.string(), message: z.string() });
export type QuoteCreated = z.infer<typeof quoteCreated>;

const quoteRequestLineView = z.object({
  id: z.string(),
  title: z.string(),
  variant: z.string().nullable(),
  offer: z.enum(['location', 'achat', 'service']),
  quantity: z.number().int(),
  unitPriceCents: cents.nullable(),
  priceLabel: z.string().nullable(),
  amountCents: cents.nullable(),
  discountCents: cents,
});

export const quoteRequestView = z.object({
  id: z.string(),
  status: z.enum(quoteStatuses),
  createdAt: z.string(),
  partner: z.boolean(),
  structureName: z.string(),
  email: z.string(),
  phone: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  billing: z.object({ address: z.string(), postcode: z.string(), city: z.string() }),
  delivery: z.object({ address: z.string(), postcode: z.string(), city: z.string() }),
  comments: z.string(),
  subtotalCents: cents,
  discountCents: cents,
  totalCents: cents,
  lines: z.array(quoteRequestLineView),
});
export type QuoteRequestView = z.infer<typeof quoteRequestView>;

/** The back office's pages of quote requests, newest first (issue 26: the list stopped at 500). */
export const QUOTE_REQUESTS_PAGE_SIZE = 20;
export const quoteRequestsQuery = z.strictObject({
  status: z.enum(quoteStatuses).optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
});
export const quoteRequestsPage = pageOf(quoteRequestView).extend({ pageSize: z.number().int() });
export type QuoteRequestsPage = z.infer<typeof quoteRequestsPage>;
export const quoteRequestParams = z.strictObject({ quoteId: z.string().uuid() });
export const quoteStatusChange = z.strictObject({ status: z.enum(quoteStatuses) });
