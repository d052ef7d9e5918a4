import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { fr } from '@guichet/shared';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built web app when `distDir` holds one. Hashed assets are cached for a year, as immutable;
 * every other GET (or HEAD) that is not an API call gets index.html, and the client router takes over.
 * Unknown API paths always get a JSON 404.
 */
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
    // The build wrote a .br and a .gz beside each text file (apps/web/scripts/precompress.mjs):
    // the one the browser accepts is sent as it is, with its content-encoding.
    preCompressed: true,
    setHeaders(res, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send({ code: 'NOT_FOUND', message: fr.shell.notFound });
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
