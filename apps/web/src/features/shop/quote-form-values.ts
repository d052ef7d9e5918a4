import { type QuoteField, type QuoteRequest, quoteErrors, quoteRequest } from '@guichet/shared';
import type { FieldErrors, Resolver } from 'react-hook-form';
import type { CartLine } from './cart-store';

type Place = { address: string; postcode: string; city: string };

/** What the quote form holds; the cart's lines come from the page. */
export type QuoteValues = {
  partner: 'oui' | 'non' | '';
  structureName: string;
  email: string;
  startsAt: string;
  endsAt: string;
  billing: Place;
  phone: string;
  delivery: Place;
  comments: string;
  acceptTerms: boolean;
};

export const emptyQuote: QuoteValues = {
  partner: '',
  structureName: '',
  email: '',
  startsAt: '',
  endsAt: '',
  billing: { address: '', postcode: '', city: '' },
  phone: '',
  delivery: { address: '', postcode: '', city: '' },
  comments: '',
  acceptTerms: false,
};

/** A `datetime-local` value is the visitor's local time: sent as an instant. */
const toInstant = (local: string) => {
  const date = new Date(local);
  return local && !Number.isNaN(date.getTime()) ? date.toISOString() : local;
};

export function requestOf(values: QuoteValues, lines: CartLine[]): QuoteRequest {
  return {
    partner: values.partner === '' ? null : values.partner === 'oui',
    structureName: values.structureName,
    email: values.email,
    startsAt: toInstant(values.startsAt),
    endsAt: toInstant(values.endsAt),
    billing: values.billing,
    phone: values.phone,
    delivery: values.delivery,
    comments: values.comments,
    acceptTerms: values.acceptTerms,
    lines: lines.map((line) => ({ productId: line.productId, variant: line.variant, quantity: line.quantity })),
  };
}

export type QuoteContext = { lines: CartLine[]; brandName: string };

/**
 * The shared checks of the quote request (the API runs the same), as react-hook-form's resolver:
 * the form checks everything on submit, then each field again as it changes (reValidateMode).
 */
export const quoteResolver: Resolver<QuoteValues, QuoteContext> = (values, context) => {
  const found = quoteErrors(
    quoteRequest.parse(requestOf(values, context?.lines ?? [])),
    context?.brandName ?? '',
    new Date(),
  );
  if (found.length === 0) return { values, errors: {} };
  const errors: Record<string, unknown> = {};
  for (const { field, message } of found) {
    const [head, tail] = field.split('.') as [string, string | undefined];
    const error = { type: 'validate', message };
    if (tail) errors[head] = { ...(errors[head] as object | undefined), [tail]: error };
    else errors[head] = error;
  }
  return { values: {}, errors: errors as FieldErrors<QuoteValues> };
};

/** The message of a field's error, `billing.city` included. */
export function errorAt(errors: FieldErrors<QuoteValues>, field: QuoteField): string | undefined {
  const [head, tail] = field.split('.') as [string, string | undefined];
  const node = (errors as Record<string, { message?: string } & Record<string, { message?: string }>>)[head];
  return (tail ? node?.[tail]?.message : node?.message) || undefined;
}
