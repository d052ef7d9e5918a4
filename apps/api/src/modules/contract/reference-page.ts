import { apiFr } from '@guichet/shared';

type Operation = {
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: { name: string; in: string; required?: boolean; schema?: unknown }[];
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: unknown }> }>;
  'x-access'?: string;
};
type Document = {
  info: { title: string; description?: string; version: string };
  paths: Record<string, Record<string, Operation>>;
};

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const json = (value: unknown) => `<pre>${escapeHtml(JSON.stringify(value, null, 2))}</pre>`;

function renderOperation(method: string, path: string, operation: Operation): string {
  const id = `${method}-${path}`.replace(/[^a-zA-Z0-9]+/g, '-');
  const parameters = operation.parameters?.length
    ? `<h4>${apiFr.parameters}</h4><ul>${operation.parameters
        .map(
          (p) =>
            `<li><code>${escapeHtml(p.name)}</code> (${escapeHtml(p.in)}${p.required ? `, ${apiFr.required}` : ''}) ${json(p.schema)}</li>`,
        )
        .join('')}</ul>`
    : '';
  const body = operation.requestBody?.content
    ? `<h4>${apiFr.body}</h4>${Object.entries(operation.requestBody.content)
        .map(([type, media]) => `<p><code>${escapeHtml(type)}</code></p>${json(media.schema)}`)
        .join('')}`
    : '';
  const responses = Object.entries(operation.responses ?? {})
    .map(
      ([status, response]) =>
        `<details><summary><code>${escapeHtml(status)}</code> ${escapeHtml(response.description ?? '')}</summary>${Object.values(
          response.content ?? {},
        )
          .map((media) => json(media.schema))
          .join('')}</details>`,
    )
    .join('');
  return `<section id="${id}"><h3><span class="method ${method}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code> <span class="access">${escapeHtml(operation['x-access'] ?? '')}</span></h3>
<p class="summary">${escapeHtml(operation.summary ?? '')}</p>
<p class="description">${escapeHtml(operation.description ?? '').replace(/\n\n/g, '<br>')}</p>${parameters}${body}<h4>${apiFr.responses}</h4>${responses}</section>`;
}

/** The reference page of the contract: every operation with who may call it, its inputs and answers. */
export function renderReferencePage(document: Document): string {
  const operations = Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ path, method, operation })),
  );
  const index = operations
    .map(
      ({ path, method, operation }) =>
        `<li><a href="#${`${method}-${path}`.replace(/[^a-zA-Z0-9]+/g, '-')}"><code>${method.toUpperCase()} ${escapeHtml(path)}</code></a> ${escapeHtml(operation.summary ?? '')}</li>`,
    )
    .join('');
  return `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(apiFr.docsTitle)}</title>
<style>
body{font-family:system-ui,sans-serif;max-width:70rem;margin:0 auto;padding:1rem;line-height:1.5;color:#1a1b1e;background:#fff}
pre{background:#f4f5f7;padding:.5rem;overflow:auto;font-size:.8rem;max-height:24rem}
section{border-top:1px solid #ddd;padding:.5rem 0}
.method{display:inline-block;min-width:4.5rem;font-weight:700}.get{color:#1864ab}.post{color:#2b8a3e}.put,.patch{color:#e67700}.delete{color:#c92a2a}
.access{font-size:.8rem;border:1px solid #999;border-radius:.25rem;padding:0 .3rem;font-weight:400}
nav ul{columns:2;font-size:.85rem}
.summary{font-weight:600;margin:.2rem 0}
</style></head>
<body><header><h1>${escapeHtml(document.info.title)}</h1><p>${escapeHtml(document.info.description ?? '')}</p>
<p><a href="openapi.json">${apiFr.docsDocument}</a> (OpenAPI, version ${escapeHtml(document.info.version)}) · ${apiFr.operations(operations.length)}</p></header>
<nav><ul>${index}</ul></nav>
<main>${operations.map(({ path, method, operation }) => renderOperation(method, path, operation)).join('\n')}</main>
</body></html>`;
}
