import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';

type Operation = { 'x-access'?: string; 'x-rate-limit'?: unknown; description?: string; responses?: object };
type Document = { openapi: string; paths: Record<string, Record<string, Operation>> };

/** `/api/events/:id` as OpenAPI writes it: `/api/events/{id}`. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\*$/, '{path}');

describe('the published contract', () => {
  let t: TestApp;
  let document: Document;
  beforeAll(async () => {
    t = await createTestApp();
    const response = await t.app.inject({ url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    document = response.json();
  });
  afterAll(async () => t.close());

  it('is an OpenAPI 3.1 document of the API', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/api/orders', '/api/events']));
    expect(Object.keys(document.paths).filter((path) => !path.startsWith('/api/'))).toEqual([]);
  });

  it('holds every declared route, JSON or not, with who may call it and its limit', () => {
    const missing: string[] = [];
    for (const route of t.app.declaredRoutes) {
      const operation = document.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
      if (!operation) {
        missing.push(`${route.method} ${route.url}`);
        continue;
      }
      expect(operation['x-access'], `${route.method} ${route.url}`).toBe(route.access);
      expect(operation).toHaveProperty('x-rate-limit');
      expect(operation.description).toMatch(/^Accès : /);
    }
    expect(missing).toEqual([]);
    const login = document.paths['/api/auth/login']?.post;
    expect(login?.['x-rate-limit']).toEqual({
      max: expect.any(Number),
      windowMinutes: expect.any(Number),
      key: 'address and e-mail',
    });
    expect(document.paths['/api/console/events/{id}/export.csv']?.get?.['x-access']).toBe('user');
  });

  it('describes the inputs from the zod schemas and the error shape', () => {
    const order = document.paths['/api/orders']?.post as {
      requestBody?: { content: Record<string, { schema: { type?: string; properties?: object } }> };
      responses: Record<string, unknown>;
    };
    expect(order.requestBody?.content['application/json']?.schema.properties).toBeDefined();
    expect(order.responses['4XX']).toEqual(
      expect.objectContaining({ content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } }),
    );
  });

  it('is generated once', async () => {
    const again = await t.app.inject({ url: '/api/openapi.json' });
    expect(again.body).toBe(JSON.stringify(document));
    expect(t.app.swagger()).toBe(t.app.swagger());
  });

  it('has a reference page with every operation, no script, under the application CSP', async () => {
    const page = await t.app.inject({ url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toMatch(/default-src 'self'/);
    expect(page.body).not.toMatch(/<script|https?:\/\/(?!billetterie)/i);
    const operations = Object.values(document.paths).reduce((count, item) => count + Object.keys(item).length, 0);
    expect(page.body.match(/<section id=/g)?.length).toBe(operations);
    expect(page.body).toContain('<code>/api/orders/{id}</code>');
  });
});
