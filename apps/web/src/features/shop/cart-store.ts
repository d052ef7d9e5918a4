import {
  isOrderableQuantity,
  priceOf,
  quantitiesOf,
  type ShopOffer,
  type ShopProduct,
  stepQuantity,
} from '@guichet/shared';
import { useSyncExternalStore } from 'react';

/**
 * The cart, kept in local storage so that it survives a reload (it holds products and counts,
 * no personal data: spec/README.md). The prices it shows are the catalogue's when the line was
 * added; the server prices the quote from the catalogue as it is when the quote is sent.
 */
export type CartLine = {
  productId: string;
  variant: string | null;
  offer: ShopOffer;
  title: string;
  image: string | null;
  priceCents: number | null;
  priceLabel: string | null;
  packSize: number;
  /** The type's fixed list of counts (cups), or null for any count. */
  quantities: number[] | null;
  quantity: number;
};

const KEY = 'guichet.cart';
const listeners = new Set<() => void>();
let cache: { raw: string | null; lines: CartLine[] } = { raw: null, lines: [] };

function read(): CartLine[] {
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(KEY);
  } catch {
    return cache.lines;
  }
  if (raw === cache.raw) return cache.lines;
  let lines: CartLine[] = [];
  try {
    const parsed = raw ? JSON.parse(raw) : [];
    lines = Array.isArray(parsed) ? parsed.filter((l) => typeof l?.productId === 'string' && l.quantity > 0) : [];
  } catch {
    lines = [];
  }
  cache = { raw, lines };
  return lines;
}

function write(lines: CartLine[]): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(lines));
  } catch {
    // Storage full or refused: the cart lives for this page only.
    cache = { raw: cache.raw, lines };
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab changed the cart.
  const onStorage = (event: StorageEvent) => event.key === KEY && listener();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The lines as they are now, outside React. */
export function readCart(): CartLine[] {
  return read();
}

export function useCart(): CartLine[] {
  return useSyncExternalStore(subscribe, read, () => []);
}

const sameLine = (line: CartLine, productId: string, variant: string | null) =>
  line.productId === productId && line.variant === variant;

/** What a line takes from the catalogue: set when it is added, brought up to date by each sync. */
function fromCatalogue(product: ShopProduct, variant: string | null) {
  const price = priceOf(product, variant);
  return {
    title: product.title,
    image: product.images[0] ?? null,
    priceCents: price.priceCents,
    priceLabel: price.priceLabel,
    packSize: price.packSize,
    quantities: quantitiesOf(product, variant),
  };
}

/** Adds `quantity` of a product in a type; false when the count cannot be ordered (0 cannot be added). */
export function addToCart(product: ShopProduct, variant: string | null, quantity: number): boolean {
  const quantities = quantitiesOf(product, variant);
  if (!isOrderableQuantity(quantities, quantity)) return false;
  const lines = read();
  const existing = lines.find((line) => sameLine(line, product.id, variant));
  // A fixed list has no sum: a second add of cups replaces the count rather than make one off the list.
  const total = existing && !quantities ? existing.quantity + quantity : quantity;
  const line: CartLine = {
    productId: product.id,
    variant,
    offer: product.offer,
    ...fromCatalogue(product, variant),
    quantity: isOrderableQuantity(quantities, total) ? total : quantity,
  };
  write(existing ? lines.map((l) => (l === existing ? line : l)) : [...lines, line]);
  return true;
}

/** One step up or down; a line stepped to 0 leaves the cart. */
export function stepLine(productId: string, variant: string | null, direction: 1 | -1): void {
  const lines = read().flatMap((line) => {
    if (!sameLine(line, productId, variant)) return [line];
    const quantity = stepQuantity(line.quantities, line.quantity, direction);
    return quantity > 0 ? [{ ...line, quantity }] : [];
  });
  write(lines);
}

export function removeLine(productId: string, variant: string | null): void {
  write(read().filter((line) => !sameLine(line, productId, variant)));
}

export function clearCart(): void {
  write([]);
}

/** Brings the lines to the catalogue's current prices and drops what it no longer offers. */
export function syncCartWithCatalogue(products: ShopProduct[]): { repriced: boolean; dropped: string[] } {
  const byId = new Map(products.map((p) => [p.id, p]));
  let repriced = false;
  const dropped: string[] = [];
  const lines = read().flatMap((line) => {
    const product = byId.get(line.productId);
    const known = product && (product.variants.length === 0 || product.variants.some((v) => v.label === line.variant));
    if (!product || !known) {
      dropped.push(line.title);
      return [];
    }
    const fresh = fromCatalogue(product, line.variant);
    if (fresh.priceCents !== line.priceCents || fresh.priceLabel !== line.priceLabel) repriced = true;
    const quantity = isOrderableQuantity(fresh.quantities, line.quantity)
      ? line.quantity
      : stepQuantity(fresh.quantities, line.quantity, 1);
    return [{ ...line, ...fresh, quantity }];
  });
  const before = read();
  if (repriced || dropped.length > 0 || JSON.stringify(before) !== JSON.stringify(lines)) write(lines);
  return { repriced, dropped };
}

/** The cart title counts lines: 500 cups are one article, not 500. */
export const cartCount = (lines: CartLine[]) => lines.length;
