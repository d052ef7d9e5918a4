import { formatEuros, showcaseFr } from '@guichet/shared';

/** A numeric price with the euro sign, a pack price with its size, any other price as given (§2). */
export function priceText(price: { priceCents: number | null; priceLabel: string | null; packSize?: number }): string {
  if (price.priceCents === null) return price.priceLabel ?? '';
  const euros = formatEuros(price.priceCents);
  return price.packSize && price.packSize > 1 ? `${euros} ${showcaseFr.details.perPack(price.packSize)}` : euros;
}
