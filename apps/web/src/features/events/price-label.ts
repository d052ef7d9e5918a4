import { formatEuros, fr } from '@guichet/shared';

/** A ticket price: 2 decimals, or 'Gratuit' when free (1-attendee.md §1). */
export function priceLabel(cents: number): string {
  return cents === 0 ? fr.common.free : formatEuros(cents);
}
