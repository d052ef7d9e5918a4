import { type CompanyInvoice, type CompanyInvoiceRequest, checkCompanyInvoice } from '@guichet/shared';
import { badRequest } from '../../lib/errors';

/**
 * The company an order's invoices are to name (issue 29), checked with the form's rules: the first
 * failure is a 400 naming its field (under `fieldPrefix`, as the form that sent it names it).
 */
export function checkedCompany(
  input: CompanyInvoiceRequest | null | undefined,
  fieldPrefix = '',
): CompanyInvoice | null {
  if (!input) return null;
  const checked = checkCompanyInvoice(input);
  if ('error' in checked) throw badRequest(checked.error.message, `${fieldPrefix}${checked.error.field}`);
  return checked.company;
}
