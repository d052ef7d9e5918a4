import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createEvent, createTestApp, createUser, sessionCookie } from '../test/helpers';
import { listening, openSse } from '../test/modules/availability/support';
import { guestBuyer } from '../test/modules/checkout/support';
import { shutDownGracefully } from './shutdown';

/** A request written up to half its body: the server has it in hand until `finish()` sends the rest. */
function startRequest(base: string, path: string, headers: Record<string, string>, body: string) {
  const { hostname, port } = new URL(base);
  const socket = connect({ host: hostname, port: Number(port) });
  let received = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    received += chunk;
  });
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  const head = Object.entries({
    ...headers,
    host: `${hostname}:${port}`,
    'content-length': String(Buffer.byteLength(body)),
  })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  const half = Math.floor(body.length / 2);
  socket.write(`POST ${path} HTTP/1.1\r\n${head}\r\n${body.slice(0, half)}`);
  return {
    /** Sends the rest, and answers what came back once the server closed the connection. */
    async finish() {
      socket.write(body.slice(half));
      await closed;
      const [head = '', answer = ''] = received.split('\r\n\r\n');
      return { status: Number(head.slice(9, 12)), head: head.toLowerCase(), body: answer };
    },
  };
}

describe('graceful shutdown', () => {
  it('drains, ends the live streams with a reconnection hint, and still answers the order in flight', async () => {
    const t = await createTestApp({ config: { logLevel: 'silent' } });
    const base = await listening(t.app);
    const organiser = await createUser(t, { isVerified: true });
    const { event, tickets } = await createEvent(t, organiser.id, {}, [{ priceCents: 1500, quantity: 5 }]);
    const stream = await openSse(`${base}/api/events/${event.id}/availability/stream`);
    await stream.next(() => true);
    const buyer = await createUser(t);
    const order = startRequest(
      base,
      '/api/orders',
      { 'content-type': 'application/json', cookie: await sessionCookie(t, buyer.id) },
      JSON.stringify({
        eventId: event.id,
        buyer: guestBuyer(buyer),
        lines: [{ ticketId: tickets[0]?.id, quantity: 1 }],
      }),
    );

    const stopped = shutDownGracefully(t.app, t.database, { drainMs: 1500, timeoutMs: 20_000 }, 'SIGTERM');
    // The drain: the load balancer is told to stop sending, and what it still sends is answered,
    // each answer closing its connection.
    const ready = await fetch(`${base}/api/health/ready`);
    expect(ready.status).toBe(503);
    expect(ready.headers.get('connection')).toBe('close');
    const meta = await fetch(`${base}/api/meta`);
    expect(meta.status).toBe(200);
    expect(meta.headers.get('connection')).toBe('close');

    // The streams end, each told to reconnect soon (elsewhere, through the balancer).
    await stream.ended;
    expect(stream.retries[0]).toBe(3000);
    const hint = stream.retries.at(-1) ?? 0;
    expect(stream.retries).toHaveLength(2);
    expect(hint).toBeGreaterThanOrEqual(500);
    expect(hint).toBeLessThanOrEqual(2500);

    // The order whose body was still coming is taken and answered in full.
    const answer = await order.finish();
    expect(answer.status, answer.body).toBe(201);
    expect(JSON.parse(answer.body)).toMatchObject({ status: 'awaiting_payment' });
    expect(answer.head).toContain('connection: close');

    expect(await stopped).toBe(0);
    // Nothing listens any more.
    await expect(fetch(`${base}/api/health/live`)).rejects.toThrow();
  });
});
