import { z } from 'zod';
import { VAT_RATES } from '../pricing/vat';

/** A calendar month in Paris, 'YYYY-MM'. */
const month = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/);

/** One month of the declarations, or every month when it is left out. */
export const declarationsQuery = z.object({ month: month.optional() });

/**
 * What an event's organiser declares (issue 29): the ticket revenue excluding VAT and the VAT
 * collected per rate, from the invoices and credit notes issued in their name; the places paid
 * and free; the CNM tax's base and amount (0 when the event's category does not bear it).
 */
const declarationFigures = z.object({
  rates: z.array(
    z.object({
      vatRate: z.enum(VAT_RATES),
      revenueExclVatCents: z.number().int(),
      vatCents: z.number().int(),
    }),
  ),
  vatCents: z.number().int(),
  paidTickets: z.number().int(),
  freeTickets: z.number().int(),
  cnmBaseCents: z.number().int(),
  cnmTaxCents: z.number().int(),
});
export type DeclarationFigures = z.infer<typeof declarationFigures>;

/**
 * The event's figures (all its dates together), and for an event of several dates (issue 32:
 * "declarations are per date") the same per date (séance), in date order, then its passes apart
 * (a pass's revenue and places belong to no one date); none for a one-date event.
 */
export const eventDeclarations = declarationFigures.extend({
  dates: z.array(declarationFigures.extend({ dateId: z.string(), dateBegin: z.string(), isCancelled: z.boolean() })),
  passes: declarationFigures.nullable(),
});
export type EventDeclarations = z.infer<typeof eventDeclarations>;
