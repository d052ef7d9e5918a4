import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { signTicketCode, verifyTicketCode } from './codes';
import { DEV_KEY_FILE, loadTicketKeys } from './keys';

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'guichet-keys-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

const sample = { id: '6f1c2b1e-4d5a-4c3b-9a8e-1f2e3d4c5b6a', eventId: '6f1c2b1e-4d5a-4c3b-9a8e-1f2e3d4c5b6b' };

describe('the ticket signing key', () => {
  it('refuses to sign in production without TICKET_SIGNING_KEY', () => {
    expect(() => loadTicketKeys({ env: 'production', dataDir: tempDir(), ticketSigningKey: undefined })).toThrow(
      /TICKET_SIGNING_KEY/,
    );
  });

  it('uses the configured key, also with escaped newlines', () => {
    const { privateKey, publicKey } = generateKeyPairSync('ed25519');
    const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const keys = loadTicketKeys({ env: 'production', dataDir: tempDir(), ticketSigningKey: pem });
    const code = signTicketCode({ ...sample, quantity: 1 }, keys.privateKey);
    expect(verifyTicketCode(code, publicKey)).not.toBeNull();
    const escaped = loadTicketKeys({
      env: 'production',
      dataDir: tempDir(),
      ticketSigningKey: pem.replace(/\n/g, '\\n'),
    });
    expect(escaped.publicKeyPem).toBe(keys.publicKeyPem);
  });

  it('refuses a key that is not Ed25519', () => {
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    expect(() => loadTicketKeys({ env: 'production', dataDir: tempDir(), ticketSigningKey: pem })).toThrow(/Ed25519/);
  });

  it('in development, makes one key on disk and keeps it across restarts', () => {
    const dataDir = path.join(tempDir(), 'nested');
    const first = loadTicketKeys({ env: 'development', dataDir, ticketSigningKey: undefined });
    const file = path.join(dataDir, DEV_KEY_FILE);
    expect(fs.readFileSync(file, 'utf8')).toContain('BEGIN PRIVATE KEY');
    expect(fs.statSync(file).mode & 0o077).toBe(0);
    // Another process (no shared memory) reads the same key back from the file.
    const copy = path.join(tempDir(), 'copy');
    fs.mkdirSync(copy);
    fs.copyFileSync(file, path.join(copy, DEV_KEY_FILE));
    expect(loadTicketKeys({ env: 'development', dataDir: copy, ticketSigningKey: undefined }).publicKeyPem).toBe(
      first.publicKeyPem,
    );
  });

  it('in tests, keeps its key in memory', () => {
    const dataDir = tempDir();
    loadTicketKeys({ env: 'test', dataDir, ticketSigningKey: undefined });
    expect(fs.existsSync(path.join(dataDir, DEV_KEY_FILE))).toBe(false);
  });
});
