import { z } from 'zod';
import type { FieldError } from '../common/form';
import { billingFr } from '../messages/fr-billing';
import {
  checkVatNumber,
  isValidSiren,
  isValidSiret,
  normalizeVatNumber,
  readRegistration,
  sirenOfVatNumber,
} from './rules';

const e = billingFr.errors;

export const LEGAL_NAME_MAX = 200;
const STREET_MAX = 200;
const POSTCODE_MAX = 10;
const CITY_MAX = 100;
const COUNTRY_MAX = 60;
export const DEFAULT_COUNTRY = 'France';

/** Subject to VAT (a VAT number), or under the franchise ("TVA non applicable, art. 293 B du CGI"). */
export const vatRegime = z.enum(['vat', 'franchise']);
export type VatRegime = z.infer<typeof vatRegime>;

/** The organiser's billing identity as the settings form sends it; checked by firstBillingIdentityError. */
export const billingIdentityRequest = z.strictObject({
  legalName: z.string().max(LEGAL_NAME_MAX + 50),
  street: z.string().max(STREET_MAX),
  postcode: z.string().max(POSTCODE_MAX + 10),
  city: z.string().max(CITY_MAX),
  country: z.string().max(COUNTRY_MAX).default(DEFAULT_COUNTRY),
  registrationNumber: z.string().max(40),
  vatRegime,
  vatNumber: z.string().max(40).default(''),
});
export type BillingIdentityRequest = z.input<typeof billingIdentityRequest>;

/** What is stored and what invoices print: the identifiers in their normalized form. */
export const billingIdentity = z.object({
  legalName: z.string(),
  street: z.string(),
  postcode: z.string(),
  city: z.string(),
  country: z.string(),
  /** The SIREN: the SIRET's 9 first digits when a SIRET was given; null for an association with only its RNA number. */
  siren: z.string().nullable(),
  siret: z.string().nullable(),
  rna: z.string().nullable(),
  vatRegime,
  /** Null under the franchise. */
  vatNumber: z.string().nullable(),
  updatedAt: z.string(),
});
export type BillingIdentity = z.infer<typeof billingIdentity>;

const isFrance = (country: string) => country.trim().toLowerCase() === 'france';

/**
 * The form's checks in its order (first failure answered), and the identity to store when none
 * fails. The VAT number's French key is checked, and its SIREN against the one given.
 */
export function checkBillingIdentity(
  input: BillingIdentityRequest,
): { error: FieldError<keyof BillingIdentityRequest> } | { identity: Omit<BillingIdentity, 'updatedAt'> } {
  const fail = (field: keyof BillingIdentityRequest, message: string) => ({ error: { field, message } });
  const legalName = input.legalName.trim();
  if (!legalName) return fail('legalName', e.legalNameRequired);
  if (legalName.length > LEGAL_NAME_MAX) return fail('legalName', e.legalNameTooLong);
  const street = input.street.trim();
  if (!street) return fail('street', e.streetRequired);
  const postcode = input.postcode.replace(/\s+/g, ' ').trim();
  const country = (input.country ?? DEFAULT_COUNTRY).trim();
  if (!postcode) return fail('postcode', e.postcodeRequired);
  if (postcode.length > POSTCODE_MAX || (isFrance(country) && !/^\d{5}$/.test(postcode)))
    return fail('postcode', e.postcodeInvalid);
  const city = input.city.trim();
  if (!city) return fail('city', e.cityRequired);
  if (!country) return fail('country', e.countryRequired);

  if (!input.registrationNumber.trim()) return fail('registrationNumber', e.registrationRequired);
  const registration = readRegistration(input.registrationNumber);
  if (registration.kind === 'unknown') return fail('registrationNumber', e.registrationFormat);
  if (registration.kind === 'siret' && !isValidSiret(registration.siret))
    return fail('registrationNumber', e.siretInvalid);
  if (registration.kind === 'siren' && !isValidSiren(registration.siren))
    return fail('registrationNumber', e.sirenInvalid);
  const siren = registration.kind === 'rna' ? null : registration.siren;

  let vatNumber: string | null = null;
  if (input.vatRegime === 'vat') {
    vatNumber = normalizeVatNumber(input.vatNumber ?? '');
    if (!vatNumber) return fail('vatNumber', e.vatNumberRequired);
    const verdict = checkVatNumber(vatNumber);
    if (verdict === 'format') return fail('vatNumber', e.vatNumberFormat);
    if (verdict === 'key') return fail('vatNumber', e.vatKeyInvalid);
    const vatSiren = sirenOfVatNumber(vatNumber);
    if (vatSiren && !siren) return fail('vatNumber', e.vatNeedsSiren);
    if (vatSiren && vatSiren !== siren) return fail('vatNumber', e.vatSirenMismatch);
  }
  return {
    identity: {
      legalName,
      street,
      postcode,
      city,
      country,
      siren,
      siret: registration.kind === 'siret' ? registration.siret : null,
      rna: registration.kind === 'rna' ? registration.rna : null,
      vatRegime: input.vatRegime,
      vatNumber,
    },
  };
}

/** The first error of the form, for the browser (the server stores what checkBillingIdentity answers). */
export function firstBillingIdentityError(
  input: BillingIdentityRequest,
): FieldError<keyof BillingIdentityRequest> | null {
  const checked = checkBillingIdentity(input);
  return 'error' in checked ? checked.error : null;
}

/**
 * What the organiser's settings answer: the identity (null until given) and, when paid events of
 * theirs were already on sale without one, the date it is due by (docs/decisions.md, "Invoices and VAT").
 */
export const billingIdentityState = z.object({
  identity: billingIdentity.nullable(),
  dueAt: z.string().nullable(),
});
export type BillingIdentityState = z.infer<typeof billingIdentityState>;
