import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { type BackupTarget, backupDatabase, restoreDatabase } from './backup';
import { openDatabase } from './client';

const folders: string[] = [];
const newFolder = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'guichet-backup-'));
  folders.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

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

describe('backups', () => {
  it('of the embedded database come back exactly, the folder they replace kept aside', async () => {
    const dataDir = newFolder();
    await roundTrip({ dataDir });
    expect(readdirSync(dataDir).some((name) => name.startsWith('pglite.before-restore-'))).toBe(true);
  }, 60_000);

  it('refuse an unknown file and leave the database as it is', async () => {
    const dataDir = newFolder();
    await query({ dataDir }, 'create table kept (id int)');
    await expect(restoreDatabase({ dataDir }, path.join(dataDir, 'nothing.tar.gz'))).rejects.toThrow(/No backup file/);
    expect(await query({ dataDir }, "select to_regclass('kept') is not null as present")).toEqual([{ present: true }]);
  }, 60_000);

  const adminUrl = process.env.DATABASE_URL;
  const hasTools = (() => {
    try {
      execFileSync('pg_dump', ['--version']);
      return true;
    } catch {
      return false;
    }
  })();
  it.runIf(Boolean(adminUrl) && hasTools)(
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
        await roundTrip({ databaseUrl: url.toString(), dataDir: newFolder() });
      } finally {
        await admin.query(`drop database if exists ${name}`);
        await admin.end();
      }
    },
    60_000,
  );
});
