/**
 * The checks of a French company's identifiers (issue 29): SIREN and SIRET carry a Luhn key, the
 * French VAT number a key computed from the SIREN, an association without SIREN has an RNA number.
 * Other EU VAT numbers are checked for their format only (each country has its own key).
 */

/** The Luhn check: from the right, every second digit doubled (its digits summed), the total a multiple of 10. */
export function hasLuhnKey(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** La Poste's establishments share one SIREN and their SIRET escapes Luhn: INSEE checks their digit sum by 5. */
const LA_POSTE_SIREN = '356000000';

export function isValidSiren(value: string): boolean {
  return /^\d{9}$/.test(value) && hasLuhnKey(value);
}

export function isValidSiret(value: string): boolean {
  if (!/^\d{14}$/.test(value) || !isValidSiren(value.slice(0, 9))) return false;
  if (hasLuhnKey(value)) return true;
  return value.startsWith(LA_POSTE_SIREN) && [...value].reduce((sum, digit) => sum + Number(digit), 0) % 5 === 0;
}

/** The RNA number of an association (répertoire national des associations): W and 9 digits. */
export function isRnaNumber(value: string): boolean {
  return /^W\d{9}$/.test(value);
}

/** What a registration number as typed is, read once its spaces, dots and dashes are gone. */
export type Registration =
  | { kind: 'siret'; siret: string; siren: string }
  | { kind: 'siren'; siren: string }
  | { kind: 'rna'; rna: string }
  | { kind: 'unknown' };

export function readRegistration(input: string): Registration {
  const value = input.replace(/[\s.\-\u00a0\u202f]/g, '').toUpperCase();
  if (/^\d{14}$/.test(value)) return { kind: 'siret', siret: value, siren: value.slice(0, 9) };
  if (/^\d{9}$/.test(value)) return { kind: 'siren', siren: value };
  if (isRnaNumber(value)) return { kind: 'rna', rna: value };
  return { kind: 'unknown' };
}

/** A VAT number as typed, in its stored form: upper case, no separators. */
export function normalizeVatNumber(input: string): string {
  return input.replace(/[\s.\-\u00a0\u202f]/g, '').toUpperCase();
}

/** The French VAT key of a SIREN (BOI-TVA-DECLA-30-10-20): (12 + 3 × (SIREN mod 97)) mod 97, on 2 digits. */
export function frenchVatKey(siren: string): string {
  return String((12 + 3 * (Number(siren) % 97)) % 97).padStart(2, '0');
}

/** The French VAT number of a SIREN: FR, its key, the SIREN. */
export function frenchVatNumber(siren: string): string {
  return `FR${frenchVatKey(siren)}${siren}`;
}

/**
 * The formats of the EU's VAT numbers after their country prefix (the Commission's VIES help),
 * Greece as EL and Northern Ireland as XI. France is checked apart, with its key.
 */
const EU_VAT_FORMATS: Record<string, RegExp> = {
  AT: /^U\d{8}$/,
  BE: /^[01]\d{9}$/,
  BG: /^\d{9,10}$/,
  CY: /^\d{8}[A-Z]$/,
  CZ: /^\d{8,10}$/,
  DE: /^\d{9}$/,
  DK: /^\d{8}$/,
  EE: /^\d{9}$/,
  EL: /^\d{9}$/,
  ES: /^[A-Z0-9]\d{7}[A-Z0-9]$/,
  FI: /^\d{8}$/,
  HR: /^\d{11}$/,
  HU: /^\d{8}$/,
  IE: /^\d[A-Z0-9+*]\d{5}[A-Z]{1,2}$/,
  IT: /^\d{11}$/,
  LT: /^(\d{9}|\d{12})$/,
  LU: /^\d{8}$/,
  LV: /^\d{11}$/,
  MT: /^\d{8}$/,
  NL: /^\d{9}B\d{2}$/,
  PL: /^\d{10}$/,
  PT: /^\d{9}$/,
  RO: /^\d{2,10}$/,
  SE: /^\d{12}$/,
  SI: /^\d{8}$/,
  SK: /^\d{10}$/,
  XI: /^(\d{9}|\d{12}|GD\d{3}|HA\d{3})$/,
};

export type VatNumberCheck = 'valid' | 'format' | 'key';

/** A normalized VAT number's verdict: 'format' when it is no EU number's shape, 'key' when a French one's key is wrong. */
export function checkVatNumber(vatNumber: string): VatNumberCheck {
  const country = vatNumber.slice(0, 2);
  const rest = vatNumber.slice(2);
  if (country === 'FR') {
    if (!/^\d{11}$/.test(rest)) return 'format';
    return rest.slice(0, 2) === frenchVatKey(rest.slice(2)) ? 'valid' : 'key';
  }
  return EU_VAT_FORMATS[country]?.test(rest) ? 'valid' : 'format';
}

/** The SIREN inside a French VAT number, else undefined. */
export function sirenOfVatNumber(vatNumber: string): string | undefined {
  return /^FR\d{11}$/.test(vatNumber) ? vatNumber.slice(4) : undefined;
}
