import { z } from 'zod';

/** One of the account's open sessions, as its owner sees them in the settings. */
const activeSession = z.object({
  /** A short handle on the session (never its token). */
  id: z.string(),
  /** The browser and system that opened it, when they said. */
  device: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  current: z.boolean(),
});
export type ActiveSession = z.infer<typeof activeSession>;
export const activeSessionList = z.array(activeSession);
