import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config';

type TicketKeys = { privateKey: KeyObject; publicKey: KeyObject; publicKeyPem: string };

/** The setting that holds the signing key: an Ed25519 private key, PEM (PKCS#8). */
const SIGNING_KEY_SETTING = 'TICKET_SIGNING_KEY';
export const DEV_KEY_FILE = 'ticket-signing-key.pem';

const cache = new Map<string, TicketKeys>();

export function ticketKeysFromPem(privatePem: string): TicketKeys {
  // A PEM pasted into a one-line environment variable often carries its newlines as "\n".
  const privateKey = createPrivateKey(privatePem.replace(/\\n/g, '\n'));
  if (privateKey.asymmetricKeyType !== 'ed25519') {
    throw new Error(`${SIGNING_KEY_SETTING} must be an Ed25519 private key (PEM, PKCS#8).`);
  }
  const publicKey = createPublicKey(privateKey);
  return { privateKey, publicKey, publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString() };
}

function newPrivatePem(): string {
  const { privateKey } = generateKeyPairSync('ed25519');
  return privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
}

/**
 * Outside production without a configured key, one key is made once and kept in the data
 * folder, so that the codes already handed out stay valid across restarts. `wx` makes the first
 * of several processes starting together the one that writes it.
 */
function developmentPem(dataDir: string): string {
  const file = path.join(dataDir, DEV_KEY_FILE);
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8');
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    fs.writeFileSync(file, newPrivatePem(), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return fs.readFileSync(file, 'utf8');
}

/**
 * The key pair that signs ticket codes (the server resolves it at boot): the setting when present; in
 * production nothing else (codes signed with a throwaway key would fail at the door); in tests
 * an in-memory key; elsewhere the development key on disk.
 */
export function loadTicketKeys(config: Pick<Config, 'env' | 'dataDir' | 'ticketSigningKey'>): TicketKeys {
  const configured = config.ticketSigningKey?.trim();
  const source = configured ? `setting:${configured}` : config.env === 'test' ? 'memory' : `file:${config.dataDir}`;
  const known = cache.get(source);
  if (known) return known;
  if (!configured && config.env === 'production') {
    throw new Error(
      `${SIGNING_KEY_SETTING} is not set: ticket codes cannot be signed in production. ` +
        'Set it to an Ed25519 private key in PEM (PKCS#8), e.g. from `openssl genpkey -algorithm ed25519`.',
    );
  }
  const pem = configured ?? (config.env === 'test' ? newPrivatePem() : developmentPem(config.dataDir));
  const keys = ticketKeysFromPem(pem);
  cache.set(source, keys);
  return keys;
}
