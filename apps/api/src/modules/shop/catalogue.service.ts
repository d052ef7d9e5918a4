import { type ShopOffer, type ShopProduct, showcaseFr } from '@guichet/shared';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../lib/errors';
import { findActiveProduct, findActiveProducts } from './shop.repository';

/** The catalogue of one offer kind, or all of it, as the pages show it. */
export function listProducts(deps: AppDeps, offer?: ShopOffer): Promise<ShopProduct[]> {
  return findActiveProducts(deps.db, offer);
}

export async function getProduct(deps: AppDeps, id: string): Promise<ShopProduct> {
  const product = await findActiveProduct(deps.db, id);
  if (!product) throw new AppError('PRODUCT_NOT_FOUND', showcaseFr.details.notFound, 404);
  return product;
}
