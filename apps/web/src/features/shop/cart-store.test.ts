import { CUP_QUANTITIES, type ShopProduct } from '@guichet/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { addToCart, clearCart, readCart, removeLine, stepLine, syncCartWithCatalogue } from './cart-store';

// Without a browser the store keeps its lines in memory, through the same functions.

const terminal: ShopProduct = {
  id: 'terminal',
  offer: 'location',
  category: 'logistique',
  title: 'Terminal de paiement 3G',
  description: '',
  priceCents: 1550,
  priceLabel: null,
  variants: [],
  images: ['/t.svg'],
};
const cups: ShopProduct = {
  id: 'cups',
  offer: 'achat',
  category: 'animation',
  title: 'Gobelets',
  description: '',
  priceCents: 500,
  priceLabel: null,
  variants: [
    { label: 'Gobelets rouges', priceCents: 500, priceLabel: null, packSize: 50, quantities: [...CUP_QUANTITIES.red] },
  ],
  images: [],
};

beforeEach(() => clearCart());
const read = () => readCart();

describe('cart', () => {
  it('refuses 0, adds up plain counts and keeps cup counts on their list', () => {
    expect(addToCart(terminal, null, 0)).toBe(false);
    expect(addToCart(terminal, null, 2)).toBe(true);
    expect(addToCart(terminal, null, 1)).toBe(true);
    expect(addToCart(cups, 'Gobelets rouges', 75)).toBe(false);
    expect(addToCart(cups, 'Gobelets rouges', 500)).toBe(true);
    expect(read().map((l) => [l.productId, l.quantity])).toEqual([
      ['terminal', 3],
      ['cups', 500],
    ]);
  });

  it('steps along the list, and a line stepped to 0 leaves the cart', () => {
    addToCart(cups, 'Gobelets rouges', 50);
    stepLine('cups', 'Gobelets rouges', 1);
    expect(read()[0]?.quantity).toBe(100);
    stepLine('cups', 'Gobelets rouges', -1);
    stepLine('cups', 'Gobelets rouges', -1);
    expect(read()).toEqual([]);
    addToCart(terminal, null, 1);
    removeLine('terminal', null);
    expect(read()).toEqual([]);
  });

  it("takes the catalogue's current price and drops what it no longer sells", () => {
    addToCart(terminal, null, 1);
    addToCart({ ...cups, id: 'gone' }, 'Gobelets rouges', 50);
    const result = syncCartWithCatalogue([{ ...terminal, priceCents: 1600 }, cups]);
    expect(result).toEqual({ repriced: true, dropped: ['Gobelets'] });
    expect(read().map((l) => [l.productId, l.priceCents])).toEqual([['terminal', 1600]]);
  });
});
