import { z } from 'zod';

/**
 * The waiting room as the buyer's page reads it. `position` is 1-based for people; `ahead` is
 * how many are still to be let through before them.
 */
export const waitingRoomStatus = z.object({
  state: z.enum(['off', 'waiting', 'admitted']),
  position: z.number().int().nullable(),
  ahead: z.number().int(),
  estimatedSeconds: z.number().int(),
  opensAt: z.string().nullable(),
  /** The share of the places up to the buyer's that have been let through, 0 to 1. */
  progress: z.number(),
});
export type WaitingRoomStatus = z.infer<typeof waitingRoomStatus>;
