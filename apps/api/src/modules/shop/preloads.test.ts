import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { buildApp } from '../../app';

let t: TestApp;
let web: Awaited<ReturnType<typeof buildApp>>;
beforeAll(async () => {
  t = await createTestApp();
  // A built web app in miniature: its index and the manifest the server reads the chunks from.
  const dist = mkdtempSync(path.join(tmpdir(), 'guichet-web-'));
  mkdirSync(path.join(dist, '.vite'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Guichet</title>');
  writeFileSync(
    path.join(dist, '.vite/manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index.js', imports: ['_shared.js'] },
      '_shared.js': { file: 'assets/shared.js' },
      'src/pages/home/HomePage.tsx': {
        file: 'assets/HomePage.js',
        imports: ['_shared.js', '_Title.js'],
        css: ['assets/HomePage.css'],
      },
      '_Title.js': { file: 'assets/Title.js' },
      'src/pages/services/ServicesPage.tsx': { file: 'assets/ServicesPage.js' },
    }),
  );
  web = await buildApp({ config: { ...t.config, webDist: dist }, database: t.database, serveWeb: true });
});
afterAll(async () => {
  await web.close();
  await t.close();
});

const linkOf = async (url: string) => String((await web.inject({ method: 'GET', url })).headers.link ?? '');

describe('landing pages preloads', () => {
  it('preloads the hero and the home page chunks, not the entry ones', async () => {
    const link = await linkOf('/');
    expect(link).toContain('</showcase/hero.svg>; rel=preload; as=image; fetchpriority=high');
    expect(link).toContain('</assets/HomePage.js>; rel=modulepreload');
    expect(link).toContain('</assets/Title.js>; rel=modulepreload');
    expect(link).toContain('</assets/HomePage.css>; rel=preload; as=style');
    expect(link).not.toContain('shared.js');
  });

  it("preloads the catalogue's first rentals and the first one's picture", async () => {
    const link = await linkOf('/services?offre=location');
    expect(link).toContain('</api/shop/products?offer=location>; rel=preload; as=fetch; crossorigin');
    expect(link).toMatch(/<\/showcase\/products\/terminal-3g-1\.svg>; rel=preload; as=image/);
    expect(link).toContain('</assets/ServicesPage.js>; rel=modulepreload');
  });

  it('adds nothing to the other pages', async () => {
    expect(await linkOf('/billetterie')).toBe('');
  });
});
