import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { openEventStream } from './stream';

/** A socket whose reader never reads: nothing it is given ever leaves. */
function stuckSocket() {
  return new Writable({ highWaterMark: 1024, write: () => {} });
}

const limits = { heartbeatMs: 60_000, stallMs: 5_000, retryMs: 3_000 };

describe('event stream', () => {
  it('keeps at most the newest message for a reader that never reads, and cuts it off', () => {
    const socket = stuckSocket();
    let clock = 0;
    const ends: string[] = [];
    const stream = openEventStream(
      socket,
      limits,
      (reason) => ends.push(reason),
      () => clock,
    );
    const message = JSON.stringify({ eventId: 'e', isSoldOut: false, tickets: [{ id: 'x'.repeat(300) }] });
    for (let i = 0; i < 10_000; i++) {
      stream.send(message);
      clock += 1;
      if (ends.length) break;
    }
    // What the socket holds is bounded: its high-water mark and one message past it.
    expect(socket.writableLength).toBeLessThan(socket.writableHighWaterMark + 2 * message.length);
    expect(ends).toEqual(['stalled']);
    expect(socket.destroyed).toBe(true);
  });

  it('sends the newest figures, not the ones in between, once a slow reader catches up', async () => {
    const written: string[] = [];
    let release = () => {};
    const socket = new Writable({
      highWaterMark: 16,
      write(chunk, _encoding, callback) {
        written.push(String(chunk));
        release = callback;
      },
    });
    const stream = openEventStream(socket, limits, () => {});
    stream.send('"un"');
    // The socket is full: of the messages that follow, only the last is kept.
    stream.send('"deux"');
    stream.send('"trois"');
    release();
    await new Promise((resolve) => setImmediate(resolve));
    release();
    await new Promise((resolve) => setImmediate(resolve));
    expect(written.join('')).toBe('retry: 3000\n\nevent: places\ndata: "un"\n\nevent: places\ndata: "trois"\n\n');
    stream.close();
  });

  it('tells the browser to reconnect soon when the server closes it, then ends', () => {
    const written: string[] = [];
    const socket = new Writable({
      write(chunk, _encoding, callback) {
        written.push(String(chunk));
        callback();
      },
    });
    const ends: string[] = [];
    const stream = openEventStream(socket, limits, (reason) => ends.push(reason));
    stream.send('"un"');
    stream.close(1200);
    stream.send('"deux"');
    expect(written.join('')).toBe('retry: 3000\n\nevent: places\ndata: "un"\n\nretry: 1200\n\n');
    expect(ends).toEqual(['closed']);
    expect(socket.writableEnded).toBe(true);
  });

  it('says where to reconnect and keeps a quiet stream alive', async () => {
    const written: string[] = [];
    const socket = new Writable({
      write(chunk, _encoding, callback) {
        written.push(String(chunk));
        callback();
      },
    });
    const stream = openEventStream(socket, { ...limits, heartbeatMs: 10 }, () => {});
    await new Promise((resolve) => setTimeout(resolve, 35));
    stream.close();
    expect(written[0]).toBe('retry: 3000\n\n');
    expect(written.filter((text) => text === ': keep-alive\n\n').length).toBeGreaterThanOrEqual(2);
    expect(socket.writableEnded).toBe(true);
  });
});
