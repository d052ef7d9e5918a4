import { openDatabase } from '../apps/api/src/db/client';

function databaseName(url: URL): string {
  const name = decodeURIComponent(url.pathname.replace(/^\//, ''));
  if (!/^[A-Za-z0-9_]+$/.test(name)) throw new Error(`unexpected database name in DATABASE_URL: "${name}"`);
  return name;
}

/**
 * Drops and recreates a benchmark database, through the `postgres` maintenance database. A name
 * without "bench" is refused unless BENCH_RESET_DATABASE=1, to protect real data.
 */
export async function resetDatabase(url: string): Promise<void> {
  const name = databaseName(new URL(url));
  if (!name.includes('bench') && process.env.BENCH_RESET_DATABASE !== '1') {
    throw new Error(
      `refusing to drop database "${name}": its name does not contain "bench" (set BENCH_RESET_DATABASE=1 to allow it)`,
    );
  }
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const handle = await openDatabase({ url: admin.toString(), dataDir: 'memory://', poolSize: 1 });
  try {
    await handle.db.execute(`drop database if exists "${name}" with (force)`);
    await handle.db.execute(`create database "${name}"`);
  } finally {
    await handle.close();
  }
}

/** Latency percentile (ms) of a sorted copy of `values`. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}
