import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { fr } from '@guichet/shared';
import type { FastifyInstance } from 'fastify';

/**
 * `Link` header values for a page's path: what its first paint will need, fetched with its
 * scripts. `chunks` gives the links of a page's own code (its source path in the build manifest).
 */
export type PagePreloads = (pathname: string, chunks: (source: string) => string[]) => Promise<string[]>;

type Manifest = Record<string, { file: string; imports?: string[]; css?: string[] }>;

/**
 * The links that fetch a lazy page's chunk, its imports and its styles with the entry rather
 * than after it (one round trip less on a phone's network); the entry's own are already in
 * index.html.
 */
function chunkLinks(distDir: string): (source: string) => string[] {
  let manifest: Manifest = {};
  try {
    manifest = JSON.parse(readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8'));
  } catch {
    return () => [];
  }
  const collect = (key: string, seen: Set<string>) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const child of manifest[key]?.imports ?? []) collect(child, seen);
  };
  const entry = new Set<string>();
  collect('index.html', entry);
  const cache = new Map<string, string[]>();
  return (source) => {
    const known = cache.get(source);
    if (known) return known;
    const seen = new Set<string>();
    collect(source, seen);
    const own = [...seen].filter((key) => !entry.has(key)).map((key) => manifest[key]);
    const links = [
      ...own.flatMap((chunk) => (chunk ? [`</${chunk.file}>; rel=modulepreload`] : [])),
      ...own.flatMap((chunk) => (chunk?.css ?? []).map((css) => `</${css}>; rel=preload; as=style`)),
    ];
    cache.set(source, links);
    return links;
  };
}

/**
 * Serves the built web app when `distDir` holds one. Hashed assets are cached for a year;
 * every other GET (or HEAD) that is not an API call gets index.html, and the client router takes over.
 * Unknown API paths always get a JSON 404.
 */
export async function serveWebApp(
  app: FastifyInstance,
  distDir: string | null,
  preloadsFor: PagePreloads = async () => [],
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
    // The build writes .br and .gz copies (apps/web/scripts/precompress.mjs).
    preCompressed: true,
    setHeaders(res, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  const chunks = chunkLinks(distDir);
  app.setNotFoundHandler(async (request, reply) => {
    if (request.url.startsWith('/api/') || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send({ code: 'NOT_FOUND', message: fr.shell.notFound });
    }
    const preloads = await preloadsFor(request.url.split('?')[0] ?? '/', chunks).catch(() => []);
    if (preloads.length > 0) reply.header('link', preloads.join(', '));
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
