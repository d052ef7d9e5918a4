import type { ShopProduct } from '@guichet/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/use-test-app';
import { shopProducts } from '../../db/schema';
import { ensureShopCatalogue } from '../../db/seed/shop-catalogue';

const t = useTestApp();

const list = async (offer?: string) => {
  const response = await t.app.inject({ method: 'GET', url: `/api/shop/products${offer ? `?offer=${offer}` : ''}` });
  return { status: response.statusCode, body: response.json() as ShopProduct[] };
};

describe('shop catalogue', () => {
  it('serves every rental of the spec with its price, in cents', async () => {
    const { status, body } = await list('location');
    expect(status).toBe(200);
    expect(body.map((p) => p.priceCents)).toEqual([1550, 300, 500, 200, 300, 1000, 4000]);
    expect(body.every((p) => p.offer === 'location' && p.images.length >= 1 && p.images.length <= 4)).toBe(true);
  });

  it('serves every purchase, the powder with its six prices as types', async () => {
    const { body } = await list('achat');
    const prices = body.flatMap((p) => (p.priceCents === null ? [] : [p.priceCents]));
    expect(prices).toEqual(expect.arrayContaining([150, 2700, 50, 500, 2500, 105, 700, 400, 105, 3500]));
    const powder = body.find((p) => p.title === 'Poudre colorée');
    expect(powder?.priceCents).toBeNull();
    expect(powder?.priceLabel).toBeTruthy();
    expect(powder?.variants.map((v) => v.priceCents).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual([
      780, 800, 1140, 3600, 4200, 8000,
    ]);
    const cups = body.find((p) => p.title === 'Gobelets');
    for (const cup of cups?.variants ?? []) {
      expect(cup.quantities?.at(-1)).toBe(5000);
    }
  });

  it('serves the services, their prices as the spec gives them', async () => {
    const { body } = await list('service');
    expect(body.map((p) => p.priceLabel ?? p.priceCents)).toEqual([
      "À partir de 25 € de l'heure",
      50,
      "8 € de l'heure (vendue 2 € l'unité)",
    ]);
  });

  it('serves one product, and answers 404 for an unknown one', async () => {
    const [first] = (await list('location')).body;
    const one = await t.app.inject({ method: 'GET', url: `/api/shop/products/${first?.id}` });
    expect(one.json()).toEqual(first);
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/shop/products/00000000-0000-4000-8000-000000000000',
    });
    expect(missing.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/shop/products?offer=rent' })).statusCode).toBe(400);
  });

  it('seeds again without duplicating, and keeps what an administrator changed', async () => {
    const before = (await list()).body.length;
    await t.database.db.update(shopProducts).set({ priceCents: 3600 }).where(eq(shopProducts.slug, 'flyers'));
    try {
      await ensureShopCatalogue(t.database.db);
      const after = (await list()).body;
      expect(after).toHaveLength(before);
      expect(after.find((p) => p.title === 'Flyers')?.priceCents).toBe(3600);
    } finally {
      await t.database.db.update(shopProducts).set({ priceCents: 3500 }).where(eq(shopProducts.slug, 'flyers'));
    }
  });
});
