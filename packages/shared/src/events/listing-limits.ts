/**
 * Limits of the list's query: a page, a search, a radius. Apart from the list's schemas so that the
 * list page's filters read them without loading zod (the list's first-load budget).
 */
export const LISTING = {
  pageSize: 24,
  maxPageSize: 48,
  maxSearch: 100,
  maxCity: 80,
  maxRadiusKm: 200,
  defaultRadiusKm: 20,
  maxRangeDays: 366,
} as const;
