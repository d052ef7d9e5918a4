import { z } from 'zod';
import { resaleFr } from '../messages/fr-resale';

/**
 * Face-value resale (issue 30): the holder asks, the server sets the price. The body carries
 * nothing, and anything in it (a price above all) is refused.
 */
export const resaleRequest = z.strictObject({});

export const resaleListed = z.object({ priceCents: z.number().int(), feeCents: z.number().int() });
export type ResaleListed = z.infer<typeof resaleListed>;

export const resaleStatus = z.enum(['listed', 'withdrawn', 'sold']);

/** A place's resale as /myTickets shows it: listed (withdrawable) or sold (refunded less the fee). */
export const myResale = z.object({ status: resaleStatus, priceCents: z.number().int(), feeCents: z.number().int() });

/** The organiser's settings of an event's resale: off by default, an optional last date, a fee. */
export const MAX_RESALE_FEE_CENTS = 100_000;

export const resaleSettings = z.strictObject({
  resaleAllowed: z.boolean(),
  resaleDeadline: z.iso.datetime({ offset: true }).nullable(),
  // The range is the service's check (resaleFeeError), said in French.
  resaleFeeCents: z.number().int(),
});
export type ResaleSettings = z.infer<typeof resaleSettings>;

export function resaleFeeError(cents: number): string | null {
  return Number.isInteger(cents) && cents >= 0 && cents <= MAX_RESALE_FEE_CENTS ? null : resaleFr.errors.fee;
}

/** One resale of a place, as the organiser's participant detail lists it. */
export const resaleHistoryItem = z.object({
  id: z.string(),
  status: resaleStatus,
  sellerEmail: z.string(),
  priceCents: z.number().int(),
  feeCents: z.number().int(),
  createdAt: z.string(),
  endedAt: z.string().nullable(),
});
export type ResaleHistoryItem = z.infer<typeof resaleHistoryItem>;
