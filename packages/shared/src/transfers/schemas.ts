import { z } from 'zod';
import { transfersFr } from '../messages/fr-transfers';

/** Ticket transfers (issue 30), shared by /myTickets, the receiver's page, the console and the API. */
export const transferRequest = z.strictObject({
  // Its format is the service's check, so that its refusal is said in French.
  email: z.string().max(320),
});
export type TransferRequest = z.infer<typeof transferRequest>;

export const transferCreated = z.object({ id: z.string() });

/** A transfer the holder sent and the receiver has not accepted yet (the card's pending state). */
export const pendingTransfer = z.object({ id: z.string(), toEmail: z.string(), expiresAt: z.string() });

export const transferStatus = z.enum(['pending', 'accepted', 'cancelled', 'expired']);
export type TransferStatus = z.infer<typeof transferStatus>;

/** What the receiver's link shows, before they sign in. */
export const transferOffer = z.object({
  status: transferStatus,
  eventId: z.string(),
  eventTitle: z.string(),
  dateBegin: z.string(),
  ticketTitle: z.string(),
  senderName: z.string(),
  toEmail: z.string(),
  expiresAt: z.string(),
});
export type TransferOffer = z.infer<typeof transferOffer>;

export const transferAccepted = z.object({ participationId: z.string() });

/** The organiser's settings of an event's transfers (the delay is 7 days unless they set another). */
export const MAX_TRANSFER_EXPIRY_DAYS = 30;

export const transferSettings = z.strictObject({
  transfersAllowed: z.boolean(),
  transferDeadline: z.iso.datetime({ offset: true }).nullable(),
  // The range is the service's check (transferExpiryDaysError), said in French.
  transferExpiryDays: z.number().int(),
});
export type TransferSettings = z.infer<typeof transferSettings>;

export function transferExpiryDaysError(days: number): string | null {
  return Number.isInteger(days) && days >= 1 && days <= MAX_TRANSFER_EXPIRY_DAYS
    ? null
    : transfersFr.errors.expiryDays(MAX_TRANSFER_EXPIRY_DAYS);
}

/** One transfer of a place, as the organiser's participant detail lists it. */
export const transferHistoryItem = z.object({
  id: z.string(),
  status: transferStatus,
  fromEmail: z.string(),
  toEmail: z.string(),
  createdAt: z.string(),
  endedAt: z.string().nullable(),
});
export type TransferHistoryItem = z.infer<typeof transferHistoryItem>;
