import { organiserFr } from '@guichet/shared';

/**
 * What a number field holds, as typed: Mantine's NumberInput gives a number, or the text while it
 * is not one yet ('-', '2.'). Forms keep it as given, so that nothing typed is rewritten
 * (docs/decisions.md: inputs do not clamp or cut), and say what is wrong under the field.
 */
export type Typed = number | string;

/** The number typed: null when nothing is, NaN when the text is not a number. */
export function typedValue(value: Typed): number | null {
  if (typeof value === 'number') return value;
  const text = value.trim();
  return text === '' ? null : Number(text);
}

/** A quantity: a whole number of at least 1. Nothing typed is the form's rule to tell, on submit. */
export function quantityError(value: Typed): string | undefined {
  const n = typedValue(value);
  return n === null || (Number.isInteger(n) && n >= 1) ? undefined : organiserFr.form.wholeQuantity;
}

/** A price: 0 or more (2-organiser.md §5 rule 13). */
export function priceError(value: Typed): string | undefined {
  const n = typedValue(value);
  return n === null || n >= 0 ? undefined : organiserFr.create.ticketPriceInvalid;
}
