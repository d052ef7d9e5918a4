import { chmodSync, cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as tar from 'tar';
import { DEV_KEY_FILE, ticketKeysFromPem } from '../modules/ticket-codes/keys';
import { dumpEmbedded, dumpPostgres, loadEmbedded, loadPostgres } from './backup-database';
import { lockDataDir } from './data-dir-lock';

/** What a backup is taken from and restored to: the configuration's database, data folder and key. */
export type BackupTarget = { databaseUrl?: string; dataDir: string; ticketSigningKey?: string };

/** Written first in every archive: what it holds, so that a restore knows what to expect. */
type Manifest = {
  format: 'guichet-backup';
  version: 1;
  createdAt: string;
  database: 'postgresql' | 'embedded';
  images: boolean;
  ticketKey: boolean;
  /** Where each key lives: in this archive, or in the configuration only (`whereKeysLive`). */
  keys: string[];
};

const MANIFEST = 'manifest.json';
const DATABASE = { postgresql: 'database.dump', embedded: 'database.tar.gz' } as const;
const UPLOADS = 'uploads';

const stamp = (now: Date) => now.toISOString().replace(/[-:]/g, '').replace(/\..*/, '').replace('T', '-');

/** The key that signs ticket codes: the setting when there is one, else the data folder's file. */
function signingKeyPem(target: BackupTarget): string | undefined {
  const file = path.join(target.dataDir, DEV_KEY_FILE);
  return target.ticketSigningKey?.trim() || (existsSync(file) ? readFileSync(file, 'utf8') : undefined);
}

/**
 * Secrets that are settings and never in a backup: their home is the server's configuration (its
 * environment file, a secret store), to be set again on a new machine. The sandbox bank's keys
 * are among them: unset (outside production), each start makes keys of its own, and no payment
 * made before depends on them. The ticket signing key is the one key whose loss breaks what was
 * sold (every ticket refused at the door): it is in the archive whichever home it has.
 */
const KEYS_IN_CONFIGURATION = [
  'SANDBOX_BANK_HMAC_KEY',
  'SANDBOX_BANK_PRIVATE_KEY',
  'ETRANSACTIONS_HMAC_KEY',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'APPLE_PASS_KEY',
  'APPLE_APNS_KEY',
  'GOOGLE_WALLET_PRIVATE_KEY',
  'SMTP_URL',
] as const;

/** Where the keys of this target live, said by the backup's manifest and by `npm run backup`. */
export function whereKeysLive(target: BackupTarget): string[] {
  const signing = target.ticketSigningKey?.trim()
    ? 'TICKET_SIGNING_KEY (the setting)'
    : `${path.join(target.dataDir, DEV_KEY_FILE)} (TICKET_SIGNING_KEY unset)`;
  return [
    signingKeyPem(target)
      ? `The ticket signing key is in this backup (${DEV_KEY_FILE}), copied from ${signing}.`
      : 'No ticket signing key yet (no ticket signed): none is in this backup.',
    `Not in this backup, kept in the configuration only: ${KEYS_IN_CONFIGURATION.join(', ')} (the payment providers', the sandbox bank's, the wallets' and the mail's secrets). Keep a copy of the configuration where you keep secrets: a new machine needs them set again.`,
  ];
}

/**
 * A backup of everything a restore on another machine needs, in one `.tar.gz`: the database
 * (PostgreSQL's pg_dump custom format, or PGlite's archive of the embedded database's folder)
 * with the uploaded images (table `stored_images`; an older version's `DATA_DIR/uploads` too,
 * when still there) and the key that signs ticket codes, without which
 * every ticket sold would fail at the door. The archive holds a private key: it is readable by
 * its owner only. The embedded database is read with its folder locked: stop the server first.
 */
export async function backupDatabase(target: BackupTarget, outDir: string, now = new Date()): Promise<string> {
  mkdirSync(outDir, { recursive: true });
  const file = path.resolve(outDir, `guichet-${stamp(now)}.tar.gz`);
  const staging = path.resolve(outDir, `.guichet-${stamp(now)}.partial`);
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { mode: 0o700 });
  const unlock = target.databaseUrl ? () => {} : lockDataDir(target.dataDir);
  try {
    const database = target.databaseUrl ? 'postgresql' : 'embedded';
    if (target.databaseUrl) await dumpPostgres(target.databaseUrl, path.join(staging, DATABASE.postgresql));
    else await dumpEmbedded(target.dataDir, path.join(staging, DATABASE.embedded));
    // Images are written once under a new key and never changed: a copy taken while the
    // server runs (PostgreSQL) holds every image of the database dumped just before.
    const uploads = path.join(target.dataDir, UPLOADS);
    const images = existsSync(uploads);
    if (images) cpSync(uploads, path.join(staging, UPLOADS), { recursive: true });
    const key = signingKeyPem(target);
    if (key) writeFileSync(path.join(staging, DEV_KEY_FILE), key, { mode: 0o600 });
    const manifest: Manifest = {
      format: 'guichet-backup',
      version: 1,
      createdAt: now.toISOString(),
      database,
      images,
      ticketKey: Boolean(key),
      keys: whereKeysLive(target),
    };
    writeFileSync(path.join(staging, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    const entries = [MANIFEST, DATABASE[database], ...(images ? [UPLOADS] : []), ...(key ? [DEV_KEY_FILE] : [])];
    await tar.create({ gzip: true, file, cwd: staging, portable: true }, entries);
    chmodSync(file, 0o600);
  } finally {
    unlock();
    rmSync(staging, { recursive: true, force: true });
  }
  return file;
}

function readManifest(folder: string): Manifest | undefined {
  const file = path.join(folder, MANIFEST);
  if (!existsSync(file)) return undefined;
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Manifest;
  if (manifest.format !== 'guichet-backup' || manifest.version !== 1) {
    throw new Error(`${MANIFEST} describes no Guichet backup this version can restore`);
  }
  return manifest;
}

/** Puts `incoming` where `current` is, the current one kept aside as `<name>.before-restore-…`. */
function swapIn(current: string, incoming: string | undefined, suffix: string): void {
  if (existsSync(current)) renameSync(current, `${current}.before-restore-${suffix}`);
  if (incoming) renameSync(incoming, current);
}

/**
 * Puts back everything the backup holds; answers what the operator must still do. The database
 * first (PostgreSQL: the current state is backed up beside the file, then the schemas emptied and
 * the dump loaded in one transaction; embedded: swapped in once it opens), so that a failure
 * leaves the rest untouched; then the images and the signing key, each replaced folder or file
 * kept aside as `….before-restore-<time>`. Backups made before images and key were kept (a bare
 * `.dump`, or PGlite's archive alone) still restore their database.
 */
export async function restoreDatabase(target: BackupTarget, file: string, now = new Date()): Promise<string[]> {
  if (!existsSync(file)) throw new Error(`No backup file at ${file}`);
  const suffix = stamp(now);
  mkdirSync(target.dataDir, { recursive: true });
  if (file.endsWith('.dump')) {
    if (!target.databaseUrl) throw new Error('A .dump file is a PostgreSQL backup: set DATABASE_URL to restore it');
    await backupDatabase(target, path.join(path.dirname(file), `before-restore-${suffix}`), now);
    await loadPostgres(target.databaseUrl, file);
    return ['This backup holds the database only: images and the ticket signing key were not in it.'];
  }
  const unlock = target.databaseUrl ? () => {} : lockDataDir(target.dataDir);
  const staging = path.join(target.dataDir, `restore-${suffix}.partial`);
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { mode: 0o700 });
  try {
    await tar.extract({ file, cwd: staging });
    const manifest = readManifest(staging);
    if (!manifest) {
      if (target.databaseUrl) throw new Error(`${file} is no Guichet backup of a PostgreSQL database`);
      await loadEmbedded(target.dataDir, file, suffix);
      return ['This backup holds the database only: images and the ticket signing key were not in it.'];
    }
    const database = path.join(staging, DATABASE[manifest.database]);
    if (manifest.database === 'postgresql') {
      if (!target.databaseUrl) throw new Error('This is a backup of a PostgreSQL database: set DATABASE_URL');
      await backupDatabase(target, path.join(path.dirname(file), `before-restore-${suffix}`), now);
      await loadPostgres(target.databaseUrl, database);
    } else {
      if (target.databaseUrl) throw new Error('This is a backup of the embedded database: unset DATABASE_URL');
      await loadEmbedded(target.dataDir, database, suffix);
    }
    swapIn(path.join(target.dataDir, UPLOADS), manifest.images ? path.join(staging, UPLOADS) : undefined, suffix);
    return manifest.ticketKey ? restoreSigningKey(target, path.join(staging, DEV_KEY_FILE), suffix) : [];
  } finally {
    unlock();
    rmSync(staging, { recursive: true, force: true });
  }
}

/**
 * The backup's key goes to `DATA_DIR/ticket-signing-key.pem`, the key a server without
 * TICKET_SIGNING_KEY signs and verifies with. A server whose setting holds another key would
 * refuse every ticket sold before the backup: the operator is told to set it to this file.
 */
function restoreSigningKey(target: BackupTarget, restored: string, suffix: string): string[] {
  const pem = readFileSync(restored, 'utf8');
  const destination = path.join(target.dataDir, DEV_KEY_FILE);
  if (!existsSync(destination) || readFileSync(destination, 'utf8') !== pem) {
    swapIn(destination, restored, suffix);
    chmodSync(destination, 0o600);
  }
  const configured = target.ticketSigningKey?.trim();
  if (configured && ticketKeysFromPem(configured).publicKeyPem !== ticketKeysFromPem(pem).publicKeyPem) {
    return [
      `TICKET_SIGNING_KEY is not the key the backed-up tickets were signed with: set it to the content of ${destination} (or unset it outside production), or those tickets will be refused at the door.`,
    ];
  }
  return [];
}
