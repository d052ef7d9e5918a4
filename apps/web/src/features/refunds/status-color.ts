import type { RefundRequestStatus } from '@guichet/shared';

/** The colour of a refund's status badge, the same in the organiser's console and the back office. */
export const refundStatusColor: Record<RefundRequestStatus, string> = {
  requested: 'blue',
  pending: 'cyan',
  refunding: 'cyan',
  refunded: 'teal',
  failed: 'red',
  refused: 'gray',
  manual: 'orange',
};
