import { z } from 'zod';

/** The history kinds, as the routes name them (with or without accents). */
export const historyType = z.enum(['past', 'organized']);
export type HistoryType = z.infer<typeof historyType>;

const routeTypes: Record<string, HistoryType> = {
  passés: 'past',
  passes: 'past',
  organisés: 'organized',
  organises: 'organized',
};

/** The history kind of a /eventsHistorique/{type} path segment, or null. */
export function historyTypeFromRoute(segment: string): HistoryType | null {
  return routeTypes[segment.normalize('NFC').toLowerCase()] ?? null;
}
