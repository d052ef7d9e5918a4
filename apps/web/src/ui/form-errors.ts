import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { ApiError } from '../api/client';

/**
 * Puts the first problem the shared rules found (in the spec's order) on its field, focused.
 * True when there was one: the form is not sent.
 */
export function showRuleError<T extends FieldValues>(
  form: UseFormReturn<T>,
  error: { field: Path<T>; message: string } | null,
  shouldFocus = true,
): boolean {
  if (!error) return false;
  form.setError(error.field, { message: error.message }, { shouldFocus });
  return true;
}

/** A refusal the server tied to one of the form's fields is shown under that field. */
export function showServerFieldError<T extends FieldValues>(form: UseFormReturn<T>, failure: Error, fields: object) {
  if (failure instanceof ApiError && failure.field && failure.field in fields) {
    form.setError(failure.field as Path<T>, { message: failure.message });
  }
}
