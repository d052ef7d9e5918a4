import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/use-test-app';
import { buildApp } from '../../app';

const t = useTestApp();

describe('health', () => {
  it('tells the web app the configured social links, and none by default', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/meta' })).json().socialLinks).toEqual([]);
    const links = [{ network: 'instagram' as const, url: 'https://instagram.com/guichet' }];
    const app = await buildApp({ config: { ...t.config, socialLinks: links }, database: t.database });
    const meta = (await app.inject({ method: 'GET', url: '/api/meta' })).json();
    await app.close();
    expect(meta.socialLinks).toEqual(links);
  });

  it('answers 200 when the database answers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'up' });
  });

  it('answers 503 when the database does not', async () => {
    const app = await buildApp({ config: t.config, database: { ...t.database, ping: async () => false } });
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    await app.close();
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('NOT_FOUND');
  });
});
