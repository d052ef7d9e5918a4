import { splitVat, type VatRate, vatByRate } from '@guichet/shared';
import type { InvoiceDocument, InvoiceLine } from '../src/modules/invoices/document';

/** A line of `quantity` at `unitInclVatCents` TTC, split as the issuing splits it. */
export function line(label: string, quantity: number, unitInclVatCents: number, vatRate: VatRate): InvoiceLine {
  return { label, quantity, unitInclVatCents, vatRate, ...splitVat(quantity * unitInclVatCents, vatRate) };
}

type Totals = 'lines' | 'vatByRate' | 'exclVatCents' | 'vatCents' | 'inclVatCents';

/** A document of these lines, its VAT per rate and totals theirs, as issued documents are. */
export function documentOf(lines: InvoiceLine[], rest: Omit<InvoiceDocument, Totals>): InvoiceDocument {
  const sum = (key: 'exclVatCents' | 'vatCents' | 'inclVatCents') => lines.reduce((total, l) => total + l[key], 0);
  return {
    ...rest,
    lines,
    vatByRate: vatByRate(lines),
    exclVatCents: sum('exclVatCents'),
    vatCents: sum('vatCents'),
    inclVatCents: sum('inclVatCents'),
  };
}
