import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock';

const run = promisify(execFile);

export type BackupTarget = { databaseUrl?: string; dataDir: string };

const stamp = (now: Date) => now.toISOString().replace(/[-:]/g, '').replace(/\..*/, '').replace('T', '-');

/**
 * A backup of the whole database into `outDir`: PostgreSQL's own custom-format dump (pg_dump,
 * restorable with pg_restore anywhere), or for the embedded database PGlite's archive of its
 * folder. The embedded database is read with the folder locked: stop the server first.
 */
export async function backupDatabase(target: BackupTarget, outDir: string, now = new Date()): Promise<string> {
  mkdirSync(outDir, { recursive: true });
  if (target.databaseUrl) {
    const file = path.resolve(outDir, `guichet-${stamp(now)}.dump`);
    await run('pg_dump', ['--format=custom', '--no-owner', `--file=${file}`, target.databaseUrl]);
    return file;
  }
  const file = path.resolve(outDir, `guichet-${stamp(now)}.tar.gz`);
  const unlock = lockDataDir(target.dataDir);
  try {
    const client = await PGlite.create(path.join(target.dataDir, 'pglite'), { extensions: { unaccent } });
    try {
      const archive = await client.dumpDataDir('gzip');
      writeFileSync(file, Buffer.from(await archive.arrayBuffer()));
    } finally {
      await client.close();
    }
  } finally {
    unlock();
  }
  return file;
}

/**
 * Puts the database back as it was in `file`. PostgreSQL: the current state is dumped aside, the
 * schemas emptied, and pg_restore loads the backup in one transaction. Embedded: the archive is unpacked beside the current folder, which is kept as
 * `pglite.before-restore-…` and only then swapped out, so a failed restore leaves it untouched.
 */
export async function restoreDatabase(target: BackupTarget, file: string, now = new Date()): Promise<void> {
  if (!existsSync(file)) throw new Error(`No backup file at ${file}`);
  if (target.databaseUrl) {
    // What is there now is dumped first, beside the backup, then the schemas are emptied so that
    // nothing made since the backup survives it.
    await backupDatabase(target, path.join(path.dirname(file), `before-restore-${stamp(now)}`), now);
    const client = new pg.Client({ connectionString: target.databaseUrl });
    await client.connect();
    try {
      await client.query('begin');
      await client.query('drop schema if exists drizzle cascade');
      await client.query('drop schema if exists public cascade');
      await client.query('create schema public');
      await client.query('commit');
    } finally {
      await client.end();
    }
    await run('pg_restore', ['--no-owner', '--single-transaction', `--dbname=${target.databaseUrl}`, file]);
    return;
  }
  mkdirSync(target.dataDir, { recursive: true });
  const unlock = lockDataDir(target.dataDir);
  try {
    const current = path.join(target.dataDir, 'pglite');
    const incoming = path.join(target.dataDir, 'pglite.restoring');
    rmSync(incoming, { recursive: true, force: true });
    const client = await PGlite.create(incoming, {
      loadDataDir: new Blob([readFileSync(file)]),
      extensions: { unaccent },
    });
    await client.query('select 1');
    await client.close();
    if (existsSync(current)) renameSync(current, path.join(target.dataDir, `pglite.before-restore-${stamp(now)}`));
    renameSync(incoming, current);
  } finally {
    unlock();
  }
}
