import { describe, expect, it } from 'vitest';
import { withPageHead } from './page-head';

const INDEX = `<!doctype html><html><head>
    <meta charset="UTF-8" />
    <title>Guichet</title>
    <link rel="stylesheet" crossorigin href="/assets/style-1.css">
  </head><body><div id="root"></div></body></html>`;

const firstPaint = { title: 'Nos offres', images: [{ src: '/a.svg', srcset: null, sizes: '100vw' }] };

describe('a page head', () => {
  it('keeps the stylesheet link when the page does not hold it inlined', () => {
    const html = withPageHead(INDEX, { firstPaint }, []);
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/style-1.css">');
    expect(html).toContain('<div class="gfp" aria-hidden="true"><h1>Nos offres</h1>');
  });

  it('drops the link for the stylesheet it writes into the page', () => {
    const html = withPageHead(INDEX, { firstPaint }, ['<style>/* the site */</style>']);
    expect(html).not.toContain('<link rel="stylesheet"');
    expect(html).toContain('<style>/* the site */</style>');
  });
});
