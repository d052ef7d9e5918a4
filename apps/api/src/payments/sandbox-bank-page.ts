import { createHash } from 'node:crypto';
import { formatEuros, paymentFr, REFUSAL_CODES } from '@guichet/shared';

const t = paymentFr.sandbox;

const STYLE = [
  'body{font-family:system-ui,sans-serif;margin:0;padding:0 1rem;background:#f4f5f7;color:#1a1b1e;line-height:1.5}',
  'main{max-width:32rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:.5rem;border:1px solid #ced4da}',
  'h1{font-size:1.5rem;margin-top:0}dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem}',
  'dt{font-weight:600}dd{margin:0;overflow-wrap:anywhere}',
  '.actions{display:flex;flex-direction:column;gap:1rem;margin-top:1.5rem}',
  '.refuse{display:flex;flex-direction:column;gap:.5rem;padding:1rem;border:1px solid #ced4da;border-radius:.5rem}',
  'button,select{font:inherit;padding:.6rem 1rem;border-radius:.375rem;border:1px solid #495057;max-width:100%}',
  'button{cursor:pointer;background:#fff;color:#1a1b1e}button.pay{background:#1864ab;border-color:#1864ab;color:#fff}',
  'button.refuse-button{background:#c92a2a;border-color:#c92a2a;color:#fff}',
  'button:focus-visible,select:focus-visible{outline:3px solid #fab005;outline-offset:2px}',
  '.alert{color:#c92a2a;font-weight:600}',
].join('');

const STYLE_HASH = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`;

/**
 * Served on the sandbox's own pages instead of the app's policy: no script at all, only this page's
 * style, and forms that may go to the sandbox and on to the shop's return pages (browsers check the
 * redirect after a form post against form-action too).
 */
export function sandboxPageCsp(formTargets: readonly string[] = []): string {
  const origins = [...new Set(formTargets.filter((url) => URL.canParse(url)).map((url) => new URL(url).origin))];
  return [
    "default-src 'none'",
    `style-src ${STYLE_HASH}`,
    `form-action 'self' ${origins.join(' ')}`.trim(),
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

/** The bank's card page, reduced to three decisions. Works without JavaScript. */
export function renderPaymentPage(input: { reference: string; amountCents: number; token: string; decideUrl: string }) {
  const options = REFUSAL_CODES.map(
    (code) => `<option value="${code}">${escapeHtml(t.reasonOption(code, paymentFr.retour.reasons[code]))}</option>`,
  ).join('');
  return page(
    t.pageTitle,
    `<h1>${t.pageTitle}</h1><p>${escapeHtml(t.intro)}</p>` +
      `<dl><dt>${escapeHtml(t.merchantReference)}</dt><dd>${escapeHtml(input.reference)}</dd>` +
      `<dt>${escapeHtml(t.amount)}</dt><dd>${escapeHtml(formatEuros(input.amountCents))}</dd></dl>` +
      `<form method="post" action="${escapeHtml(input.decideUrl)}" class="actions">` +
      `<input type="hidden" name="token" value="${escapeHtml(input.token)}">` +
      `<button type="submit" name="decision" value="pay" class="pay">${escapeHtml(t.pay)}</button>` +
      `<div class="refuse"><label for="motif">${escapeHtml(t.refusalReason)}</label>` +
      `<select id="motif" name="motif">${options}</select>` +
      `<button type="submit" name="decision" value="refuse" class="refuse-button">${escapeHtml(t.refuse)}</button></div>` +
      `<button type="submit" name="decision" value="cancel">${escapeHtml(t.cancel)}</button>` +
      '</form>',
  );
}

export function renderErrorPage(message: string): string {
  return page(
    t.errorTitle,
    `<h1>${escapeHtml(t.errorTitle)}</h1><p role="alert" class="alert">${escapeHtml(message)}</p>`,
  );
}
