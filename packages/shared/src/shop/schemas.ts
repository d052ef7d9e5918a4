import { z } from 'zod';
import { cents } from '../common/fields';
import { GALLERY_MAX_IMAGES, type ShopProduct, type ShopVariant, shopCategories, shopOffers } from './catalogue';

/**
 * A type of a product (cup type, powder format). Its own price replaces the product's; a cup type
 * is sold by packs and picked from a fixed list of cup counts (docs/decisions.md, "Showcase").
 */
const shopVariant: z.ZodType<ShopVariant> = z.object({
  label: z.string(),
  priceCents: cents.nullable(),
  priceLabel: z.string().nullable(),
  /** How many items the price buys (cups come by 50); 1 for everything else. */
  packSize: z.number().int().min(1),
  /** The only quantities that may be ordered, or null for any count. */
  quantities: z.array(z.number().int().positive()).nullable(),
});

export const shopProduct: z.ZodType<ShopProduct> = z.object({
  id: z.string(),
  offer: z.enum(shopOffers),
  category: z.enum(shopCategories),
  title: z.string(),
  description: z.string(),
  /** The price in cents, or null with a `priceLabel` for a price that is not a number. */
  priceCents: cents.nullable(),
  priceLabel: z.string().nullable(),
  variants: z.array(shopVariant),
  images: z.array(z.string()).max(GALLERY_MAX_IMAGES),
});

export const shopProductsQuery = z.strictObject({ offer: z.enum(shopOffers).optional() });
export const shopProductParams = z.strictObject({ productId: z.string().uuid() });
