/**
 * A process of its own on an embedded database folder (for db/embedded.test.ts): it opens the
 * folder, then either waits (`hold`) or writes one row per transaction (`write`), printing each
 * commit, until it is killed.
 */
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/db/client';

const [dataDir, mode] = process.argv.slice(2);
try {
  const database = await openDatabase({ dataDir: dataDir ?? '' });
  await database.db.execute(sql`create table if not exists writes (id serial primary key, body text not null)`);
  await database.db.execute(sql`create index if not exists writes_body_idx on writes (body)`);
  console.log('open');
  if (mode === 'write') {
    for (let i = 1; ; i++) {
      await database.db.execute(sql`insert into writes (body) values (${`row-${i}-${'x'.repeat(200)}`})`);
      console.log(`committed ${i}`);
    }
  }
  setInterval(() => {}, 1000);
} catch (error) {
  console.log(`refused: ${(error as Error).message}`);
  process.exit(3);
}
