import type { MyParticipation } from './profile';

/**
 * Where a ticket stands for a refund (1-attendee.md §4 "Refund on a ticket card"): only a ticket
 * bought with refund places can be refunded, until the event's refund date (its start when the
 * event has none), and it is asked for once.
 */
type RefundState = 'notRefundable' | 'deadlinePassed' | 'requested' | 'available';

export function refundStateOf(
  participation: Pick<MyParticipation, 'refundPlaces' | 'refundRequested' | 'dateMaxRefund' | 'dateBegin'>,
  now: Date,
): RefundState {
  if (participation.refundPlaces < 1) return 'notRefundable';
  if (participation.refundRequested) return 'requested';
  const deadline = Date.parse(participation.dateMaxRefund ?? participation.dateBegin);
  return now.getTime() > deadline ? 'deadlinePassed' : 'available';
}
