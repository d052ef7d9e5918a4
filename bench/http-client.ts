/**
 * The load generator's HTTP/1.1 client: kept-alive sockets, one request at a time on each, the
 * request written as one string and the answer read by its Content-Length. The benches run the
 * load generator on the cores the server and PostgreSQL use, so every microsecond it spends is
 * taken from what it measures: node's own client cost 0.21 to 0.27 ms of CPU per request on
 * bench/onsale, as much as a third of the server's. Answers are what the servers under test send
 * (no chunked encoding, no compression asked for); anything else fails the run rather than being
 * misread.
 */
import { connect, type Socket } from 'node:net';

/** `head`: the status line and headers, as received. */
export type Answer = { status: number; head: string; body: string };

type Waiting = { resolve: (socket: Socket) => void; reject: (error: Error) => void };
/** An answer, and whether its socket may carry the next request. */
type Exchanged = { answer: Answer; keepAlive: boolean };

const HEADER_END = Buffer.from('\r\n\r\n');
const CONTENT_LENGTH = /\r\ncontent-length:\s*(\d+)/i;
const CLOSING = /\r\nconnection:\s*close/i;

/** One origin's sockets: at most `max` open, idle ones reused, callers queued when all are busy. */
class OriginPool {
  private readonly idle: Socket[] = [];
  private readonly waiting: Waiting[] = [];
  private readonly all = new Set<Socket>();

  constructor(
    private readonly host: string,
    private readonly port: number,
    private readonly max: number,
  ) {}

  /** A socket, and whether it carried a request before (kept alive, it may be closing). */
  async acquire(): Promise<{ socket: Socket; isReused: boolean }> {
    const socket = this.idle.pop();
    if (socket) return { socket, isReused: true };
    if (this.all.size < this.max) return { socket: await this.open(), isReused: false };
    return {
      socket: await new Promise<Socket>((resolve, reject) => this.waiting.push({ resolve, reject })),
      isReused: true,
    };
  }

  release(socket: Socket): void {
    const next = this.waiting.shift();
    if (next) next.resolve(socket);
    else this.idle.push(socket);
  }

  discard(socket: Socket): void {
    this.all.delete(socket);
    socket.destroy();
    const next = this.waiting.shift();
    if (next) this.open().then(next.resolve, next.reject);
  }

  destroy(): void {
    for (const socket of this.all) socket.destroy();
    this.all.clear();
    this.idle.length = 0;
  }

  private open(): Promise<Socket> {
    return new Promise((resolve, reject) => {
      const socket = connect({ host: this.host, port: this.port, noDelay: true }, () => {
        socket.off('error', reject);
        resolve(socket);
      });
      socket.once('error', reject);
      // A kept-alive socket the server closes while it is idle is forgotten, not handed out again.
      socket.on('close', () => {
        this.all.delete(socket);
        const at = this.idle.indexOf(socket);
        if (at >= 0) this.idle.splice(at, 1);
      });
      this.all.add(socket);
    });
  }
}

export class LoadClient {
  private readonly pools = new Map<string, OriginPool>();

  /** `connections`: sockets per origin, as an Agent's maxSockets. */
  constructor(private readonly connections: number) {}

  /** A POST of `payload` (its content type given); `headers` are added as they are. */
  async post(url: string, contentType: string, payload: string, headers: Record<string, string> = {}): Promise<Answer> {
    const target = new URL(url);
    const pool = this.poolOf(target);
    const extra = Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    const request =
      `POST ${target.pathname}${target.search} HTTP/1.1\r\nhost: ${target.host}\r\n` +
      `content-type: ${contentType}\r\ncontent-length: ${Buffer.byteLength(payload)}\r\n${extra}\r\n${payload}`;
    for (let attempt = 0; ; attempt++) {
      const { socket, isReused } = await pool.acquire();
      try {
        const { answer, keepAlive } = await exchange(socket, request);
        if (keepAlive) pool.release(socket);
        else pool.discard(socket);
        return answer;
      } catch (error) {
        pool.discard(socket);
        // A kept-alive socket the server closed as the request left, before any byte of an
        // answer: sent again on another socket, as browsers do (a server closing its idle
        // connections closes several at once; each one tried is discarded, a new one ends it).
        if (!(isReused && error instanceof NothingReceived && attempt < 100)) throw error;
      }
    }
  }

  destroy(): void {
    for (const pool of this.pools.values()) pool.destroy();
    this.pools.clear();
  }

  private poolOf(target: URL): OriginPool {
    let pool = this.pools.get(target.host);
    if (!pool) {
      pool = new OriginPool(target.hostname, Number(target.port || 80), this.connections);
      this.pools.set(target.host, pool);
    }
    return pool;
  }
}

/** The connection ended before any byte of the answer. */
class NothingReceived extends Error {}

/** Writes one request and reads its whole answer. */
function exchange(socket: Socket, request: string): Promise<Exchanged> {
  return new Promise((resolve, reject) => {
    let received: Buffer = Buffer.alloc(0);
    let bodyStart = -1;
    let length = 0;
    let status = 0;
    let head = '';
    let keepAlive = true;
    const done = (error?: Error, exchanged?: Exchanged) => {
      socket.off('data', onData);
      socket.off('error', onError);
      socket.off('close', onClose);
      if (error) reject(error);
      else if (exchanged) resolve(exchanged);
    };
    const onData = (chunk: Buffer) => {
      received = received.length === 0 ? chunk : Buffer.concat([received, chunk]);
      if (bodyStart < 0) {
        const end = received.indexOf(HEADER_END);
        if (end < 0) return;
        head = received.toString('latin1', 0, end);
        status = Number(head.slice(9, 12));
        keepAlive = !CLOSING.test(head);
        const declared = CONTENT_LENGTH.exec(head);
        if (!declared) return done(new Error(`an answer without Content-Length: ${head.split('\r\n')[0]}`));
        length = Number(declared[1]);
        bodyStart = end + HEADER_END.length;
      }
      if (received.length < bodyStart + length) return;
      if (received.length > bodyStart + length) return done(new Error('more bytes than the answer declared'));
      done(undefined, {
        answer: { status, head, body: received.toString('utf8', bodyStart, bodyStart + length) },
        keepAlive,
      });
    };
    const onError = (error: Error) =>
      done(received.length === 0 ? new NothingReceived(`nothing received: ${error.message}`) : error);
    const onClose = () =>
      done(
        received.length === 0
          ? new NothingReceived('the server closed the connection before answering')
          : new Error('the server closed the connection'),
      );
    socket.on('data', onData);
    socket.on('error', onError);
    socket.on('close', onClose);
    socket.write(request);
  });
}
