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

  it("writes every text as it is, with no $` $' $& $1 read as patterns", () => {
    const text = "A $` B $' C $& D $1 E $$";
    const html = withPageHead(
      INDEX,
      {
        preview: { title: text, description: text, imageUrl: null, url: 'https://x.fr/' },
        data: { key: text, body: JSON.stringify({ title: text }) },
        images: [{ src: `/a.svg?${text}`, srcset: null, sizes: '100vw' }],
        firstPaint: { title: text, images: [] },
      },
      ['<link rel="modulepreload" href="/$1.js" />'],
    );
    expect(html.match(/<!doctype/g)).toHaveLength(1);
    expect(html.match(/<\/head>/g)).toHaveLength(1);
    expect(html).toContain("<title>A $` B $' C $&amp; D $1 E $$</title>");
    expect(html).toContain(`"title":"A $\` B $' C $& D $1 E $$"`);
    expect(html).toContain(`href="/a.svg?A $\` B $' C $&amp; D $1 E $$"`);
    expect(html).toContain('<link rel="modulepreload" href="/$1.js" />');
    expect(html).toContain('<meta charset="UTF-8" />\n    <link rel="preload"');
  });
});
