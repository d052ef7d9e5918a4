import { execFile } from 'node:child_process';
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import pg from 'pg';

const run = promisify(execFile);

/** PostgreSQL's own custom-format dump (pg_dump), restorable with pg_restore anywhere. */
export async function dumpPostgres(databaseUrl: string, file: string): Promise<void> {
  await run('pg_dump', ['--format=custom', '--no-owner', `--file=${file}`, databaseUrl]);
}

/**
 * Empties the schemas, then pg_restore loads the dump in one transaction, so that nothing made
 * since the backup survives it.
 */
export async function loadPostgres(databaseUrl: string, file: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
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
  await run('pg_restore', ['--no-owner', '--single-transaction', `--dbname=${databaseUrl}`, file]);
}

/** PGlite's archive of the embedded database's folder; the caller holds the folder's lock. */
export async function dumpEmbedded(dataDir: string, file: string): Promise<void> {
  const client = await PGlite.create(path.join(dataDir, 'pglite'), { extensions: { unaccent, btree_gin } });
  try {
    const archive = await client.dumpDataDir('gzip');
    writeFileSync(file, Buffer.from(await archive.arrayBuffer()));
  } finally {
    await client.close();
  }
}

/**
 * Unpacks the archive beside the current folder, which is kept as `pglite.before-restore-…` and
 * only then swapped out, so that a failed restore leaves it untouched. The caller holds the lock.
 */
export async function loadEmbedded(dataDir: string, file: string, suffix: string): Promise<void> {
  const current = path.join(dataDir, 'pglite');
  const incoming = path.join(dataDir, 'pglite.restoring');
  rmSync(incoming, { recursive: true, force: true });
  const client = await PGlite.create(incoming, {
    loadDataDir: new Blob([readFileSync(file)]),
    extensions: { unaccent, btree_gin },
  });
  await client.query('select 1');
  await client.close();
  if (existsSync(current)) renameSync(current, path.join(dataDir, `pglite.before-restore-${suffix}`));
  renameSync(incoming, current);
}
