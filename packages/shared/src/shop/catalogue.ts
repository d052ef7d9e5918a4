/** Offer kinds and categories of the shop (3-showcase-and-shell.md §2 "Offers catalogue"). */
export const shopOffers = ['location', 'achat', 'service'] as const;
export type ShopOffer = (typeof shopOffers)[number];
export const shopCategories = ['logistique', 'securite', 'animation'] as const;
export type ShopCategory = (typeof shopCategories)[number];

/** The offers search is limited to 50 characters (§5 "Input limits"); a gallery to 4 images (§9). */
export const OFFERS_SEARCH_MAX = 50;
export const GALLERY_MAX_IMAGES = 4;
/** A line's quantity, when the product has no fixed list: one order, not a warehouse. */
const CART_QUANTITY_MAX = 9999;

/** A type of a product (cup type, powder format): its own price replaces the product's. */
export type ShopVariant = {
  label: string;
  priceCents: number | null;
  priceLabel: string | null;
  /** How many items the price buys (cups come by 50); 1 for everything else. */
  packSize: number;
  /** The only quantities that may be ordered, or null for any count. */
  quantities: number[] | null;
};

export type ShopProduct = {
  id: string;
  offer: ShopOffer;
  category: ShopCategory;
  title: string;
  description: string;
  /** The price in cents, or null with a `priceLabel` for a price that is not a number. */
  priceCents: number | null;
  priceLabel: string | null;
  variants: ShopVariant[];
  images: string[];
};

/** Titles compared without accents or case, as the visitor types (§2 "Offers catalogue"). */
function foldForSearch(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();
}

export function matchesSearch(title: string, search: string): boolean {
  return foldForSearch(title).includes(foldForSearch(search));
}

/** The detail page's path segment: `{offre}-{id}` (§2 route table). */
export function productSlug(product: Pick<ShopProduct, 'offer' | 'id'>): string {
  return `${product.offer}-${product.id}`;
}

/** Reads `{offre}-{id}`, or a bare id (the route's other spelling). */
export function parseProductSlug(slug: string): { offer: ShopOffer | null; id: string } {
  const dash = slug.indexOf('-');
  const head = dash > 0 ? slug.slice(0, dash) : '';
  if ((shopOffers as readonly string[]).includes(head)) return { offer: head as ShopOffer, id: slug.slice(dash + 1) };
  return { offer: null, id: slug };
}

/** The price of a product in a type: the type's own price when it has one. */
export function priceOf(
  product: Pick<ShopProduct, 'priceCents' | 'priceLabel' | 'variants'>,
  variantLabel: string | null,
): { priceCents: number | null; priceLabel: string | null; packSize: number } {
  const variant = product.variants.find((v) => v.label === variantLabel);
  if (variant && (variant.priceCents !== null || variant.priceLabel !== null)) {
    return { priceCents: variant.priceCents, priceLabel: variant.priceLabel, packSize: variant.packSize };
  }
  return { priceCents: product.priceCents, priceLabel: product.priceLabel, packSize: variant?.packSize ?? 1 };
}

/** The quantities a product's type offers, or null for any count. */
export function quantitiesOf(product: Pick<ShopProduct, 'variants'>, variantLabel: string | null): number[] | null {
  return product.variants.find((v) => v.label === variantLabel)?.quantities ?? null;
}

/**
 * The next quantity up or down: along the type's fixed list when it has one, else by one. Never
 * below 0 (§2 "Shop detail pages"), never above the list's last value or CART_QUANTITY_MAX.
 */
export function stepQuantity(quantities: number[] | null, current: number, direction: 1 | -1): number {
  if (!quantities) return Math.min(CART_QUANTITY_MAX, Math.max(0, current + direction));
  if (direction > 0) return quantities.find((q) => q > current) ?? current;
  return [...quantities].reverse().find((q) => q < current) ?? 0;
}

/** Whether a quantity may be ordered: above 0, whole, and on the type's list when it has one. */
export function isOrderableQuantity(quantities: number[] | null, quantity: number): boolean {
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > CART_QUANTITY_MAX) return false;
  return quantities ? quantities.includes(quantity) : true;
}

/** A line's amount in cents, half up to the cent (a pack price over the items it buys). */
export function lineAmountCents(unitCents: number, quantity: number, packSize: number): number {
  return Math.floor((unitCents * quantity * 2 + packSize) / (packSize * 2));
}
