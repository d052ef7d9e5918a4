import type { ServerResponse } from 'node:http';
import type { Writable } from 'node:stream';

export type StreamLimits = {
  /** A comment line this often keeps proxies from closing a quiet stream. */
  heartbeatMs: number;
  /** A reader whose socket stays full (past its high-water mark, 16 KB) this long is cut off. */
  stallMs: number;
  /** The browser's pause before it reconnects (the `retry:` field). */
  retryMs: number;
};

/** A stream's answer head, written by hand: neither compressed nor buffered on the way. */
export function writeStreamHead(out: ServerResponse): void {
  out.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    // nginx and its kin would otherwise hold the messages back.
    'x-accel-buffering': 'no',
  });
}

export const defaultStreamLimits: StreamLimits = {
  heartbeatMs: 15_000,
  stallMs: 30_000,
  retryMs: 3_000,
};

type EventStream = {
  send(json: string): void;
  /** Ends the stream; `reconnectInMs` first tells the browser when to reconnect (`retry:`). */
  close(reconnectInMs?: number): void;
};

/**
 * A Server-Sent Events writer for a socket that may not read. Figures replace each other, so a
 * reader that falls behind is sent only the newest once its socket drains: at most one message
 * waits in memory, beside what the socket already holds (its high-water mark and one message). A reader
 * that stays behind for `stallMs` is cut off; its browser would reconnect and start afresh.
 */
export function openEventStream(
  out: Writable,
  limits: StreamLimits,
  onEnd: (reason: 'closed' | 'stalled') => void,
  now: () => number = Date.now,
  /** The `event:` of each message: what the browser listens for. */
  eventName = 'places',
): EventStream {
  let pending: string | undefined;
  let behindSince: number | undefined;
  let ended = false;
  // Set when a write found the socket past its high-water mark, until its 'drain'.
  const isBehind = () => out.writableNeedDrain;

  const end = (reason: 'closed' | 'stalled') => {
    if (ended) return;
    ended = true;
    clearInterval(heartbeat);
    pending = undefined;
    if (reason === 'stalled') out.destroy();
    else if (!out.destroyed) out.end();
    onEnd(reason);
  };
  /** Writes, or keeps `waiting` for the drain (a heartbeat is not worth keeping). */
  const write = (text: string, waiting?: string) => {
    if (ended) return;
    if (isBehind()) {
      if (waiting) pending = waiting;
      behindSince ??= now();
      if (now() - behindSince >= limits.stallMs) end('stalled');
      return;
    }
    out.write(text);
  };
  const heartbeat = setInterval(() => write(': keep-alive\n\n'), limits.heartbeatMs);
  heartbeat.unref();
  out.on('drain', () => {
    if (isBehind()) return;
    behindSince = undefined;
    const next = pending;
    pending = undefined;
    if (next) write(next, next);
  });
  out.on('close', () => end('closed'));
  out.on('error', () => end('closed'));
  out.write(`retry: ${limits.retryMs}\n\n`);

  return {
    send(json) {
      const text = `event: ${eventName}\ndata: ${json}\n\n`;
      write(text, text);
    },
    close(reconnectInMs) {
      // A reconnection hint only for a reader keeping up: one behind would never read it.
      if (reconnectInMs !== undefined && !ended && !isBehind()) out.write(`retry: ${Math.round(reconnectInMs)}\n\n`);
      end('closed');
    },
  };
}
