import { z } from 'zod';

/** What a form's check answers: the field to mark and its message (the first failing check's). */
export type FieldError<F extends string = string> = { field: F; message: string };

/**
 * A text field as a form's request schema takes it: capped against abuse, and '' when missing, so
 * that the form's own rule answers with the spec's message, in the spec's order.
 */
export const formText = (max: number) => z.string().max(max).default('');
