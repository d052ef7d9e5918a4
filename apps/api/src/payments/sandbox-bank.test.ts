import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/use-test-app';
import { addSecurityHeaders } from '../plugins/security-headers';
import { rawQueryOf } from './etransactions-ipn';
import { serverStatusText } from './etransactions-servers';
import type { PaymentProvider, StartPayment } from './provider';
import { createPaymentProviders } from './providers';
import { sandboxBankRoutes } from './sandbox-bank';
import { createSandboxBank, type SandboxBank } from './sandbox-bank-core';
import { createSandboxBankStore, type SandboxBankStore } from './sandbox-bank-store';

const bank = createSandboxBank({ baseUrl: 'http://guichet.test/sandbox-bank' });
// The database the bank keeps its decisions and refunds in.
const t = useTestApp();
let store: SandboxBankStore;
let provider: PaymentProvider;

const providerOf = async (server: SandboxBank) =>
  (
    await createPaymentProviders(
      { defaultProvider: 'sandbox', sandbox: server, etransactions: undefined, stripe: undefined },
      { sandboxStore: store },
    )
  ).sandbox as PaymentProvider;

let app: FastifyInstance;
let ipnServer: Server;
let ipnUrl: string;
const ipnQueries: string[] = [];

beforeAll(async () => {
  ipnServer = createServer((request, response) => {
    ipnQueries.push(rawQueryOf(request.url ?? ''));
    response.writeHead(200).end();
  });
  await new Promise<void>((resolve) => ipnServer.listen(0, '127.0.0.1', resolve));
  ipnUrl = `http://127.0.0.1:${(ipnServer.address() as AddressInfo).port}/api/payments/sandbox/ipn`;

  store = createSandboxBankStore(t.database.db);
  provider = await providerOf(bank);
  app = await sandboxServer(bank);
});

/** One server of the application, as far as the bank goes. */
async function sandboxServer(server: SandboxBank): Promise<FastifyInstance> {
  const made = Fastify({ logger: false });
  // Like the real app: the global policy from helmet, which the bank's pages replace with their own.
  addSecurityHeaders(made, {});
  await made.register(sandboxBankRoutes, { prefix: '/sandbox-bank', bank: server, store });
  await made.ready();
  return made;
}

afterAll(async () => {
  await app.close();
  await new Promise<void>((resolve) => ipnServer.close(() => resolve()));
});

beforeEach(() => {
  ipnQueries.length = 0;
});

let counter = 0;
function payment(notify = ipnUrl): StartPayment {
  counter += 1;
  return {
    orderId: `order-${counter}`,
    reference: `SBX-${counter}-${Date.now()}`,
    amountCents: 1250,
    ticketCount: 2,
    buyer: { email: 'zoe@example.test', firstName: 'Zoë', lastName: 'Dupré' },
    returnUrls: {
      accepted: 'http://shop.test/paiement/accepte',
      refused: 'http://shop.test/paiement/refuse?from=bank',
      cancelled: 'http://shop.test/paiement/annule',
      notify,
    },
  };
}

const urlencoded = { 'content-type': 'application/x-www-form-urlencoded' };

/** The browser posts the hidden form to the chosen server, then reads the bank's page. */
async function openBankPage(start: StartPayment) {
  const redirect = await provider.start(start);
  if (redirect.kind !== 'form') throw new Error('expected a form');
  expect(redirect.action).toBe('http://guichet.test/sandbox-bank/php/');
  const page = await app.inject({
    method: 'POST',
    url: new URL(redirect.action).pathname,
    headers: urlencoded,
    payload: new URLSearchParams(redirect.fields).toString(),
  });
  const token = /name="token" value="([^"]+)"/.exec(page.body)?.[1] ?? '';
  return { page, token, fields: redirect.fields };
}

function decide(token: string, decision: string, motif?: string, server = app) {
  const body = new URLSearchParams({ token, decision, ...(motif ? { motif } : {}) });
  return server.inject({ method: 'POST', url: '/sandbox-bank/decide', headers: urlencoded, payload: body.toString() });
}

describe('the sandbox bank', () => {
  it('answers its status page like the bank', async () => {
    const response = await app.inject({ method: 'GET', url: '/sandbox-bank/load.html' });
    expect(response.statusCode).toBe(200);
    expect(serverStatusText(response.body)).toBe('OK');
  });

  it('shows the reference and the amount with three decisions, under its own policy', async () => {
    const start = payment();
    const { page, token } = await openBankPage(start);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<html lang="fr">');
    expect(page.body).toContain('<h1>Banque de test</h1>');
    expect(page.body).toContain(start.reference);
    expect(page.body).toContain('12,50 €');
    expect(page.body).toContain('>Payer</button>');
    expect(page.body).toContain('>Refuser le paiement</button>');
    expect(page.body).toContain('>Annuler</button>');
    expect(page.body).toContain('<label for="motif">Motif du refus</label>');
    expect(page.body).toContain('<option value="00004">00004 – Numéro du porteur ou cryptogramme visuel invalide.');
    expect(page.body).not.toContain('<script');
    expect(token).toMatch(/^[\w-]+\.[\w-]+$/);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toMatch(/style-src 'sha256-[^']+'/);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("form-action 'self' http://shop.test");
  });

  it('pays: notifies the shop with a verifiable query, then sends the browser to the accepted page', async () => {
    const start = payment();
    const { token } = await openBankPage(start);
    const response = await decide(token, 'pay');
    expect(response.statusCode).toBe(303);
    const location = String(response.headers.location);
    expect(location.startsWith('http://shop.test/paiement/accepte?Mt=1250&Ref=')).toBe(true);

    expect(ipnQueries).toHaveLength(1);
    const notified = provider.readNotification({ rawQuery: ipnQueries[0], headers: {} });
    expect(notified).toMatchObject({
      reference: start.reference,
      status: 'paid',
      amountCents: 1250,
      errorCode: '00000',
    });
    expect(notified?.transactionId).toMatch(/^\d{10}$/);
    expect(new URLSearchParams(ipnQueries[0]).get('Auto')).toMatch(/^\d{6}$/);
    // The browser's copy is the same signed query.
    expect(provider.readNotification({ rawQuery: rawQueryOf(location), headers: {} })).toEqual(notified);
  });

  it('refuses with the chosen reason and sends the browser to the refused page', async () => {
    const start = payment();
    const { token } = await openBankPage(start);
    const response = await decide(token, 'refuse', '00021');
    const location = String(response.headers.location);
    expect(location.startsWith('http://shop.test/paiement/refuse?from=bank&Mt=1250')).toBe(true);
    const outcome = provider.readNotification({ rawQuery: ipnQueries[0], headers: {} });
    expect(outcome).toMatchObject({ reference: start.reference, status: 'refused', errorCode: '00021' });
    expect(new URLSearchParams(ipnQueries[0]).get('Auto')).toBe('');
    // The return page reads the bank's variables after its own parameter.
    expect(provider.readNotification({ rawQuery: rawQueryOf(location), headers: {} })).toEqual(outcome);
  });

  it('refuses with 00004 when no known reason is chosen', async () => {
    const { token } = await openBankPage(payment());
    await decide(token, 'refuse', '12345');
    expect(provider.readNotification({ rawQuery: ipnQueries[0], headers: {} })?.errorCode).toBe('00004');
  });

  it('cancels and sends the browser to the cancelled page', async () => {
    const start = payment();
    const { token } = await openBankPage(start);
    const response = await decide(token, 'cancel');
    expect(String(response.headers.location).startsWith('http://shop.test/paiement/annule?')).toBe(true);
    expect(provider.readNotification({ rawQuery: ipnQueries[0], headers: {} })).toMatchObject({
      status: 'cancelled',
      errorCode: '00001',
    });
  });

  it('refuses a tampered form with a French error page', async () => {
    const redirect = await provider.start(payment());
    if (redirect.kind !== 'form') throw new Error('expected a form');
    const tampered = redirect.fields.map(([name, value]): [string, string] => [
      name,
      name === 'PBX_TOTAL' ? '001' : value,
    ]);
    const response = await app.inject({
      method: 'POST',
      url: '/sandbox-bank/php/',
      headers: urlencoded,
      payload: new URLSearchParams(tampered).toString(),
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain(
      '<p role="alert" class="alert">Le formulaire de paiement est invalide ou a été modifié.</p>',
    );
    const empty = await app.inject({ method: 'POST', url: '/sandbox-bank/php/', headers: urlencoded, payload: '' });
    expect(empty.statusCode).toBe(400);
  });

  it('refuses a tampered decision and an unknown decision, notifying nobody', async () => {
    const { token } = await openBankPage(payment());
    const [payload, signature] = token.split('.');
    const copy = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as { fields: string[][] };
    copy.fields = copy.fields.map(([n, v]) => (n === 'PBX_TOTAL' ? [n, '1'] : [n ?? '', v ?? '']));
    const forged = `${Buffer.from(JSON.stringify(copy)).toString('base64url')}.${signature}`;
    for (const response of [await decide(forged, 'pay'), await decide(token, 'steal'), await decide('', 'pay')]) {
      expect(response.statusCode).toBe(400);
      expect(response.body).toContain('La demande est invalide ou a été modifiée.');
    }
    expect(ipnQueries).toHaveLength(0);
  });

  it('sends a second click to the same page without notifying twice', async () => {
    const { token } = await openBankPage(payment());
    const first = await decide(token, 'pay');
    const second = await decide(token, 'cancel');
    expect(second.statusCode).toBe(303);
    expect(second.headers.location).toBe(first.headers.location);
    expect(ipnQueries).toHaveLength(1);
  });

  it('takes one decision for two clicks at once on one server, and its own for each payment decided with them', async () => {
    const same = await openBankPage(payment());
    const others = await Promise.all([openBankPage(payment()), openBankPage(payment())]);
    const [one, two, ...rest] = await Promise.all([
      decide(same.token, 'pay'),
      decide(same.token, 'cancel'),
      decide(others[0]?.token ?? '', 'pay'),
      decide(others[1]?.token ?? '', 'cancel'),
    ]);
    expect(two?.headers.location).toBe(one?.headers.location);
    expect(String(one?.headers.location)).toContain('Erreur=00000');
    expect(String(rest[0]?.headers.location)).toContain('Erreur=00000');
    expect(String(rest[1]?.headers.location)).toMatch(/^http:\/\/shop\.test\/paiement\/annule\?.*Erreur=00001/);
    expect(ipnQueries).toHaveLength(3);
  });

  it('still sends the browser back when the shop does not answer the notification', async () => {
    const { token } = await openBankPage(payment('http://127.0.0.1:1/ipn'));
    const response = await decide(token, 'pay');
    expect(response.statusCode).toBe(303);
    expect(String(response.headers.location)).toContain('Erreur=00000');
  });

  it('refunds through its PPPS', async () => {
    const transactionId = uniqueTransaction();
    await provider.refund({ transactionId, amountCents: 500, reference: 'SBX-REFUND-1', key: `r-${transactionId}` });
    expect(await store.refundsOf(transactionId)).toEqual([
      { transactionId, amountCents: 500, reference: 'SBX-REFUND-1' },
    ]);
  });

  it('answers a refund asked again with the same question without refunding twice', async () => {
    const transactionId = uniqueTransaction();
    const refund = { transactionId, amountCents: 700, reference: 'SBX-REFUND-2', key: `r-${transactionId}` };
    await provider.refund(refund);
    await provider.refund(refund);
    await provider.refund({ ...refund, key: `r-${transactionId}-again` });
    expect(await store.refundsOf(transactionId)).toHaveLength(2);
  });
});

/** A transaction number no other test (nor an earlier run on the same database) used. */
const uniqueTransaction = () => String(Date.now() % 1e7).padStart(7, '0') + String(++counter % 1000).padStart(3, '0');

describe('the sandbox bank behind several servers', () => {
  // Two processes with the configured keys (SANDBOX_BANK_HMAC_KEY, SANDBOX_BANK_PRIVATE_KEY).
  const twin = () =>
    createSandboxBank({
      baseUrl: bank.baseUrl,
      hmacKeyHex: bank.hmacKeyHex,
      privateKeyPem: bank.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    });
  let other: FastifyInstance;
  beforeAll(async () => {
    other = await sandboxServer(twin());
  });
  afterAll(async () => {
    await other.close();
  });

  it('sends a second click that reaches another server to the first decision, notifying once', async () => {
    const { token } = await openBankPage(payment());
    const first = await decide(token, 'pay');
    const second = await decide(token, 'pay', undefined, other);
    expect(second.statusCode).toBe(303);
    expect(second.headers.location).toBe(first.headers.location);
    expect(ipnQueries).toHaveLength(1);
  });

  it('takes one decision for two clicks at once on two servers', async () => {
    const { token } = await openBankPage(payment());
    const [one, two] = await Promise.all([decide(token, 'pay'), decide(token, 'cancel', undefined, other)]);
    expect(one.headers.location).toBe(two.headers.location);
    expect(ipnQueries).toHaveLength(1);
  });

  it('refunds once a question asked again of another server, and each server sees the refunds', async () => {
    const transactionId = uniqueTransaction();
    const refund = { transactionId, amountCents: 900, reference: 'SBX-REFUND-3', key: `r-${transactionId}` };
    await provider.refund(refund);
    await (await providerOf(twin())).refund(refund);
    expect(await store.refundsOf(transactionId)).toEqual([
      { transactionId, amountCents: 900, reference: 'SBX-REFUND-3' },
    ]);
  });
});
