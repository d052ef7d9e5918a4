import type { Invoice, InvoiceService } from '@e-invoice-eu/core';
import { invoicesFr, type VatRate } from '@guichet/shared';
import type { InvoiceDocument, InvoiceLine, InvoiceParty } from './document';

/** The profile of the CII a Factur-X invoice carries (EN 16931, "Comfort"). */
export const FACTUR_X_PROFILE = 'Factur-X-EN16931';
export const EN16931_URN = 'urn:cen.eu:en16931:2017';

const EUR = 'EUR' as const;
const amount = (cents: number) => (Math.abs(cents) / 100).toFixed(2);
/** The unit price HT, to the cent as the library's schema asks: the line's HT (which is exact) over its quantity. */
const unitPrice = (line: InvoiceLine) => amount(Math.round(line.exclVatCents / line.quantity));

/** SIRET and SIREN as ISO 6523 schemes: 0009 and 0002. */
function legalEntity(party: InvoiceParty) {
  const id = party.siret ?? party.siren;
  return {
    'cbc:RegistrationName': party.name,
    ...(id ? { 'cbc:CompanyID': id, 'cbc:CompanyID@schemeID': party.siret ? '0009' : '0002' } : {}),
  };
}

/**
 * The address as printed (a street, then "postcode city"): its last French "postcode city" line is
 * read as such, the lines before it as the street. Every party the platform invoices is French.
 */
function postalAddress(lines: string[]) {
  const cityAt = lines.findLastIndex((line) => /^\d{5}\s+\S/.test(line));
  const city = cityAt >= 0 ? /^(\d{5})\s+(.+)$/.exec(lines[cityAt] ?? '') : null;
  const street = (cityAt >= 0 ? lines.slice(0, cityAt) : lines).filter(Boolean);
  return {
    ...(street[0] ? { 'cbc:StreetName': street[0] } : {}),
    ...(street.length > 1 ? { 'cbc:AdditionalStreetName': street.slice(1).join(', ') } : {}),
    ...(city ? { 'cbc:CityName': city[2] ?? '', 'cbc:PostalZone': city[1] ?? '' } : {}),
    'cac:Country': { 'cbc:IdentificationCode': 'FR' as const },
  };
}

function party(party: InvoiceParty, options: { withVat: boolean; role: 'seller' | 'buyer' }) {
  const taxScheme = { 'cbc:CompanyID': party.vatNumber, 'cac:TaxScheme': { 'cbc:ID': 'VAT' } };
  return {
    'cac:Party': {
      ...(party.rna && !party.siren ? { 'cac:PartyIdentification': [{ 'cbc:ID': party.rna }] } : {}),
      'cac:PostalAddress': postalAddress(party.addressLines),
      ...(party.vatNumber && options.withVat
        ? { 'cac:PartyTaxScheme': options.role === 'seller' ? [taxScheme] : taxScheme }
        : {}),
      'cac:PartyLegalEntity': legalEntity(party),
    },
  };
}

/**
 * A rate's VAT category. Under the franchise (or a line sold without VAT) the seller with a VAT
 * number is exempt (E); one without is not subject to VAT (O), which EN 16931 forbids to carry
 * the parties' VAT numbers (BR-O-02).
 */
function taxCategory(rate: VatRate, sellerHasVatNumber: boolean) {
  if (rate !== 'none') return { 'cbc:ID': 'S', 'cbc:Percent': rate, 'cac:TaxScheme': { 'cbc:ID': 'VAT' } };
  return {
    'cbc:ID': sellerHasVatNumber ? 'E' : 'O',
    ...(sellerHasVatNumber ? { 'cbc:Percent': '0' } : {}),
    'cac:TaxScheme': { 'cbc:ID': 'VAT' },
  };
}

/**
 * The document as the library's invoice (its internal format follows UBL; it writes the CII). A
 * credit note is type 381 with positive amounts and names the invoice it corrects. The order was
 * paid at checkout: all of it is prepaid, nothing is due.
 */
export function facturXInvoice(document: InvoiceDocument): Invoice {
  const sellerHasVatNumber = Boolean(document.seller.vatNumber);
  const notSubject = !sellerHasVatNumber && document.lines.some((line) => line.vatRate === 'none');
  const category = (rate: VatRate) => taxCategory(rate, sellerHasVatNumber);
  const reason = { 'cbc:TaxExemptionReason': invoicesFr.pdf.vatFranchise };
  const notes = [
    ...(document.issuedOnBehalfBy ? [invoicesFr.pdf.mandate(document.issuedOnBehalfBy, document.seller.name)] : []),
    ...(document.vatFranchise ? [invoicesFr.pdf.vatFranchise] : []),
    `${invoicesFr.pdf.event} : ${document.eventTitle}`,
    // Also said in a note: the library (2.3) does not carry BG-3 into the CII yet (gflohr/e-invoice-eu#455).
    ...(document.corrects ? [invoicesFr.pdf.corrects(document.corrects)] : []),
  ];
  const invoice = {
    'ubl:Invoice': {
      'cbc:CustomizationID': EN16931_URN,
      'cbc:ID': document.number,
      'cbc:IssueDate': document.issuedAt.slice(0, 10),
      'cbc:InvoiceTypeCode': document.kind === 'credit-note' ? '381' : '380',
      'cbc:Note': notes,
      'cbc:DocumentCurrencyCode': EUR,
      // The order's reference is the seller's (BT-14); the buyer's own purchase order (BT-13) is unknown.
      ...(document.orderReference
        ? { 'cac:OrderReference': { 'cbc:ID': 'NA', 'cbc:SalesOrderID': document.orderReference } }
        : {}),
      ...(document.corrects
        ? { 'cac:BillingReference': [{ 'cac:InvoiceDocumentReference': { 'cbc:ID': document.corrects } }] }
        : {}),
      'cac:AccountingSupplierParty': party(document.seller, { withVat: !notSubject, role: 'seller' }),
      'cac:AccountingCustomerParty': party(document.buyer, { withVat: !notSubject, role: 'buyer' }),
      'cac:TaxTotal': [
        {
          'cbc:TaxAmount': amount(document.vatCents),
          'cbc:TaxAmount@currencyID': EUR,
          'cac:TaxSubtotal': document.vatByRate.map((row) => ({
            'cbc:TaxableAmount': amount(row.exclVatCents),
            'cbc:TaxableAmount@currencyID': EUR,
            'cbc:TaxAmount': amount(row.vatCents),
            'cbc:TaxAmount@currencyID': EUR,
            'cac:TaxCategory': { ...category(row.vatRate), ...(row.vatRate === 'none' ? reason : {}) },
          })),
        },
      ],
      'cac:LegalMonetaryTotal': {
        'cbc:LineExtensionAmount': amount(document.exclVatCents),
        'cbc:LineExtensionAmount@currencyID': EUR,
        'cbc:TaxExclusiveAmount': amount(document.exclVatCents),
        'cbc:TaxExclusiveAmount@currencyID': EUR,
        'cbc:TaxInclusiveAmount': amount(document.inclVatCents),
        'cbc:TaxInclusiveAmount@currencyID': EUR,
        'cbc:PrepaidAmount': amount(document.inclVatCents),
        'cbc:PrepaidAmount@currencyID': EUR,
        'cbc:PayableAmount': '0.00',
        'cbc:PayableAmount@currencyID': EUR,
      },
      'cac:InvoiceLine': document.lines.map((line, index) => ({
        'cbc:ID': String(index + 1),
        'cbc:InvoicedQuantity': String(line.quantity),
        // C62: one (a place, a fee).
        'cbc:InvoicedQuantity@unitCode': 'C62',
        'cbc:LineExtensionAmount': amount(line.exclVatCents),
        'cbc:LineExtensionAmount@currencyID': EUR,
        'cac:Item': { 'cbc:Name': line.label, 'cac:ClassifiedTaxCategory': category(line.vatRate) },
        'cac:Price': { 'cbc:PriceAmount': unitPrice(line), 'cbc:PriceAmount@currencyID': EUR },
      })),
    },
  };
  return invoice as unknown as Invoice;
}

const silent = { log() {}, warn() {}, error() {} };
let service: InvoiceService | undefined;

/**
 * Our PDF made a Factur-X one: the library checks the invoice against its schema, writes the
 * EN 16931 CII, attaches it as factur-x.xml and makes the file PDF/A-3.
 */
export async function toFacturX(pdf: Uint8Array, document: InvoiceDocument): Promise<Buffer> {
  // Loaded at the first invoice: the library and its schemas are a fifth of a server's heap.
  service ??= new (await import('@e-invoice-eu/core')).InvoiceService(silent);
  try {
    const out = await service.generate(facturXInvoice(document), {
      format: FACTUR_X_PROFILE,
      lang: 'fr-fr',
      pdf: { buffer: pdf, filename: `${document.number}.pdf`, mimetype: 'application/pdf' },
      noWarnings: true,
    });
    return Buffer.from(out as Uint8Array);
  } catch (error) {
    // The schema's verdicts, which the library only gives its logger, in the error that is logged.
    const errors = (error as { errors?: { instancePath?: string; message?: string }[] }).errors;
    if (!errors) throw error;
    const why = errors.map((e) => `${e.instancePath ?? ''} ${e.message ?? ''}`.trim()).join('; ');
    throw new Error(`Factur-X of ${document.number} refused: ${why}`, { cause: error });
  }
}
