import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import helmet from 'helmet';
import { expect, it } from 'vitest';
import { useTestApp } from '../../test/use-test-app';
import { helmetHeaders } from './security-headers';

const t = useTestApp();

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

it('writes on pages the very headers helmet writes, read once rather than for every request', async () => {
  const options = { contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], formAction: ["'self'"] } } };
  const server = createServer((request, response) => helmet(options)(request, response, () => response.end()));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const answer = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
  await new Promise<void>((resolve) => server.close(() => resolve()));
  const written = Object.fromEntries(
    [...answer.headers].filter(
      ([name]) => !['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'].includes(name),
    ),
  );
  expect(Object.keys(written).length).toBeGreaterThan(8);
  expect(helmetHeaders(options)).toEqual(written);
});
