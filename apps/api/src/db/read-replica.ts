import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { AppError } from '../lib/errors';
import { replicaLag, replicaReads } from '../lib/metrics';
import { type Database, queryRows } from './client';
import * as schema from './schema';

/**
 * Where the reads that may be a little stale go: the event list, its search and the event page
 * (docs/decisions.md, "Reads on a replica"). Without a replica every read is the primary's.
 */
export type ReadSource = {
  /**
   * Runs `read` on the replica when the reader needs no fresh data and the replica is at most the
   * set lag behind, else on the primary. A read the replica fails (down, a conflict with its
   * recovery) is run again on the primary: the replica only ever takes load off it.
   */
  read<T>(isFresh: boolean, read: (db: Database) => Promise<T>): Promise<T>;
  /** The most the replica's data may be behind the primary's when it is read. */
  maxLagMs: number;
  close(): Promise<void>;
};

/** Every read on the one database: the embedded default and a single PostgreSQL. */
export function primaryOnly(db: Database): ReadSource {
  return { read: (_isFresh, read) => read(db), maxLagMs: 0, close: async () => {} };
}

/**
 * How often the lag is measured: at most once a second (two short queries, one on each side),
 * and only while reads come; a state older than that is measured again in the background.
 */
const PROBE_EVERY_MS = 1_000;

/** What the last probe found: the replica's lag at a moment of this process's monotonic clock. */
type LagState = { lagMs: number; at: number } | null;

/**
 * A PostgreSQL streaming replica beside the primary. Its lag is measured against the primary's
 * WAL position: a replica that has replayed what the primary had written when asked is not
 * behind (an idle primary makes no new commit, so the age of the last replayed commit alone
 * would read as a growing lag); one that has not is as far behind as its last replayed commit is
 * old. Lag is only known to grow between two probes, so the replica is read while the lag
 * measured plus the time since stays within `maxLagMs`.
 */
export function createReadReplica(options: {
  primary: Database;
  url: string;
  poolSize: number;
  maxLagMs: number;
  onError(error: unknown, what: string): void;
}): ReadSource {
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize,
    application_name: 'guichet-read',
    // A replica out of reach fails its reads soon, and they go to the primary.
    connectionTimeoutMillis: 2_000,
  });
  // An idle connection the replica drops (a restart) is an event of the pool, not a crash.
  pool.on('error', (error) => options.onError(error, 'read replica connection lost'));
  const replica = drizzle(pool, { schema }) as unknown as Database;
  let state: LagState = null;
  let probing: Promise<void> | null = null;
  let lastProbeAt = Number.NEGATIVE_INFINITY;
  // Each trouble is told once when it starts, not at every probe while it lasts.
  let reported: 'not a replica' | 'unreachable' | null = null;
  const report = (trouble: typeof reported, error: unknown, what: string) => {
    if (reported !== trouble) options.onError(error, what);
    reported = trouble;
  };

  async function probe(): Promise<void> {
    const before = performance.now();
    try {
      const [primary] = await queryRows<{ lsn: string }>(
        options.primary,
        sql`select pg_current_wal_lsn()::text as lsn`,
      );
      const askedAt = performance.now();
      const [row] = await queryRows<{ recovering: boolean; caughtUp: boolean | null; behindS: string | null }>(
        replica,
        sql`select pg_is_in_recovery() as "recovering",
          pg_last_wal_replay_lsn() >= ${primary?.lsn}::pg_lsn as "caughtUp",
          extract(epoch from clock_timestamp() - pg_last_xact_replay_timestamp())::text as "behindS"`,
      );
      if (!row?.recovering) {
        // Promoted, or not a replica at all: it no longer follows this primary.
        report(
          'not a replica',
          new Error('not in recovery'),
          'DATABASE_REPLICA_URL is no replica: reads go to the primary',
        );
        state = null;
        return;
      }
      reported = null;
      if (row.caughtUp) state = { lagMs: 0, at: before };
      else state = row.behindS === null ? null : { lagMs: Math.max(0, Number(row.behindS) * 1000), at: askedAt };
    } catch (error) {
      state = null;
      report('unreachable', error, 'read replica lag not measured: reads go to the primary');
    } finally {
      replicaLag.set(state ? state.lagMs / 1000 : -1);
    }
  }

  function measureSoon(): void {
    if (probing || performance.now() - lastProbeAt < PROBE_EVERY_MS) return;
    lastProbeAt = performance.now();
    probing = probe().finally(() => {
      probing = null;
    });
  }

  function isReplicaFresh(): boolean {
    measureSoon();
    return state !== null && state.lagMs + (performance.now() - state.at) <= options.maxLagMs;
  }

  return {
    maxLagMs: options.maxLagMs,
    async read(isFresh, read) {
      if (isFresh || !isReplicaFresh()) {
        replicaReads.inc({ source: 'primary' });
        return read(options.primary);
      }
      replicaReads.inc({ source: 'replica' });
      try {
        return await read(replica);
      } catch (error) {
        // An answer (not found, a bad cursor) is the same on both sides; a failure is the replica's.
        if (error instanceof AppError) throw error;
        state = null;
        options.onError(error, 'read on the replica failed: read again on the primary');
        replicaReads.inc({ source: 'primary' });
        return read(options.primary);
      }
    },
    async close() {
      await probing;
      await pool.end();
    },
  };
}
