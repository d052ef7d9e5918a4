import { vi } from 'vitest';

/** A request the app sent to its API, as a test reads it: `/api` left out of the path. */
export type ApiRequest = { method: string; path: string; query: URLSearchParams; body: unknown };

type HttpReply = { status: number; body?: unknown };
/** A network that is not there: fetch rejects, as a browser's does. */
export const networkDown = Object.freeze({ network: 'down' as const });
/** What the stub answers: a status and a JSON body, or no network. */
export type ApiReply = HttpReply | typeof networkDown;
type Route = ApiReply | ((request: ApiRequest) => ApiReply | Promise<ApiReply>);

export const ok = (body?: unknown): HttpReply => (body === undefined ? { status: 204 } : { status: 200, body });
/** The server's refusal: its stable code and French message, as the error handler writes them. */
export const refusal = (status: number, code: string, message: string, extra: object = {}): HttpReply => ({
  status,
  body: { code, message, ...extra },
});

const unhandled: string[] = [];

/**
 * Stands in for the server at the fetch level: the app's own client, hooks and error mapping run
 * as in the browser. Routes are keyed 'METHOD /path' (no query). A request no route answers gets a
 * 501 and fails the test (`expectEveryRequestHandled`, run after each test), so a screen cannot
 * quietly depend on a request the test never looked at.
 */
export function stubApi(routes: Record<string, Route>) {
  const calls: ApiRequest[] = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://guichet.test');
    const request: ApiRequest = {
      method: init.method ?? 'GET',
      path: url.pathname.replace(/^\/api/, ''),
      query: url.searchParams,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(request);
    const key = `${request.method} ${request.path}`;
    const route = routes[key];
    if (route === undefined) {
      unhandled.push(key);
      return new Response(JSON.stringify({ code: 'UNHANDLED', message: key }), { status: 501 });
    }
    const reply = typeof route === 'function' ? await route(request) : route;
    if ('network' in reply) throw new TypeError('Failed to fetch');
    return reply.body === undefined
      ? new Response(null, { status: reply.status })
      : new Response(JSON.stringify(reply.body), {
          status: reply.status,
          headers: { 'content-type': 'application/json' },
        });
  });
  return {
    calls,
    /** The bodies sent to one route, in order. */
    bodiesOf: (key: string) => calls.filter((c) => `${c.method} ${c.path}` === key).map((c) => c.body),
  };
}

export function expectEveryRequestHandled() {
  const missed = unhandled.splice(0);
  if (missed.length > 0) throw new Error(`Requests no route of the test answered: ${missed.join(', ')}`);
}
