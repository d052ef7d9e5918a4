import { describe, expect, it } from 'vitest';
import { billingFr } from '../messages/fr-billing';
import { invoicesFr } from '../messages/fr-invoices';
import { checkCompanyInvoice, firstCompanyInvoiceError } from './company';

const m = invoicesFr.company.errors;
const acme = {
  name: ' Acme ',
  address: '5 avenue Jean Jaurès\n\n 69007 Lyon ',
  siren: '552 100 554',
  vatNumber: 'fr 96 552100554',
};

describe('the company of an invoice in its name', () => {
  it('is stored with its identifiers normalized and its address one line per line', () => {
    expect(checkCompanyInvoice(acme)).toEqual({
      company: {
        name: 'Acme',
        address: '5 avenue Jean Jaurès\n69007 Lyon',
        siren: '552100554',
        siret: null,
        vatNumber: 'FR96552100554',
      },
    });
    expect(checkCompanyInvoice({ ...acme, siren: '55210055400005', vatNumber: null })).toMatchObject({
      company: { siren: '552100554', siret: '55210055400005', vatNumber: null },
    });
  });

  it('answers the first problem in the form’s order, on its field', () => {
    expect(firstCompanyInvoiceError({ ...acme, name: '' })).toEqual({ field: 'name', message: m.nameRequired });
    expect(firstCompanyInvoiceError({ ...acme, name: 'x'.repeat(201) })).toMatchObject({ message: m.nameTooLong });
    expect(firstCompanyInvoiceError({ ...acme, address: ' \n ' })).toEqual({
      field: 'address',
      message: m.addressRequired,
    });
    expect(firstCompanyInvoiceError({ ...acme, siren: '' })).toEqual({ field: 'siren', message: m.sirenRequired });
    expect(firstCompanyInvoiceError({ ...acme, siren: 'W123456789' })).toMatchObject({ message: m.sirenFormat });
    expect(firstCompanyInvoiceError({ ...acme, siren: '552100555' })).toMatchObject({
      message: billingFr.errors.sirenInvalid,
    });
    expect(firstCompanyInvoiceError({ ...acme, siren: '55210055400006' })).toMatchObject({
      message: billingFr.errors.siretInvalid,
    });
    expect(firstCompanyInvoiceError({ ...acme, vatNumber: 'FR12' })).toEqual({
      field: 'vatNumber',
      message: billingFr.errors.vatNumberFormat,
    });
    expect(firstCompanyInvoiceError({ ...acme, vatNumber: 'FR00552100554' })).toMatchObject({
      message: billingFr.errors.vatKeyInvalid,
    });
    expect(firstCompanyInvoiceError({ ...acme, vatNumber: 'FR44732829320' })).toMatchObject({
      message: m.vatSirenMismatch,
    });
    expect(firstCompanyInvoiceError({ ...acme, vatNumber: 'DE123456789' })).toBeNull();
  });
});
