import { describe, expect, it } from 'vitest';
import { withTestApp } from '../../../test/helpers';
import { useTestApp } from '../../../test/use-test-app';

const t = useTestApp();

const search = (q: string, app = t) =>
  app.app.inject({ method: 'GET', url: `/api/addresses?q=${encodeURIComponent(q)}` });

describe('GET /api/addresses', () => {
  it('answers suggestions from the offline gazetteer to anyone, visitors included', async () => {
    const response = await search('capitole toulouse');
    expect(response.statusCode).toBe(200);
    const list = response.json() as { label: string }[];
    expect(list[0]).toEqual({
      label: '1 Place du Capitole, 31000 Toulouse',
      name: '1 Place du Capitole',
      postcode: '31000',
      city: 'Toulouse',
      latitude: 43.6043,
      longitude: 1.4433,
    });
    expect(list.length).toBeLessThanOrEqual(15);
  });

  it('answers at most 15 suggestions', async () => {
    const list = (await search('place rue')).json() as unknown[];
    expect(list.length).toBe(15);
  });

  it('answers an empty list under 3 characters', async () => {
    for (const q of ['', 'ly', '  ly  ']) {
      const response = await search(q);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual([]);
    }
    const none = await t.app.inject({ method: 'GET', url: '/api/addresses' });
    expect(none.json()).toEqual([]);
  });

  it('refuses a query over 100 characters and unknown parameters', async () => {
    expect((await search('a'.repeat(101))).statusCode).toBe(400);
    const extra = await t.app.inject({ method: 'GET', url: '/api/addresses?q=lyon&limit=200' });
    expect(extra.statusCode).toBe(400);
    expect(extra.json()).toMatchObject({ code: 'UNKNOWN_FIELD' });
  });

  it('limits one address to 60 searches a minute', async () => {
    await withTestApp({ config: { rateLimitMax: 10 } }, async (limited) => {
      for (let i = 0; i < 60; i += 1) expect((await search('lyon', limited)).statusCode).toBe(200);
      const refused = await search('lyon', limited);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
    });
  });
});
