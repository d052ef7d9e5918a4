import { z } from 'zod';

/** A holder as sent: length is checked by holderIssue, with the form's French message. */
export const placeHolderInput = z.strictObject({
  firstName: z.string().max(1000),
  lastName: z.string().max(1000),
});

/** PATCH /api/me/participations/{id}/holder. */
export const holderUpdateRequest = placeHolderInput;
export type HolderUpdateRequest = z.infer<typeof holderUpdateRequest>;

export const holderUpdated = z.object({ firstName: z.string(), lastName: z.string(), message: z.string() });
export type HolderUpdated = z.infer<typeof holderUpdated>;
