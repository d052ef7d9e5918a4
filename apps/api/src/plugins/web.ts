import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import { fr, isSitePage } from '@guichet/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type PageHead, routeAssets, withPageHead } from './page-head';

/**
 * Serves the built web app when `distDir` holds one. Hashed assets are cached for a year, as immutable;
 * every other GET (or HEAD) that is not an API call gets index.html, and the client router takes over:
 * with a 404 status where the app has no such page (SITE_PAGES) or `headOf` finds nothing to show.
 * Unknown API paths always get a JSON 404.
 */
export async function serveWebApp(
  app: FastifyInstance,
  distDir: string | null,
  headOf?: (request: FastifyRequest) => Promise<PageHead | null>,
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
  const assetsOf = routeAssets(distDir);
  app.setNotFoundHandler(async (request, reply) => {
    if (request.url.startsWith('/api/') || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send({ code: 'NOT_FOUND', message: fr.shell.notFound });
    }
    // The pages a visitor lands on get their chunks, their largest image and their first data
    // announced in the HTML; an event's page names its event (a shared link shows it).
    const pagePath = request.url.split('?')[0] ?? '';
    // No page of the app here: the same French not-found page, with the status search engines read.
    const known = isSitePage(pagePath);
    const assets = known ? assetsOf(pagePath) : [];
    const head = known ? ((headOf ? await headOf(request) : null) ?? {}) : { status: 404 as const };
    reply.status(head.status ?? 200);
    if (Object.keys(head).length > 0 || assets.length) {
      reply
        .header('cache-control', 'no-cache')
        .header('vary', 'Cookie, Accept-Encoding')
        .type('text/html; charset=utf-8');
      // Compressed here: the compression plugin's hooks are the routes', and this is the 404 handler.
      const html = withPageHead(indexHtml, head, assets);
      const accepted = String(request.headers['accept-encoding'] ?? '');
      if (/\bbr\b/.test(accepted)) {
        return reply
          .header('content-encoding', 'br')
          .send(brotliCompressSync(html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } }));
      }
      if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(gzipSync(html));
      return reply.send(html);
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
