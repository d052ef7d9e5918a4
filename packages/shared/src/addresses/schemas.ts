import { z } from 'zod';

/**
 * An address: 100 characters (2-organiser.md §5, 3-showcase-and-shell.md §5), and its search's
 * suggestions: 15 (2-organiser.md §9).
 */
export const ADDRESS_MAX_LENGTH = 100;
export const ADDRESS_QUERY_MIN_LENGTH = 3;
export const ADDRESS_SUGGESTION_LIMIT = 15;
/** Suggestions are asked for after this pause in typing (3-showcase-and-shell.md §9). */
export const ADDRESS_DEBOUNCE_MS = 500;

export const addressSuggestion = z.object({
  label: z.string(),
  name: z.string(),
  postcode: z.string(),
  city: z.string(),
  latitude: z.number(),
  longitude: z.number(),
});
export type AddressSuggestion = z.infer<typeof addressSuggestion>;

export const addressSearchQuery = z.strictObject({
  q: z.string().max(ADDRESS_MAX_LENGTH).default(''),
});
