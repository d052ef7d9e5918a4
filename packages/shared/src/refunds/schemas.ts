import { z } from 'zod';
import { cents } from '../common/fields';
import { refundsFr } from '../messages/fr-refunds';
import { REASON_MAX_LENGTH } from '../rules/reason';

const e = refundsFr.errors;

/** Where a holder's refund request stands: to decide, or the refund's own state. */
const refundRequestStatus = z.enum(['requested', 'pending', 'refunding', 'refunded', 'failed', 'refused', 'manual']);
export type RefundRequestStatus = z.infer<typeof refundRequestStatus>;

const refundRequestRow = z.object({
  participationId: z.string(),
  holderName: z.string(),
  holderEmail: z.string(),
  ticketTitle: z.string(),
  places: z.number().int(),
  amountCents: cents,
  requestedAt: z.string(),
  status: refundRequestStatus,
  reason: z.string().nullable(),
  lastError: z.string().nullable(),
});
export type RefundRequestRow = z.infer<typeof refundRequestRow>;

export const refundRequestList = z.object({ items: z.array(refundRequestRow) });

export const refuseRefundRequest = z.strictObject({
  reason: z.string().trim().min(1, e.reasonRequired).max(REASON_MAX_LENGTH, e.reasonTooLong),
});

export const refundDecision = z.object({ status: refundRequestStatus });
export type RefundDecision = z.infer<typeof refundDecision>;

export const cancelEventRequest = z.strictObject({
  message: z.string().trim().min(1, e.messageRequired).max(2000, e.messageTooLong),
});

/** An event's cancellation and how far its refunds are, per order. */
export const cancellationView = z.object({
  cancelledAt: z.string().nullable(),
  message: z.string().nullable(),
  orders: z.number().int(),
  refunded: z.number().int(),
  inProgress: z.number().int(),
  failed: z.number().int(),
  manual: z.number().int(),
});
export type CancellationView = z.infer<typeof cancellationView>;
