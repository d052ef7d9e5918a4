import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { EventAvailability } from '@guichet/shared';
import type { FastifyInstance } from 'fastify';

export type SseClient = {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  messages: EventAvailability[];
  /** The reconnection delays (`retry:`) the server sent, in order. */
  retries: number[];
  /** The first message not yet looked at (received or to come) that `test` accepts. */
  next(test: (message: EventAvailability) => boolean, timeoutMs?: number): Promise<EventAvailability>;
  /** Resolves when the server ended the stream. */
  ended: Promise<void>;
  close(): void;
};

/** The base URL of an app listening on a free port of this machine. */
export async function listening(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/**
 * An EventSource of Node's own: opens the stream and collects its `places` messages. It sends
 * `Accept: text/event-stream` unless told otherwise (a header given as undefined is not sent).
 */
export function openSse(url: string, headers: Record<string, string | undefined> = {}): Promise<SseClient> {
  const sent = Object.entries({ accept: 'text/event-stream', ...headers }).filter(
    (entry): entry is [string, string] => entry[1] !== undefined,
  );
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: Object.fromEntries(sent) }, (res) => {
      const messages: EventAvailability[] = [];
      const retries: number[] = [];
      const waiters: { test: (m: EventAvailability) => boolean; done: (m: EventAvailability) => void }[] = [];
      let buffer = '';
      let consumed = 0;
      let endedResolve = () => {};
      const ended = new Promise<void>((done) => {
        endedResolve = done;
      });
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let cut = buffer.indexOf('\n\n');
        while (cut !== -1) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const retry = /^retry: (\d+)$/m.exec(block);
          if (retry) retries.push(Number(retry[1]));
          const data = block
            .split('\n')
            .filter((line) => line.startsWith('data: '))
            .map((line) => line.slice(6))
            .join('\n');
          if (data) {
            const message = JSON.parse(data) as EventAvailability;
            messages.push(message);
            const waiter = waiters[0];
            if (waiter?.test(message)) {
              waiters.shift();
              consumed = messages.length;
              waiter.done(message);
            }
          }
          cut = buffer.indexOf('\n\n');
        }
      });
      res.on('end', () => endedResolve());
      res.on('close', () => endedResolve());
      resolve({
        status: res.statusCode ?? 0,
        headers: res.headers,
        messages,
        retries,
        ended,
        next(test, timeoutMs = 1000) {
          const index = messages.findIndex((message, at) => at >= consumed && test(message));
          if (index !== -1) {
            consumed = index + 1;
            return Promise.resolve(messages[index] as EventAvailability);
          }
          consumed = messages.length;
          return new Promise((done, fail) => {
            const timer = setTimeout(
              () => fail(new Error(`no matching message within ${timeoutMs} ms: ${JSON.stringify(messages.at(-1))}`)),
              timeoutMs,
            );
            waiters.push({
              test,
              done: (message) => {
                clearTimeout(timer);
                done(message);
              },
            });
          });
        },
        close: () => req.destroy(),
      });
    });
    req.on('error', reject);
    req.end();
  });
}

/** The places left of one ticket in a message. */
export const placesOf = (message: EventAvailability, ticketId: string) =>
  message.tickets.find((ticket) => ticket.id === ticketId)?.placesLeft;
