import { formatEuros, priceOf, type ShopProduct, showcaseFr } from '@guichet/shared';

/** A numeric price with the euro sign, a pack price with its size, any other price as given (§2). */
export function priceText(price: { priceCents: number | null; priceLabel: string | null; packSize?: number }): string {
  if (price.priceCents === null) return price.priceLabel ?? '';
  const euros = formatEuros(price.priceCents);
  return price.packSize && price.packSize > 1 ? `${euros} ${showcaseFr.details.perPack(price.packSize)}` : euros;
}

/**
 * A catalogue card's price: what the product page shows first (its first type's, with the pack it
 * buys: '5,00 € les 50' for cups), or the product's own label when its price depends on the type.
 */
export function cardPriceText(product: Pick<ShopProduct, 'priceCents' | 'priceLabel' | 'variants'>): string {
  if (product.priceCents === null) return priceText(product);
  return priceText(priceOf(product, product.variants[0]?.label ?? null));
}
