import { z } from 'zod';
import * as rules from '../billing/rules';
import type { FieldError } from '../common/form';
import { formText } from '../common/form';
import { billingFr } from '../messages/fr-billing';
import { invoicesFr } from '../messages/fr-invoices';

export const COMPANY_NAME_MAX = 200;
export const COMPANY_ADDRESS_MAX = 300;

/**
 * A company the buyer wants the order's invoices in the name of (issue 29), as the checkout and
 * the order's later request send it: checked by checkCompanyInvoice, the server answering the
 * first failure with its field.
 */
export const companyInvoiceRequest = z.strictObject({
  name: formText(COMPANY_NAME_MAX + 50),
  address: formText(COMPANY_ADDRESS_MAX + 50),
  /** A SIREN (9 digits) or a SIRET (14 digits), spaces allowed. */
  siren: formText(40),
  vatNumber: z.string().max(40).nullable().optional(),
});
export type CompanyInvoiceRequest = z.input<typeof companyInvoiceRequest>;

/** The company as stored with the order and printed on its invoices: identifiers normalized. */
export const companyInvoice = z.object({
  name: z.string(),
  address: z.string(),
  siren: z.string(),
  siret: z.string().nullable(),
  vatNumber: z.string().nullable(),
});
export type CompanyInvoice = z.infer<typeof companyInvoice>;

type CompanyField = keyof CompanyInvoiceRequest;

/**
 * The checks of the company's fields in the form's order (SIREN and SIRET by their Luhn key, a
 * French VAT number by its key and against the SIREN), and the company to store when none fails.
 */
export function checkCompanyInvoice(
  input: CompanyInvoiceRequest,
): { error: FieldError<CompanyField> } | { company: CompanyInvoice } {
  const m = invoicesFr.company.errors;
  const e = billingFr.errors;
  const fail = (field: CompanyField, message: string) => ({ error: { field, message } });
  const name = (input.name ?? '').trim();
  if (!name) return fail('name', m.nameRequired);
  if (name.length > COMPANY_NAME_MAX) return fail('name', m.nameTooLong);
  // Kept as typed, one line per line of the address; blank lines dropped.
  const address = (input.address ?? '')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .join('\n');
  if (!address) return fail('address', m.addressRequired);
  if (address.length > COMPANY_ADDRESS_MAX) return fail('address', m.addressTooLong);
  if (!(input.siren ?? '').trim()) return fail('siren', m.sirenRequired);
  const registration = rules.readRegistration(input.siren ?? '');
  if (registration.kind !== 'siren' && registration.kind !== 'siret') return fail('siren', m.sirenFormat);
  if (registration.kind === 'siret' && !rules.isValidSiret(registration.siret)) return fail('siren', e.siretInvalid);
  if (!rules.isValidSiren(registration.siren)) return fail('siren', e.sirenInvalid);
  const vatNumber = rules.normalizeVatNumber(input.vatNumber ?? '') || null;
  if (vatNumber) {
    const verdict = rules.checkVatNumber(vatNumber);
    if (verdict === 'format') return fail('vatNumber', e.vatNumberFormat);
    if (verdict === 'key') return fail('vatNumber', e.vatKeyInvalid);
    const vatSiren = rules.sirenOfVatNumber(vatNumber);
    if (vatSiren && vatSiren !== registration.siren) return fail('vatNumber', m.vatSirenMismatch);
  }
  return {
    company: {
      name,
      address,
      siren: registration.siren,
      siret: registration.kind === 'siret' ? registration.siret : null,
      vatNumber,
    },
  };
}

/** The first error of the form, for the browser. */
export function firstCompanyInvoiceError(input: CompanyInvoiceRequest): FieldError<CompanyField> | null {
  const checked = checkCompanyInvoice(input);
  return 'error' in checked ? checked.error : null;
}
