import { z } from 'zod';
import { eventSummary } from '../events/schemas';

/** Request and response shapes of the console's reads, shared by the API and the web app. */
export const consoleEventsQuery = z.strictObject({
  organizerId: z.string().max(100).optional(),
});

export const consoleEvent = eventSummary.extend({
  isPublic: z.boolean(),
  /** Cancelled by its organiser: its sale stopped and its buyers are refunded. */
  isCancelled: z.boolean(),
  bannerUrl: z.string().nullable(),
});
export type ConsoleEvent = z.infer<typeof consoleEvent>;

export const consoleOrganizer = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
});
export type ConsoleOrganizer = z.infer<typeof consoleOrganizer>;
