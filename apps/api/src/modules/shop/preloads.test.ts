import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { buildApp } from '../../app';

let t: TestApp;
let web: Awaited<ReturnType<typeof buildApp>>;
beforeAll(async () => {
  t = await createTestApp();
  // A built web app in miniature.
  const dist = mkdtempSync(path.join(tmpdir(), 'guichet-web-'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Guichet</title>');
  web = await buildApp({ config: { ...t.config, webDist: dist }, database: t.database, serveWeb: true });
});
afterAll(async () => {
  await web.close();
  await t.close();
});

const linkOf = async (url: string) => String((await web.inject({ method: 'GET', url })).headers.link ?? '');

describe('landing pages preloads', () => {
  it('preloads the hero', async () => {
    expect(await linkOf('/')).toBe('</showcase/hero.svg>; rel=preload; as=image; fetchpriority=high');
  });

  it("preloads the catalogue's first rentals and the first one's picture", async () => {
    const link = await linkOf('/services?offre=location');
    expect(link).toContain('</api/shop/products?offer=location>; rel=preload; as=fetch; crossorigin');
    expect(link).toMatch(/<\/showcase\/products\/terminal-3g-1\.svg>; rel=preload; as=image/);
  });

  it('adds nothing to the other pages', async () => {
    expect(await linkOf('/billetterie')).toBe('');
  });
});
