/**
 * `npm run check:ledger` (docs/operations.md): checks the ledger against the orders, payments,
 * refunds, places and payouts of the configured database (DATABASE_URL, else the embedded one under
 * DATA_DIR) and prints every difference, exiting 1; a single OK line and 0 when there is none. It
 * only reads, in one snapshot, so it may run beside a live server on PostgreSQL; the embedded
 * database belongs to one process, so the server must be stopped first.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../../config';
import { openDatabase, queryRows } from '../../db/client';
import { findLedgerDifferences } from './invariants';

const config = loadConfig();
const where = config.databaseUrl
  ? 'the PostgreSQL database of DATABASE_URL'
  : `the embedded database in ${config.dataDir}`;

// Opening a folder without a database would create one: say so instead.
if (!config.databaseUrl && !existsSync(path.join(config.dataDir, 'pglite', 'PG_VERSION'))) {
  console.error(
    `No database in ${config.dataDir}: start the server once (it creates and migrates it), or set DATA_DIR.`,
  );
  process.exit(2);
}

try {
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, poolSize: 1 });
  try {
    const [table] = await queryRows<{ name: string | null }>(
      database.db,
      sql`select to_regclass('ledger_entries')::text as name`,
    );
    if (!table?.name) {
      console.error(`No ledger in ${where} yet: start the server once so that it migrates.`);
      process.exitCode = 2;
    } else {
      const differences = await findLedgerDifferences(database.db);
      for (const difference of differences) console.log(`[${difference.check}] ${difference.description}`);
      if (differences.length > 0) {
        console.log(
          `${differences.length} difference(s) between the ledger and the orders, refunds, places and payouts.`,
        );
        process.exitCode = 1;
      } else {
        console.log(`OK: the ledger agrees with the orders, refunds, places and payouts of ${where}.`);
      }
    }
  } finally {
    await database.close();
  }
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 2;
}
