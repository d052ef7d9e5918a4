import { z } from 'zod';

/**
 * The history kinds, as the routes name them: the French words of the links (with or without
 * accents), and the English words of the spec's route (1-attendee.md: "type past ... or organised").
 */
export const historyType = z.enum(['past', 'organized']);
export type HistoryType = z.infer<typeof historyType>;

const routeTypes: Record<string, HistoryType> = {
  passés: 'past',
  passes: 'past',
  organisés: 'organized',
  organises: 'organized',
  past: 'past',
  organized: 'organized',
  organised: 'organized',
};

/** The history kind of a /eventsHistorique/{type} path segment, or null. */
export function historyTypeFromRoute(segment: string): HistoryType | null {
  return routeTypes[segment.normalize('NFC').toLowerCase()] ?? null;
}
