import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { fr } from '@guichet/shared';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built web app when `distDir` holds one. Hashed assets are cached for a year;
 * every other GET (or HEAD) that is not an API call gets index.html, and the client router takes over.
 * Unknown API paths always get a JSON 404.
 */
/**
 * The largest picture of the pages whose first paint it is (the showcase's landing pages): the
 * browser fetches it with the app's scripts rather than after them (bench/lcp-showcase.ts).
 */
const PRELOADS: Record<string, string> = {
  '/': '</showcase/hero.svg>; rel=preload; as=image; fetchpriority=high',
  '/services': '</showcase/offers-banner.svg>; rel=preload; as=image; fetchpriority=high',
};

export async function serveWebApp(app: FastifyInstance, distDir: string | null): Promise<void> {
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
    setHeaders(res, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send({ code: 'NOT_FOUND', message: fr.shell.notFound });
    }
    const preload = PRELOADS[request.url.split('?')[0] ?? ''];
    if (preload) reply.header('link', preload);
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
