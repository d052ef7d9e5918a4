import { Agent as HttpAgent, get as httpGet } from 'node:http';
import { Agent as HttpsAgent, get as httpsGet } from 'node:https';
import { paymentFr, REFUSAL_CODES } from '@guichet/shared';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { type FormField, hasValidHmac } from './etransactions-form';
import {
  answerPpps,
  readDecisionToken,
  SANDBOX_STATUS_PAGE,
  type SandboxBank,
  signDecisionToken,
} from './sandbox-bank-core';
import { renderErrorPage, renderPaymentPage, sandboxPageCsp } from './sandbox-bank-page';
import { buildSignedReturn, withQuery } from './sandbox-bank-return';
import type { SandboxBankStore } from './sandbox-bank-store';

/** The bank's call of the shop's IPN: a GET whose answer's status is all the bank reads. */
type NotifyShop = (url: string, init: { signal: AbortSignal }) => Promise<{ ok: boolean; status: number }>;

export type SandboxBankOptions = {
  bank: SandboxBank;
  /** Its decisions and refunds, shared by every server. */
  store: SandboxBankStore;
  /** Calls the shop's IPN; a test may route it to app.inject. */
  fetch?: NotifyShop;
};

const keptAlive = { http: new HttpAgent({ keepAlive: true }), https: new HttpsAgent({ keepAlive: true }) };

/**
 * The IPN call over node's own client on kept-alive connections, as a bank keeps them to a busy
 * shop: `fetch` cost the on-sale bench a third of a confirmation's CPU for one bodiless GET.
 */
const notifyOverHttp: NotifyShop = (url, { signal }) =>
  new Promise((resolve, reject) => {
    const secure = url.startsWith('https:');
    const call = (secure ? httpsGet : httpGet)(
      url,
      { agent: secure ? keptAlive.https : keptAlive.http, signal },
      (response) => {
        response.resume();
        response.on('end', () => {
          const status = response.statusCode ?? 0;
          resolve({ ok: status >= 200 && status < 300, status });
        });
        response.on('error', reject);
      },
    );
    call.on('error', reject);
  });

const REQUIRED = ['PBX_TOTAL', 'PBX_CMD', 'PBX_RETOUR', 'PBX_REPONDRE_A', 'PBX_EFFECTUE', 'PBX_REFUSE', 'PBX_ANNULE'];
const RETURN_URLS = ['PBX_REPONDRE_A', 'PBX_EFFECTUE', 'PBX_REFUSE', 'PBX_ANNULE'];
const REFUSAL_REASONS = new Set<string>(REFUSAL_CODES);

const fieldOf = (fields: readonly FormField[], name: string) => fields.find(([key]) => key === name)?.[1] ?? '';
const isHttpUrl = (value: string) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol);

/** A posted form checked like the bank would: the merchant's HMAC, our account, the fields we need. */
function isAcceptableForm(bank: SandboxBank, fields: readonly FormField[]): boolean {
  return (
    hasValidHmac(fields, bank.hmacKeyHex) &&
    fieldOf(fields, 'PBX_HASH') === 'SHA512' &&
    fieldOf(fields, 'PBX_SITE') === bank.merchant.site &&
    fieldOf(fields, 'PBX_RANG') === bank.merchant.rang &&
    REQUIRED.every((name) => fieldOf(fields, name) !== '') &&
    /^\d+$/.test(fieldOf(fields, 'PBX_TOTAL')) &&
    RETURN_URLS.every((name) => isHttpUrl(fieldOf(fields, name)))
  );
}

function sendPage(reply: FastifyReply, status: number, html: string, formTargets: string[] = []) {
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-security-policy', sandboxPageCsp(formTargets))
    .send(html);
}

function errorCodeFor(decision: string, motif: string): string | null {
  if (decision === 'pay') return '00000';
  if (decision === 'cancel') return '00001';
  if (decision === 'refuse') return REFUSAL_REASONS.has(motif) ? motif : '00004';
  return null;
}

/**
 * The test bank (register with prefix /sandbox-bank): status page, card page, decision. The decision
 * notifies the shop server to server, then sends the browser back, both with the signed variables.
 */
export const sandboxBankRoutes: FastifyPluginAsync<SandboxBankOptions> = async (
  app,
  { bank, store, fetch: fetchImpl },
) => {
  const notify = fetchImpl ?? notifyOverHttp;

  // The bank receives plain HTML form posts; the pairs keep their order, which the HMAC depends on.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_request, body, done) => done(null, [...new URLSearchParams(String(body))]),
  );
  const pairsOf = (body: unknown): FormField[] => (Array.isArray(body) ? (body as FormField[]) : []);

  app.get('/load.html', async (_request, reply) => sendPage(reply, 200, SANDBOX_STATUS_PAGE));

  app.post('/php/', async (request, reply) => {
    const fields = pairsOf(request.body);
    if (!isAcceptableForm(bank, fields)) return sendPage(reply, 400, renderErrorPage(paymentFr.sandbox.invalidForm));
    const html = renderPaymentPage({
      reference: fieldOf(fields, 'PBX_CMD'),
      amountCents: Number(fieldOf(fields, 'PBX_TOTAL')),
      token: signDecisionToken(bank, fields),
      decideUrl: `${app.prefix}/decide`,
    });
    return sendPage(
      reply,
      200,
      html,
      ['PBX_EFFECTUE', 'PBX_REFUSE', 'PBX_ANNULE'].map((n) => fieldOf(fields, n)),
    );
  });

  app.post('/decide', async (request, reply) => {
    const form = pairsOf(request.body);
    const token = readDecisionToken(bank, fieldOf(form, 'token'));
    const errorCode = errorCodeFor(fieldOf(form, 'decision'), fieldOf(form, 'motif'));
    if (!token || !errorCode) return sendPage(reply, 400, renderErrorPage(paymentFr.sandbox.invalidDecision));

    const { fields } = token;
    const query = buildSignedReturn(
      fieldOf(fields, 'PBX_RETOUR'),
      { errorCode, amount: fieldOf(fields, 'PBX_TOTAL'), reference: fieldOf(fields, 'PBX_CMD'), now: new Date() },
      bank.privateKey,
    );
    const target = errorCode === '00000' ? 'PBX_EFFECTUE' : errorCode === '00001' ? 'PBX_ANNULE' : 'PBX_REFUSE';
    // A second click, here or on another server, finds the first decision and notifies nobody.
    const decided = await store.decide(token.signature, withQuery(fieldOf(fields, target), query));
    if (!decided.isNew) return reply.code(303).header('location', decided.location).send();
    const { location } = decided;

    // The bank calls the IPN before sending the browser back; a failing shop does not stop the browser.
    // A timer cleared once answered: AbortSignal.timeout's fires anyway 10 s later and builds a
    // DOMException for each payment (1 % of the next on-sale's server time in bench/onsale).
    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(), 10_000);
    try {
      const response = await notify(withQuery(fieldOf(fields, 'PBX_REPONDRE_A'), query), { signal: timeout.signal });
      if (!response.ok) request.log.warn({ status: response.status }, 'sandbox bank: IPN answered an error');
    } catch (error) {
      request.log.warn({ err: error }, 'sandbox bank: IPN call failed');
    } finally {
      clearTimeout(timer);
    }
    return reply.code(303).header('location', location).send();
  });

  app.post('/PPPS.php', async (request, reply) => {
    const body = new URLSearchParams(pairsOf(request.body)).toString();
    return reply.header('content-type', 'application/x-www-form-urlencoded').send(await answerPpps(bank, store, body));
  });
};
