/** A console path with the date filter's `dateId` (issue 32), when one date is chosen. */
export function withDate(path: string, dateId: string | null | undefined): string {
  if (!dateId) return path;
  return `${path}${path.includes('?') ? '&' : '?'}dateId=${encodeURIComponent(dateId)}`;
}
