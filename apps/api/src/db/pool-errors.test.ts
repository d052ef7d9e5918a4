import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { describeWith } from '../../test/services';
import { type DatabaseHandle, openDatabase, queryRows } from './client';

describeWith(['postgres'], 'the primary pool', () => {
  let database: DatabaseHandle | undefined;
  afterAll(async () => {
    await database?.close();
  });

  it('logs an idle connection the server ends, and goes on serving', async () => {
    const errors: Error[] = [];
    database = await openDatabase({
      url: process.env.DATABASE_URL,
      dataDir: 'memory://',
      poolSize: 2,
      onError: (error) => errors.push(error),
    });
    const [row] = await queryRows<{ pid: number }>(database.db, sql`select pg_backend_pid() as pid`);
    // The connection is back in the pool, idle, when the server ends it (a restart, a failover).
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    try {
      await admin.query('select pg_terminate_backend($1)', [row?.pid]);
    } finally {
      await admin.end();
    }
    await expect.poll(() => errors.length, { timeout: 5_000 }).toBeGreaterThan(0);
    expect(errors[0]?.message).toMatch(/terminat/);
    expect(await database.ping()).toBe(true);
  });
});
