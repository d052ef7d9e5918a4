import { z } from 'zod';

/** An invoice or credit note of an order, as its buyer, organiser or an administrator lists them. */
export const orderInvoice = z.object({
  id: z.string(),
  number: z.string(),
  kind: z.enum(['invoice', 'credit-note']),
  issuer: z.enum(['organizer', 'platform']),
  issuedAt: z.string(),
  totalCents: z.number().int(),
  vatCents: z.number().int(),
  /** The PDF (application/pdf), readable by whoever could list it. */
  url: z.string(),
});
export type OrderInvoice = z.infer<typeof orderInvoice>;
