import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import * as tar from 'tar';
import { describe, expect, it } from 'vitest';
import { itWith } from '../../test/services';
import { tempFolders } from '../../test/temp-folders';
import { buildApp } from '../app';
import { testConfig } from '../config';
import { signTicketCode, verifyTicketCode } from '../modules/ticket-codes/codes';
import { loadTicketKeys } from '../modules/ticket-codes/keys';
import { createDatabaseImageStore, importUploadedImages } from '../storage/image-store';
import { type BackupTarget, backupDatabase, restoreDatabase } from './backup';
import { dumpEmbedded } from './backup-database';
import { openDatabase } from './client';

const newFolder = tempFolders('backup');

/** Runs one statement on the target's database and answers its rows. */
async function query(target: BackupTarget, text: string): Promise<Record<string, unknown>[]> {
  const database = await openDatabase({ url: target.databaseUrl, dataDir: target.dataDir });
  try {
    const result = (await database.db.execute(text)) as unknown as { rows: Record<string, unknown>[] };
    return result.rows;
  } finally {
    await database.close();
  }
}

/** Backs up, changes everything, restores, and finds the first state. */
async function roundTrip(target: BackupTarget) {
  await query(target, 'create table if not exists kept (id int primary key, label text not null)');
  await query(target, "insert into kept values (1, 'avant'), (2, 'aussi')");
  const file = await backupDatabase(target, newFolder());

  await query(target, "update kept set label = 'après' where id = 1");
  await query(target, 'delete from kept where id = 2');
  await query(target, 'create table extra (id int)');

  await restoreDatabase(target, file);
  expect(await query(target, 'select id, label from kept order by id')).toEqual([
    { id: 1, label: 'avant' },
    { id: 2, label: 'aussi' },
  ]);
  expect(await query(target, "select to_regclass('extra') as extra")).toEqual([{ extra: null }]);
}

/** A PNG's first bytes are enough: the route serves what is stored. */
const IMAGE = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.from(randomUUID())]);
const IMAGE_KEY = 'events/banniere-1.png';

function putLegacyUpload(dataDir: string, key: string, data: Buffer) {
  mkdirSync(path.dirname(path.join(dataDir, 'uploads', key)), { recursive: true });
  writeFileSync(path.join(dataDir, 'uploads', key), data);
}

/** The manifest a backup file opens with. */
async function manifestOf(file: string): Promise<{ keys: string[]; ticketKey: boolean }> {
  const folder = newFolder();
  await tar.extract({ file, cwd: folder, filter: (entry) => entry === 'manifest.json' });
  return JSON.parse(readFileSync(path.join(folder, 'manifest.json'), 'utf8'));
}

/** Stores the image as an upload does, into the target's database (migrated first). */
async function storeImage(target: BackupTarget): Promise<void> {
  const database = await openDatabase({ url: target.databaseUrl, dataDir: target.dataDir });
  try {
    await database.migrate();
    await createDatabaseImageStore(database.db).put(IMAGE_KEY, IMAGE);
  } finally {
    await database.close();
  }
}

/** The stored image of the target's database, or null. */
async function storedImage(target: BackupTarget): Promise<Buffer | null> {
  const database = await openDatabase({ url: target.databaseUrl, dataDir: target.dataDir });
  try {
    return await createDatabaseImageStore(database.db).get(IMAGE_KEY);
  } finally {
    await database.close();
  }
}

describe('a backup restored on a new machine (issue 26)', () => {
  it("holds the database's images, and says where each key lives (issue 34)", async () => {
    const before = newFolder();
    const key = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    await storeImage({ dataDir: before });
    const file = await backupDatabase({ dataDir: before, ticketSigningKey: key }, newFolder());
    const { keys, ticketKey } = await manifestOf(file);
    expect(ticketKey).toBe(true);
    expect(keys[0]).toBe(
      'The ticket signing key is in this backup (ticket-signing-key.pem), copied from TICKET_SIGNING_KEY (the setting).',
    );
    expect(keys[1]).toMatch(
      /^Not in this backup, kept in the configuration only: SANDBOX_BANK_HMAC_KEY, SANDBOX_BANK_PRIVATE_KEY, /,
    );
    expect(keys[1]).toContain('STRIPE_SECRET_KEY');

    const after = path.join(newFolder(), 'data');
    await restoreDatabase({ dataDir: after, ticketSigningKey: key }, file);
    expect(await storedImage({ dataDir: after })).toEqual(IMAGE);
  }, 180_000);

  it('into an empty folder: the database, the images served and the tickets sold before still valid', async () => {
    // The old machine: a server without TICKET_SIGNING_KEY signs with the data folder's key.
    const before = newFolder();
    const oldConfig = testConfig({ env: 'development', dataDir: before });
    await query({ dataDir: before }, 'create table kept (id int primary key, label text)');
    await query({ dataDir: before }, "insert into kept values (1, 'avant')");
    // Images uploaded before they moved into the database lie in the data folder.
    await putLegacyUpload(before, IMAGE_KEY, IMAGE);
    const ticket = { id: randomUUID(), eventId: randomUUID(), quantity: 2 };
    const code = signTicketCode(ticket, loadTicketKeys(oldConfig).privateKey);
    const file = await backupDatabase({ dataDir: before }, newFolder());
    // It holds a private key: only its owner may read it.
    expect(statSync(file).mode & 0o077).toBe(0);

    // The new machine: nothing but the backup file.
    const after = path.join(newFolder(), 'data');
    expect(await restoreDatabase({ dataDir: after }, file)).toEqual([]);
    expect(existsSync(path.join(after, 'guichet.pid'))).toBe(false);
    const database = await openDatabase({ dataDir: after });
    await database.migrate();
    expect(await importUploadedImages(database.db, path.join(after, 'uploads'))).toBe(1);
    const app = await buildApp({ config: testConfig({ env: 'development', dataDir: after }), database });
    try {
      const image = await app.inject({ method: 'GET', url: `/api/images/${IMAGE_KEY}` });
      expect(image.statusCode).toBe(200);
      expect(image.rawPayload.equals(IMAGE)).toBe(true);
      // What a scanner does: the server's public key, then the code.
      const { publicKeyPem } = (await app.inject({ method: 'GET', url: '/api/ticket-codes/public-key' })).json();
      expect(verifyTicketCode(code, publicKeyPem)).toMatchObject({ participationId: ticket.id, quantity: 2 });
      const rows = (await database.db.execute('select label from kept')) as unknown as { rows: unknown[] };
      expect(rows.rows).toEqual([{ label: 'avant' }]);
    } finally {
      await app.close();
      await database.close();
    }
  }, 180_000);

  it('tells the operator when TICKET_SIGNING_KEY is not the key of the tickets in the backup', async () => {
    const before = newFolder();
    const pem = (key = generateKeyPairSync('ed25519').privateKey) =>
      key.export({ type: 'pkcs8', format: 'pem' }).toString();
    const sold = pem();
    const file = await backupDatabase({ dataDir: before, ticketSigningKey: sold }, newFolder());
    const after = newFolder();
    const notices = await restoreDatabase({ dataDir: after, ticketSigningKey: pem() }, file);
    expect(notices).toEqual([expect.stringContaining('TICKET_SIGNING_KEY is not the key')]);
    // The key restored to the data folder is the one the tickets were signed with.
    const restored = loadTicketKeys({ env: 'development', dataDir: after, ticketSigningKey: undefined });
    expect(restored.publicKeyPem).toBe(
      loadTicketKeys({ env: 'development', dataDir: before, ticketSigningKey: sold }).publicKeyPem,
    );
  }, 180_000);

  it('of the database alone (made before images and key were kept) still restores it', async () => {
    const before = newFolder();
    await query({ dataDir: before }, 'create table kept (id int)');
    await query({ dataDir: before }, 'insert into kept values (7)');
    const file = path.join(newFolder(), 'old.tar.gz');
    await dumpEmbedded(before, file);
    const after = newFolder();
    expect(await restoreDatabase({ dataDir: after }, file)).toEqual([expect.stringContaining('database only')]);
    expect(await query({ dataDir: after }, 'select id from kept')).toEqual([{ id: 7 }]);
  }, 180_000);
});

describe('backups', () => {
  it('of the embedded database come back exactly, the folder they replace kept aside', async () => {
    const dataDir = newFolder();
    await roundTrip({ dataDir });
    expect(readdirSync(dataDir).some((name) => name.startsWith('pglite.before-restore-'))).toBe(true);
  }, 180_000);

  it('refuse an unknown file and leave the database as it is', async () => {
    const dataDir = newFolder();
    await query({ dataDir }, 'create table kept (id int)');
    await expect(restoreDatabase({ dataDir }, path.join(dataDir, 'nothing.tar.gz'))).rejects.toThrow(/No backup file/);
    expect(await query({ dataDir }, "select to_regclass('kept') is not null as present")).toEqual([{ present: true }]);
  }, 180_000);

  const adminUrl = process.env.DATABASE_URL;
  itWith(
    ['postgres', 'pg_dump'],
    'of PostgreSQL (pg_dump format) come back exactly',
    async () => {
      const url = new URL(adminUrl ?? '');
      const name = `guichet_backup_test_${process.pid}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${name}`);
      await admin.query(`create database ${name}`);
      url.pathname = `/${name}`;
      try {
        const key = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
        const target = { databaseUrl: url.toString(), dataDir: newFolder(), ticketSigningKey: key };
        await roundTrip(target);
        // The images stored in the database come back with it.
        await storeImage(target);
        const withImage = await backupDatabase(target, newFolder());
        await query(target, 'delete from stored_images');
        expect(await storedImage(target)).toBeNull();
        await restoreDatabase(target, withImage);
        expect(await storedImage(target)).toEqual(IMAGE);
        // The images and the key come along, into another, empty data folder.
        await putLegacyUpload(target.dataDir, IMAGE_KEY, IMAGE);
        const file = await backupDatabase(target, newFolder());
        const elsewhere = path.join(newFolder(), 'data');
        expect(await restoreDatabase({ ...target, dataDir: elsewhere }, file)).toEqual([]);
        expect(readFileSync(path.join(elsewhere, 'uploads', IMAGE_KEY))).toEqual(IMAGE);
        expect(
          loadTicketKeys({ env: 'development', dataDir: elsewhere, ticketSigningKey: undefined }).publicKeyPem,
        ).toBe(loadTicketKeys({ env: 'production', dataDir: target.dataDir, ticketSigningKey: key }).publicKeyPem);
      } finally {
        await admin.query(`drop database if exists ${name}`);
        await admin.end();
      }
    },
    180_000,
  );
});
