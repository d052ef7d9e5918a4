/**
 * Whether an account is banned now (docs/decisions.md, "Money and back office"): from `bannedAt`
 * until `bannedUntil`, or for ever when that is null. Null when the account is free.
 */
export function banOf(
  user: { bannedAt: Date | null; bannedUntil: Date | null },
  now: Date,
): { until: Date | null } | null {
  if (!user.bannedAt) return null;
  if (user.bannedUntil && user.bannedUntil <= now) return null;
  return { until: user.bannedUntil };
}
