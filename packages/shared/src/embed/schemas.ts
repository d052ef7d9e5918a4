import { z } from 'zod';
import { EMBED_BOOKING_REF } from './domains';

/** The console's form: the hosts allowed to frame the event's shop (checked by `checkEmbedDomains`). */
export const embedDomainsRequest = z.strictObject({ domains: z.array(z.string().max(300)).max(200) });
export type EmbedDomainsRequest = z.infer<typeof embedDomainsRequest>;

export const embedSettings = z.object({ domains: z.array(z.string()) });
export type EmbedSettings = z.infer<typeof embedSettings>;

export const embedBookingRef = z.string().regex(EMBED_BOOKING_REF);

/** The booking window reports its paid order under the shop's reference. */
export const embedBookingReport = z.strictObject({ ref: embedBookingRef, orderId: z.string().max(64) });

/** What the shop learns of its reference: nothing yet, or how many places were booked. */
export const embedBookingStatus = z.discriminatedUnion('status', [
  z.object({ status: z.literal('pending') }),
  z.object({ status: z.literal('done'), places: z.number().int() }),
]);
export type EmbedBookingStatus = z.infer<typeof embedBookingStatus>;
