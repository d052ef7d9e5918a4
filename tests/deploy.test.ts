import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fr } from '../packages/shared/src/messages/fr';

/**
 * The files of deploy/ (docs/operations.md, "Production on several machines"): the load
 * balancer's page when every server is down says the catalog's words, and HAProxy accepts its
 * configuration. `WRITE_DEPLOY_FILES=1` writes the page again after a change of the catalog.
 */
const root = join(import.meta.dirname, '..');
const errorPage = join(root, 'deploy/haproxy/errors/503.http');

/** HTML escaping of a catalog text (they hold apostrophes, never markup). */
const html = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/**
 * A whole HTTP answer, as HAProxy sends it verbatim: no script, no outside file, readable on a
 * phone and in a dark theme, `Retry-After` for clients that honour it, never kept by a cache.
 */
function unavailablePage(): string {
  const body = `<!doctype html>
<html lang="fr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${html(fr.common.serviceUnavailable)}</title>
<style>
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f8f9fa;color:#212529;line-height:1.5}
main{max-width:36rem;margin:0 auto;padding:4rem 1.5rem}
h1{font-size:1.5rem;margin:0 0 1rem}
a{display:inline-block;margin-top:1rem;padding:.6rem 1.2rem;border-radius:.25rem;background:#1864ab;color:#fff;text-decoration:none;font-weight:600}
a:focus-visible{outline:3px solid #fab005;outline-offset:2px}
@media (prefers-color-scheme:dark){body{background:#1a1b1e;color:#e9ecef}a{background:#4dabf7;color:#101113}}
</style>
</head>
<body>
<main>
<h1>${html(fr.common.serviceUnavailable)}</h1>
<p>${html(fr.common.serversUnavailable)}</p>
<a href="">${html(fr.common.retry)}</a>
</main>
</body>
</html>
`;
  const head = [
    'HTTP/1.1 503 Service Unavailable',
    'Content-Type: text/html; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Cache-Control: no-store',
    'Retry-After: 5',
    'Connection: close',
  ];
  return `${head.join('\r\n')}\r\n\r\n${body}`;
}

describe('deploy/', () => {
  it("the load balancer's page when every server is down says the catalog's words", () => {
    if (process.env.WRITE_DEPLOY_FILES === '1') writeFileSync(errorPage, unavailablePage());
    const page = readFileSync(errorPage, 'utf8');
    expect(page).toBe(unavailablePage());
    expect(page).toContain('Le service est momentanément indisponible.');
    // HAProxy refuses an error file larger than its buffer (16 KB).
    expect(Buffer.byteLength(page)).toBeLessThan(16_384);
  });

  it.runIf(existsSync('/usr/sbin/haproxy'))('HAProxy accepts the configuration', () => {
    const checked = spawnSync('/usr/sbin/haproxy', ['-c', '-f', join(root, 'deploy/haproxy/haproxy.cfg')], {
      env: {
        GUICHET_LB_BIND: '127.0.0.1:18080',
        GUICHET_LB_STATS: '127.0.0.1:18404',
        GUICHET_API_1: '127.0.0.1:14401',
        GUICHET_API_2: '127.0.0.1:14402',
        GUICHET_API_3: '127.0.0.1:14403',
      },
      encoding: 'utf8',
    });
    expect(checked.stderr + checked.stdout).toContain('Configuration file is valid');
    expect(checked.status).toBe(0);
  });
});
