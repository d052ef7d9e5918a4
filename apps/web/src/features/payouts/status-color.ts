/**
 * The colour of a payout's status badge. Light badges: their text (shade 9, app/theme.ts) reads
 * at 4.5:1 in both themes; white on blue 6 did not.
 */
export const payoutStatusColor = {
  requested: 'gray',
  batched: 'blue',
  paid: 'teal',
  cancelled: 'gray',
  rejected: 'red',
  returned: 'orange',
} as const;
