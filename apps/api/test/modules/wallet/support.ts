import { execFileSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Config } from '../../../src/config';

export const PASS_TYPE_ID = 'pass.test.guichet.billet';

const openssl = (dir: string, ...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });

/**
 * Made in the test, never from Apple: a certificate authority standing in for Apple's WWDR, the
 * pass type certificate it issues (RSA, as Wallet's are), and a server certificate for the APNs
 * stand-in, all in `dir`.
 */
export function makeTestCertificates(dir: string) {
  openssl(
    dir,
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'ca.key',
    '-out',
    'ca.pem',
    '-days',
    '2',
    '-subj',
    '/CN=Test WWDR',
  );
  const issue = (name: string, subject: string, extensions?: string) => {
    openssl(
      dir,
      'req',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      `${name}.key`,
      '-out',
      `${name}.csr`,
      '-subj',
      subject,
    );
    if (extensions) writeFileSync(path.join(dir, `${name}.ext`), extensions);
    openssl(
      dir,
      'x509',
      '-req',
      '-in',
      `${name}.csr`,
      '-CA',
      'ca.pem',
      '-CAkey',
      'ca.key',
      '-CAcreateserial',
      '-out',
      `${name}.pem`,
      '-days',
      '2',
      ...(extensions ? ['-extfile', `${name}.ext`] : []),
    );
  };
  issue('signer', `/UID=${PASS_TYPE_ID}/CN=Pass Type ID: ${PASS_TYPE_ID}/OU=TEAM123456`);
  issue('apns', '/CN=localhost', 'subjectAltName=DNS:localhost,IP:127.0.0.1\n');
  const read = (file: string) => readFileSync(path.join(dir, file), 'utf8');
  const google = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    dir,
    ca: read('ca.pem'),
    signerCert: read('signer.pem'),
    signerKey: read('signer.key'),
    apnsCert: read('apns.pem'),
    apnsKey: read('apns.key'),
    googlePrivateKey: google.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    googlePublicKey: google.publicKey,
  };
}

export type TestCertificates = ReturnType<typeof makeTestCertificates>;

export function walletSettings(certs: TestCertificates): Config['wallet'] {
  return {
    apple: {
      passTypeId: PASS_TYPE_ID,
      teamId: 'TEAM123456',
      signerCert: certs.signerCert,
      signerKey: certs.signerKey,
      signerKeyPassphrase: undefined,
      wwdr: certs.ca,
      apnsToken: undefined,
    },
    google: {
      issuerId: '3388000000012345678',
      serviceAccountEmail: 'wallet@guichet-test.iam.gserviceaccount.com',
      privateKey: certs.googlePrivateKey,
    },
  };
}

type Recorded = { path: string; headers: Record<string, unknown>; body: string; clientCertSubject?: string };

/**
 * APNs as seen from here: HTTP/2 over TLS, asking for a client certificate of the test authority;
 * a push to a token beginning with `gone` answers 410 (a device that removed the pass).
 */
export async function apnsStandIn(certs: TestCertificates) {
  const pushes: Recorded[] = [];
  const server = http2.createSecureServer({
    cert: certs.apnsCert,
    key: certs.apnsKey,
    ca: certs.ca,
    requestCert: true,
    rejectUnauthorized: false,
  });
  server.on('stream', (stream, headers) => {
    let body = '';
    stream.on('data', (chunk) => {
      body += chunk;
    });
    stream.on('end', () => {
      const socket = stream.session?.socket as import('node:tls').TLSSocket | undefined;
      const path = String(headers[':path']);
      pushes.push({
        path,
        headers: { ...headers },
        body,
        clientCertSubject: socket?.authorized ? String(socket.getPeerCertificate().subject?.CN) : undefined,
      });
      stream.respond({ ':status': path.includes('/gone') ? 410 : 200 });
      stream.end(path.includes('/gone') ? JSON.stringify({ reason: 'Unregistered' }) : undefined);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `https://localhost:${(server.address() as AddressInfo).port}`, pushes, close: () => server.close() };
}

/** Google's token service and Wallet REST API as seen from here: one plain HTTP server. */
export async function googleStandIn() {
  const calls: Recorded[] = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      calls.push({ path: `${request.method} ${request.url}`, headers: request.headers, body });
      response.setHeader('content-type', 'application/json');
      if (request.url === '/token') response.end(JSON.stringify({ access_token: 'stand-in-token', expires_in: 3600 }));
      else response.end(body || '{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, calls, close: () => server.close() };
}
