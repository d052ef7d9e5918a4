import type { FieldError } from './form';

/**
 * A text a form requires, as its ordered checks read it: `required` when blank once trimmed,
 * `tooLong` when the trimmed text passes `max`. Without zod, so that the rules the event page loads
 * (checkout/rules.ts) may use it.
 */
export function requiredTextError<F extends string>(
  field: F,
  value: string,
  max: number,
  messages: { required: string; tooLong: string },
): FieldError<F> | null {
  const trimmed = value.trim();
  if (!trimmed) return { field, message: messages.required };
  if (trimmed.length > max) return { field, message: messages.tooLong };
  return null;
}
