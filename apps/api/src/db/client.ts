import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock';
import { applyDeclaredSql, runOwedStatements } from './declared-sql';
import * as schema from './schema';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseHandle = {
  db: Database;
  kind: 'postgres' | 'pglite';
  /** The schema migrations, then the functions, views and triggers declared in the modules' sql/ folders. */
  migrate(): Promise<void>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
  /** The pool's connections, for the metrics; PGlite has one connection and no pool. */
  poolStats(): { total: number; idle: number; waiting: number } | null;
  /**
   * LISTEN on `channel` through one connection of its own (PostgreSQL) or the embedded database's
   * own notifications (PGlite). `onRestart` is called each time the connection came back after a
   * drop: notifications sent meanwhile are lost, so the listener reads again what it follows.
   */
  listen(channel: string, listener: { onMessage(payload: string): void; onRestart(): void }): Promise<Unlisten>;
};

export type Unlisten = () => Promise<void>;

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** What both kinds of handle do alike: drizzle's migrator for the kind, then the declared SQL. */
function sharedHandle(
  db: Database,
  kind: DatabaseHandle['kind'],
  migrateSchema: (db: never, config: { migrationsFolder: string }) => Promise<void>,
): Pick<DatabaseHandle, 'db' | 'kind' | 'migrate' | 'ping'> {
  return {
    db,
    kind,
    migrate: async () => {
      await migrateSchema(db as never, { migrationsFolder });
      await applyDeclaredSql(db);
      await runOwedStatements(db);
    },
    ping: () => ping(db),
  };
}

/**
 * PostgreSQL when a URL is given; otherwise PGlite (real Postgres in WASM), on disk under
 * dataDir, or in memory when dataDir is 'memory://'.
 */
export async function openDatabase(options: {
  url?: string;
  dataDir: string;
  poolSize?: number;
  /** An idle pooled connection that failed (the server restarted or ended it); logged by default. */
  onError?: (error: Error) => void;
}): Promise<DatabaseHandle> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // Without a listener, the pool rethrows an idle connection's error and the process dies; the
    // pool has already dropped that connection, and the next query opens another.
    pool.on('error', options.onError ?? logIdleConnectionError);
    return {
      ...sharedHandle(drizzlePg(pool, { schema }) as unknown as Database, 'postgres', migratePg),
      close: () => pool.end(),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      listen: (channel, listener) => listenPostgres(options.url as string, channel, listener),
    };
  }
  // The embedded database's code (WASM and its JavaScript, 4 MB of source held in the heap) is
  // loaded only when it is the one used, not by a server on PostgreSQL.
  const [{ PGlite }, { btree_gin }, { unaccent }, { drizzle: drizzlePglite }, { migrate: migratePglite }] =
    await Promise.all([
      import('@electric-sql/pglite'),
      import('@electric-sql/pglite/contrib/btree_gin'),
      import('@electric-sql/pglite/contrib/unaccent'),
      import('drizzle-orm/pglite'),
      import('drizzle-orm/pglite/migrator'),
    ]);
  let dataDir = options.dataDir;
  let unlock = () => {};
  if (!dataDir.startsWith('memory://')) {
    mkdirSync(options.dataDir, { recursive: true });
    unlock = lockDataDir(options.dataDir);
    dataDir = path.join(options.dataDir, 'pglite');
    mkdirSync(dataDir, { recursive: true });
  }
  let client: PGlite;
  try {
    // The event list's text search ignores accents and keeps the start date in its index:
    // PGlite ships unaccent and btree_gin apart.
    client = await PGlite.create(dataDir, { extensions: { unaccent, btree_gin } });
  } catch (error) {
    unlock();
    throw error;
  }
  return {
    ...sharedHandle(drizzlePglite(client, { schema }) as unknown as Database, 'pglite', migratePglite),
    close: async () => {
      await client.close();
      unlock();
    },
    poolStats: () => null,
    listen: async (channel, listener) => {
      const unlisten = await client.listen(channel, listener.onMessage);
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
  };
}

function logIdleConnectionError(error: Error): void {
  console.error(JSON.stringify({ level: 'error', msg: 'database: idle connection lost', err: error.message }));
}

const LISTEN_RETRY_MS = { first: 250, max: 5_000 };

/**
 * One connection that only listens, outside the pool (a pooled connection may be handed to
 * another query or closed when idle). When it drops, it is opened again after a growing pause
 * (250 ms doubling up to 5 s), and `onRestart` lets the listener catch up on what it missed.
 */
async function listenPostgres(
  url: string,
  channel: string,
  listener: { onMessage(payload: string): void; onRestart(): void },
): Promise<Unlisten> {
  let client: pg.Client | undefined;
  let stopped = false;
  let retryMs = LISTEN_RETRY_MS.first;
  let timer: NodeJS.Timeout | undefined;
  const quoted = `"${channel.replaceAll('"', '""')}"`;

  const connect = async (isRestart: boolean): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel === channel) listener.onMessage(message.payload ?? '');
    });
    next.on('error', () => dropped(next));
    next.on('end', () => dropped(next));
    client = next;
    await next.connect();
    await next.query(`LISTEN ${quoted}`);
    retryMs = LISTEN_RETRY_MS.first;
    if (isRestart) listener.onRestart();
  };
  const dropped = (which: pg.Client) => {
    if (stopped || which !== client || timer) return;
    client = undefined;
    which.end().catch(() => {});
    timer = setTimeout(retry, retryMs);
    timer.unref();
  };
  const retry = () => {
    timer = undefined;
    retryMs = Math.min(retryMs * 2, LISTEN_RETRY_MS.max);
    connect(true).catch(() => {
      if (client) dropped(client);
    });
  };

  try {
    await connect(false);
  } catch (error) {
    // Nobody will use this listener: no retry loop is left behind.
    stopped = true;
    await client?.end().catch(() => {});
    throw error;
  }
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await client?.end().catch(() => {});
  };
}

async function ping(db: Database): Promise<boolean> {
  try {
    await db.execute('select 1');
    return true;
  } catch {
    return false;
  }
}

/** Rows of a raw SQL query; both drivers answer with `{ rows }`. */
export async function queryRows<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
