import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Test only: a small stand-in for the Stripe API (stripe-mock is not installable here). */
export type FakeStripe = {
  port: number;
  requests: { method: string; path: string; body: URLSearchParams; idempotencyKey?: string; auth?: string }[];
  close(): Promise<void>;
};

const id = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = '';
    request.setEncoding('utf8');
    request.on('data', (chunk) => {
      data += chunk;
    });
    request.on('end', () => resolve(data));
    request.on('error', reject);
  });
}

export async function startFakeStripe(port = 0): Promise<FakeStripe> {
  const intents = new Map<string, Record<string, unknown>>();
  const replays = new Map<string, { status: number; body: string }>();
  const requests: FakeStripe['requests'] = [];

  /**
   * Stripe's test payment methods: `pm_card_visa` pays, `pm_card_chargeDeclined` is declined with a
   * card error, as Stripe answers Stripe.js (which sends the client secret with a publishable key).
   */
  function confirmIntent(intentId: string, body: URLSearchParams): { status: number; json: unknown } {
    const intent = intents.get(intentId);
    const secret = body.get('client_secret');
    if (!intent || (secret !== null && secret !== intent.client_secret)) {
      return { status: 404, json: { error: { type: 'invalid_request_error', message: 'No such payment_intent' } } };
    }
    if (body.get('payment_method') === 'pm_card_chargeDeclined') {
      const error = { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline' };
      Object.assign(intent, { status: 'requires_payment_method', last_payment_error: error });
      const message = 'Votre carte a été refusée.';
      return { status: 402, json: { error: { ...error, message, payment_intent: intent } } };
    }
    Object.assign(intent, { status: 'succeeded', amount_received: intent.amount, last_payment_error: null });
    return { status: 200, json: intent };
  }

  function handle(method: string, path: string, body: URLSearchParams): { status: number; json: unknown } {
    if (method === 'POST' && path === '/v1/payment_intents') {
      const intentId = id('pi');
      const metadata: Record<string, string> = {};
      for (const [key, value] of body) {
        const match = /^metadata\[(.+)\]$/.exec(key);
        if (match?.[1]) metadata[match[1]] = value;
      }
      const intent = {
        id: intentId,
        object: 'payment_intent',
        amount: Number(body.get('amount')),
        amount_received: 0,
        currency: body.get('currency'),
        automatic_payment_methods: { enabled: body.get('automatic_payment_methods[enabled]') === 'true' },
        client_secret: `${intentId}_secret_${randomBytes(6).toString('hex')}`,
        metadata,
        status: 'requires_payment_method',
      };
      intents.set(intentId, intent);
      return { status: 200, json: intent };
    }
    const confirm = /^\/v1\/payment_intents\/([^/]+)\/confirm$/.exec(path);
    if (method === 'POST' && confirm?.[1]) return confirmIntent(confirm[1], body);
    const retrieve = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
    if (method === 'GET' && retrieve?.[1]) {
      const intent = intents.get(retrieve[1]);
      return intent
        ? { status: 200, json: intent }
        : { status: 404, json: { error: { type: 'invalid_request_error', message: 'No such payment_intent' } } };
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const intentId = body.get('payment_intent') ?? '';
      if (!intents.has(intentId)) {
        return { status: 400, json: { error: { type: 'invalid_request_error', message: 'No such payment_intent' } } };
      }
      return {
        status: 200,
        json: {
          id: id('re'),
          object: 'refund',
          amount: Number(body.get('amount')),
          payment_intent: intentId,
          reason: body.get('reason'),
          status: 'succeeded',
        },
      };
    }
    return { status: 404, json: { error: { type: 'invalid_request_error', message: `Unknown ${method} ${path}` } } };
  }

  const server: Server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const body = new URLSearchParams(await readBody(request));
    const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
    const method = request.method ?? 'GET';
    requests.push({ method, path: url.pathname, body, idempotencyKey, auth: request.headers.authorization });
    const replayKey = idempotencyKey && `${method} ${url.pathname} ${idempotencyKey}`;
    let answer = replayKey ? replays.get(replayKey) : undefined;
    if (!answer) {
      const result = handle(method, url.pathname, body);
      answer = { status: result.status, body: JSON.stringify(result.json) };
      if (replayKey) replays.set(replayKey, answer);
    }
    response.writeHead(answer.status, { 'content-type': 'application/json', 'request-id': id('req') });
    response.end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
