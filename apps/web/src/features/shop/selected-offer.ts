import type { ShopProduct } from '@guichet/shared';

/**
 * The last offer opened from the catalogue, kept 2 hours (§2 "Offers catalogue": the service id
 * and offer type are kept in local storage for 2 hours). The catalogue uses it to reopen the tab
 * the visitor came from.
 */
const KEY = 'guichet.selectedOffer';
const LIFETIME_MS = 2 * 3_600_000;

export function rememberSelectedOffer(product: Pick<ShopProduct, 'id' | 'offer'>): void {
  try {
    localStorage.setItem(KEY, JSON.stringify({ id: product.id, offer: product.offer, at: Date.now() }));
  } catch {
    // Storage refused: the catalogue opens on its default tab.
  }
}

export function selectedOffer(): { id: string; offer: string } | null {
  try {
    const value = JSON.parse(localStorage.getItem(KEY) ?? 'null');
    if (!value || typeof value.at !== 'number' || Date.now() - value.at > LIFETIME_MS) {
      localStorage.removeItem(KEY);
      return null;
    }
    return { id: String(value.id), offer: String(value.offer) };
  } catch {
    return null;
  }
}
