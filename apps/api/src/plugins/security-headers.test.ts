import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

it('gives documents the page policy, the 404 and the API reference page included', async () => {
  for (const url of ['/', '/no-such-page', '/api/docs']) {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.headers['content-security-policy'], url).toContain("default-src 'self'");
    expect(response.headers['content-security-policy'], url).toContain("form-action 'self'");
    expect(response.headers['x-content-type-options'], url).toBe('nosniff');
    expect(response.headers['strict-transport-security'], url).toMatch(/max-age=\d+/);
    expect(response.headers['x-frame-options'], url).toBe('SAMEORIGIN');
  }
});

it('gives API answers, errors included, a policy that runs and frames nothing', async () => {
  for (const url of ['/api/health', '/api/events', '/api/no-such-route', '/api/orders/not-an-id']) {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.headers['content-security-policy'], url).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(response.headers['x-content-type-options'], url).toBe('nosniff');
    expect(response.headers['strict-transport-security'], url).toMatch(/max-age=\d+/);
    expect(response.headers['x-frame-options'], url).toBe('DENY');
    expect(response.headers['referrer-policy'], url).toBe('no-referrer');
  }
});
