import http from 'node:http';
import https from 'node:https';

export type SendResult = { statusCode: number | null; durationMs: number; answer: string; error: string | null };

const ANSWER_MAX = 1000;

/**
 * Posts one delivery to `address`, the receiver's resolved IP, never resolving its name again:
 * TLS still checks the certificate against the host name (`servername`), and the Host header
 * names it. The whole exchange is bounded by `timeoutMs` (a receiver that answers slowly or
 * never), and only the first kilobyte of the answer is read, for the delivery log.
 */
export function postPinned(
  url: URL,
  address: string,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
): Promise<SendResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const secure = url.protocol === 'https:';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: Omit<SendResult, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...result, durationMs: elapsed() });
    };
    const request = (secure ? https : http).request({
      host: address,
      port: url.port || (secure ? 443 : 80),
      path: `${url.pathname}${url.search}`,
      method: 'POST',
      servername: secure ? host : undefined,
      headers: {
        ...headers,
        host: url.host,
        'content-length': String(Buffer.byteLength(body)),
      },
      agent: false,
    });
    const timer = setTimeout(() => {
      request.destroy();
      finish({ statusCode: null, answer: '', error: `timeout after ${timeoutMs} ms` });
    }, timeoutMs);
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const done = () => {
        finish({
          statusCode: response.statusCode ?? null,
          answer: Buffer.concat(chunks).toString('utf8').slice(0, ANSWER_MAX),
          error: null,
        });
        response.destroy();
      };
      response.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.length;
        if (size >= ANSWER_MAX) done();
      });
      response.on('end', done);
      response.on('error', done);
    });
    request.on('error', (error) => finish({ statusCode: null, answer: '', error: error.message.slice(0, 300) }));
    request.end(body);
  });
}
