import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { etransactionsSettings } from '../../test/payments/etransactions-settings';
import { NoBankServerError } from './errors';
import { createEtransactionsProvider } from './etransactions';
import { chooseBankServer, createBankServerChooser, serverStatusText } from './etransactions-servers';

const servers: Server[] = [];

/** A fake bank host; `answer` null never answers (a hung server). */
async function bankHost(answer: { status: number; html: string } | null): Promise<string> {
  const server = createServer((request, response) => {
    if (!answer || request.url !== '/load.html') {
      if (answer) response.writeHead(404).end();
      return;
    }
    response.writeHead(answer.status, { 'content-type': 'text/html' }).end(answer.html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A host whose port refuses connections: opened, then closed. */
async function downHost(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

const page = (status: string) =>
  `<html><body><h1>Etat</h1><div id="server_status" style="text-align:center;">${status}</div></body></html>`;

let down: string;
let ok: string;
let ko: string;
let failing: string;
let hung: string;

beforeAll(async () => {
  down = await downHost();
  ok = await bankHost({ status: 200, html: page('OK') });
  ko = await bankHost({ status: 200, html: page('KO') });
  failing = await bankHost({ status: 503, html: page('OK') });
  hung = await bankHost(null);
});

afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

describe('choosing a bank server', () => {
  it('reads the text of the server_status element', () => {
    expect(serverStatusText(page('OK'))).toBe('OK');
    expect(serverStatusText("<span class='x' id='server_status'>KO</span>")).toBe('KO');
    expect(serverStatusText('<div id="status">OK</div>')).toBeNull();
  });

  it('skips a server that is down and takes the next one that says OK', async () => {
    await expect(chooseBankServer([down, ok], fetch)).resolves.toBe(ok);
  });

  it('takes the first OK server in order', async () => {
    await expect(chooseBankServer([ok, down], fetch)).resolves.toBe(ok);
  });

  it('refuses a status other than exactly OK, an HTTP error, and a server that hangs', async () => {
    const error = await chooseBankServer([ko, failing, hung, down], fetch, 300).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NoBankServerError);
    expect((error as Error).message).toBe("Erreur : Aucun serveur n'a été trouvé.");
  });

  it('posts the form to <host>/php/ of the chosen server', async () => {
    const provider = createEtransactionsProvider('etransactions', etransactionsSettings({ hosts: [down, ok] }), {
      fetch,
    });
    const redirect = await provider.start({
      orderId: 'o1',
      reference: 'CMD-42',
      amountCents: 3000,
      ticketCount: 1,
      buyer: { email: 'a@example.test', firstName: 'A', lastName: 'B' },
      returnUrls: {
        accepted: 'https://shop.test/ok',
        refused: 'https://shop.test/ko',
        cancelled: 'https://shop.test/cancel',
        notify: 'https://shop.test/ipn',
      },
    });
    expect(redirect).toMatchObject({ kind: 'form', action: `${ok}/php/` });
  });

  it('asks the status pages again only once the last answer is a few seconds old, and after a failure', async () => {
    let clock = 0;
    let bankUp = false;
    const asked: string[] = [];
    const counting: typeof fetch = (input, init) => {
      asked.push(String(input));
      return bankUp ? fetch(input, init) : Promise.reject(new TypeError('fetch failed'));
    };
    const choose = createBankServerChooser([ok], counting, { checkMs: 5000, now: () => clock });
    await expect(choose()).rejects.toBeInstanceOf(NoBankServerError);
    bankUp = true;
    // A failed check is not kept: the next payment asks again, and concurrent ones share a check.
    await expect(Promise.all([choose(), choose(), choose()])).resolves.toEqual([ok, ok, ok]);
    expect(asked).toHaveLength(2);
    clock = 4999;
    await expect(choose()).resolves.toBe(ok);
    expect(asked).toHaveLength(2);
    clock = 5000;
    bankUp = false;
    await expect(choose()).rejects.toBeInstanceOf(NoBankServerError);
    expect(asked).toHaveLength(3);
  });
});
