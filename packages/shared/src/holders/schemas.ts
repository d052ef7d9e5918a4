import { z } from 'zod';

/**
 * A holder as sent, at booking (one per place) or by PATCH /api/me/participations/{id}/holder:
 * its length is checked by holderIssue, with the form's French message.
 */
export const holderUpdateRequest = z.strictObject({
  firstName: z.string().max(1000),
  lastName: z.string().max(1000),
});
export type HolderUpdateRequest = z.infer<typeof holderUpdateRequest>;

export const holderUpdated = z.object({ firstName: z.string(), lastName: z.string(), message: z.string() });
export type HolderUpdated = z.infer<typeof holderUpdated>;
