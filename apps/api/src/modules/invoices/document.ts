import type { VatRate } from '@guichet/shared';

/** Who sells or buys, as the invoice prints them (CGI art. 242 nonies A). */
export type InvoiceParty = {
  name: string;
  /** Postal address, one line per element. */
  addressLines: string[];
  siren?: string | null;
  siret?: string | null;
  /** An association without a SIREN. */
  rna?: string | null;
  vatNumber?: string | null;
  email?: string | null;
};

export type InvoiceLine = {
  label: string;
  /** The ticket an organiser's line sells, for the credit note of a refund of some of its places. */
  ticketId?: string;
  /** The date it sells (issue 32: declarations per date); none for a pass or a one-date event. */
  dateId?: string;
  quantity: number;
  unitInclVatCents: number;
  vatRate: VatRate;
  exclVatCents: number;
  vatCents: number;
  inclVatCents: number;
};

/**
 * An invoice or a credit note as issued: frozen when its number is taken, so that its PDF is the
 * same whenever it is made again, whatever changes later (a ticket's rate, an organiser's address).
 */
export type InvoiceDocument = {
  number: string;
  kind: 'invoice' | 'credit-note';
  issuer: 'organizer' | 'platform';
  issuedAt: string;
  seller: InvoiceParty;
  buyer: InvoiceParty;
  /** The platform that issues the organiser's invoice in their name and on their behalf. */
  issuedOnBehalfBy: string | null;
  /** The seller is under the VAT franchise: "TVA non applicable, art. 293 B du CGI". */
  vatFranchise: boolean;
  /**
   * Issued to a company (issue 29): its file is a Factur-X PDF carrying the EN 16931 CII. A credit
   * note of such an invoice is one too. Absent on documents issued to persons.
   */
  facturX?: boolean;
  /** A credit note names the invoice it corrects. */
  corrects: string | null;
  orderReference: string;
  /** The commission's invoice names its payout (the transfer's reference at the bank) in place of an order. */
  payoutReference?: string;
  eventTitle: string;
  eventDate: string;
  lines: InvoiceLine[];
  vatByRate: { vatRate: VatRate; exclVatCents: number; vatCents: number }[];
  exclVatCents: number;
  vatCents: number;
  inclVatCents: number;
};
