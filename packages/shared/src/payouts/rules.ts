import { electronicFormatIBAN, isSEPACountry, isValidBIC, isValidIBAN } from 'ibantools';
import { formatEuros } from '../rules/money';

/** An IBAN as typed (spaces, lower case) in its electronic form: upper case, no separators. */
export function normalizeIban(input: string): string {
  return electronicFormatIBAN(input.trim()) ?? '';
}

/** Country format and check digits (ibantools), whatever the country. */
export function isValidIban(input: string): boolean {
  return isValidIBAN(normalizeIban(input));
}

/** A valid IBAN (country format and check digits, ibantools) of a SEPA country: a payout is a SEPA transfer. */
export function isPayableIban(input: string): boolean {
  const iban = normalizeIban(input);
  return isValidIBAN(iban) && isSEPACountry(iban.slice(0, 2));
}

export function normalizeBic(input: string): string {
  return input.replace(/\s+/g, '').toUpperCase();
}

export function isValidBic(input: string): boolean {
  return isValidBIC(normalizeBic(input));
}

/** "FR76 3000 6000 …": the IBAN in groups of four, as printed on a bank statement. */
export function groupIban(iban: string): string {
  return iban.replace(/(.{4})(?=.)/g, '$1 ');
}

/**
 * Cents as a decimal amount with a dot and two decimals ("1234.50"), by integer arithmetic: the
 * SEPA file's amounts never pass through a float.
 */
export function centsToDecimal(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError('cents must be a whole number ≥ 0');
  const euros = Math.trunc(cents / 100);
  const rest = cents % 100;
  return `${euros}.${rest < 10 ? '0' : ''}${rest}`;
}

/** 2-organiser.md §9: rates in basis points typed as a percentage with up to two decimals. */
export function percentToBps(percent: number): number {
  return Math.round(Number((percent * 100).toPrecision(12)));
}

/**
 * A signed amount typed in euros ("-45,50", "+ 1 200.5", "−12") in cents, by string arithmetic;
 * null when it is not one (more than two decimals, letters, nothing). Spaces, the typographic minus
 * and either decimal separator are what a French keyboard or a copied figure gives.
 */
export function parseSignedEuros(input: string): number | null {
  const text = input.replace(/[\s\u00a0\u202f]/g, '').replace(/\u2212/g, '-');
  const match = /^([+-]?)(\d{1,9})(?:[.,](\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const cents = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  return match[1] === '-' ? -cents : cents;
}

/** A signed amount shown with its sign ("−45,50 €"): a balance below 0 is what the organiser owes. */
export function formatSignedEuros(cents: number): string {
  return cents < 0 ? `\u2212${formatEuros(-cents)}` : formatEuros(cents);
}
