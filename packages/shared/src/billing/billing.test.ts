import { describe, expect, it } from 'vitest';
import { billingFr } from '../messages/fr-billing';
import {
  checkVatNumber,
  frenchVatNumber,
  isValidSiren,
  isValidSiret,
  normalizeVatNumber,
  readRegistration,
} from './rules';
import { type BillingIdentityRequest, checkBillingIdentity, firstBillingIdentityError } from './schemas';

const e = billingFr.errors;

const valid: BillingIdentityRequest = {
  legalName: 'TotalEnergies SE',
  street: '2 Place Jean Millier',
  postcode: '92400',
  city: 'Courbevoie',
  country: 'France',
  registrationNumber: '542 051 180 00066',
  vatRegime: 'vat',
  vatNumber: 'FR 59 542051180',
};

describe('SIREN and SIRET', () => {
  it('checks the Luhn key of a SIREN and of a SIRET', () => {
    expect(isValidSiren('542051180')).toBe(true);
    expect(isValidSiren('443061841')).toBe(true);
    expect(isValidSiren('542051181')).toBe(false);
    expect(isValidSiren('123456789')).toBe(false);
    expect(isValidSiren('54205118')).toBe(false);
    expect(isValidSiret('54205118000066')).toBe(true);
    expect(isValidSiret('44306184100047')).toBe(true);
    expect(isValidSiret('54205118000067')).toBe(false);
    // A SIRET whose own key is right but whose SIREN is not one.
    expect(isValidSiret('12345678900006')).toBe(false);
  });

  it("takes La Poste's establishments, whose SIRET is checked by its digit sum", () => {
    expect(isValidSiret('35600000049837')).toBe(true);
    expect(isValidSiret('35600000000049')).toBe(false);
  });

  it('reads what was typed as a SIRET, a SIREN or an RNA number', () => {
    expect(readRegistration('542 051 180 00066')).toEqual({
      kind: 'siret',
      siret: '54205118000066',
      siren: '542051180',
    });
    expect(readRegistration('542.051.180')).toEqual({ kind: 'siren', siren: '542051180' });
    expect(readRegistration('w313012345')).toEqual({ kind: 'rna', rna: 'W313012345' });
    for (const wrong of ['', '5420511800006', 'W31301234', 'X313012345', 'abc']) {
      expect(readRegistration(wrong).kind).toBe('unknown');
    }
  });
});

describe('VAT numbers', () => {
  it('computes and checks the French key from the SIREN', () => {
    expect(frenchVatNumber('542051180')).toBe('FR59542051180');
    expect(frenchVatNumber('443061841')).toBe('FR64443061841');
    expect(checkVatNumber('FR59542051180')).toBe('valid');
    expect(checkVatNumber('FR58542051180')).toBe('key');
    expect(checkVatNumber('FR5954205118')).toBe('format');
    expect(checkVatNumber('FRAB542051180')).toBe('format');
  });

  it("checks other EU countries' numbers for their format only", () => {
    expect(normalizeVatNumber(' de-123.456.789 ')).toBe('DE123456789');
    for (const good of ['DE123456789', 'ATU12345678', 'BE0123456789', 'NL123456789B01', 'ESX1234567Y', 'EL123456789'])
      expect(checkVatNumber(good)).toBe('valid');
    for (const wrong of ['DE12345678', 'ATU1234567', 'BE2123456789', 'US123456789', 'GB123456789', '123456789'])
      expect(checkVatNumber(wrong)).toBe('format');
  });
});

describe('the billing identity form', () => {
  it('stores the identifiers in their normalized form', () => {
    expect(checkBillingIdentity(valid)).toEqual({
      identity: {
        legalName: 'TotalEnergies SE',
        street: '2 Place Jean Millier',
        postcode: '92400',
        city: 'Courbevoie',
        country: 'France',
        siren: '542051180',
        siret: '54205118000066',
        rna: null,
        vatRegime: 'vat',
        vatNumber: 'FR59542051180',
      },
    });
  });

  it('takes a SIREN alone, and an association with its RNA number under the franchise', () => {
    expect(checkBillingIdentity({ ...valid, registrationNumber: '542051180' })).toMatchObject({
      identity: { siren: '542051180', siret: null },
    });
    const association = { ...valid, registrationNumber: 'W313012345', vatRegime: 'franchise' as const, vatNumber: 'x' };
    expect(checkBillingIdentity(association)).toMatchObject({
      identity: { siren: null, siret: null, rna: 'W313012345', vatRegime: 'franchise', vatNumber: null },
    });
  });

  it('answers the first missing or wrong field with its French message', () => {
    const cases: [Partial<BillingIdentityRequest>, string, string][] = [
      [{ legalName: '  ' }, 'legalName', e.legalNameRequired],
      [{ legalName: 'x'.repeat(201) }, 'legalName', e.legalNameTooLong],
      [{ street: '' }, 'street', e.streetRequired],
      [{ postcode: '' }, 'postcode', e.postcodeRequired],
      [{ postcode: '9240' }, 'postcode', e.postcodeInvalid],
      [{ city: '' }, 'city', e.cityRequired],
      [{ registrationNumber: '' }, 'registrationNumber', e.registrationRequired],
      [{ registrationNumber: '5420511800006' }, 'registrationNumber', e.registrationFormat],
      [{ registrationNumber: '54205118000067' }, 'registrationNumber', e.siretInvalid],
      [{ registrationNumber: '542051181' }, 'registrationNumber', e.sirenInvalid],
      [{ vatNumber: '' }, 'vatNumber', e.vatNumberRequired],
      [{ vatNumber: 'FR5954205118' }, 'vatNumber', e.vatNumberFormat],
      [{ vatNumber: 'FR58542051180' }, 'vatNumber', e.vatKeyInvalid],
      [{ vatNumber: 'FR64443061841' }, 'vatNumber', e.vatSirenMismatch],
      [{ registrationNumber: 'W313012345' }, 'vatNumber', e.vatNeedsSiren],
    ];
    for (const [change, field, message] of cases) {
      expect(firstBillingIdentityError({ ...valid, ...change })).toEqual({ field, message });
    }
  });

  it('takes a foreign postcode and an EU VAT number of another country', () => {
    expect(
      firstBillingIdentityError({ ...valid, country: 'Belgique', postcode: '1000', vatNumber: 'BE0123456789' }),
    ).toBeNull();
  });
});
