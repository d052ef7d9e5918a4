import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { fr } from '@guichet/shared';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built web app when `distDir` holds one. Hashed assets are cached for a year, as immutable;
 * every other GET (or HEAD) that is not an API call gets index.html, and the client router takes over.
 * Unknown API paths always get a JSON 404.
 */
/** What a shared link of a page shows (Open Graph): the server writes it into the page's HTML. */
export type PagePreview = { title: string; description: string; imageUrl: string | null; url: string };

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** index.html with the page's own title and link-preview tags, for crawlers that run no script. */
export function withPreview(html: string, preview: PagePreview): string {
  const tags = [
    `<meta name="description" content="${escapeHtml(preview.description)}" />`,
    '<meta property="og:type" content="website" />',
    `<meta property="og:title" content="${escapeHtml(preview.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(preview.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(preview.url)}" />`,
    ...(preview.imageUrl
      ? [
          `<meta property="og:image" content="${escapeHtml(preview.imageUrl)}" />`,
          '<meta name="twitter:card" content="summary_large_image" />',
        ]
      : ['<meta name="twitter:card" content="summary" />']),
  ].join('\n    ');
  return html
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(preview.title)}</title>`)
    .replace('</head>', `    ${tags}\n  </head>`);
}

export async function serveWebApp(
  app: FastifyInstance,
  distDir: string | null,
  previewOf?: (path: string) => Promise<PagePreview | null>,
): Promise<void> {
  const hasWebApp = distDir !== null && existsSync(path.join(distDir, 'index.html'));
  if (distDir && !hasWebApp) app.log.warn({ distDir }, 'web app not built: only the API is served');
  if (!hasWebApp) {
    app.setNotFoundHandler((_request, reply) => {
      reply.status(404).send({ code: 'NOT_FOUND', message: fr.shell.notFound });
    });
    return;
  }
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    // The build wrote a .br and a .gz beside each text file (apps/web/scripts/precompress.mjs):
    // the one the browser accepts is sent as it is, with its content-encoding.
    preCompressed: true,
    setHeaders(res, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  const indexHtml = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  app.setNotFoundHandler(async (request, reply) => {
    if (request.url.startsWith('/api/') || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send({ code: 'NOT_FOUND', message: fr.shell.notFound });
    }
    // An event's page names its event in the HTML itself: a shared link shows it (Open Graph).
    const preview = previewOf ? await previewOf(request.url.split('?')[0] ?? '') : null;
    if (preview) {
      return reply
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(withPreview(indexHtml, preview));
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
