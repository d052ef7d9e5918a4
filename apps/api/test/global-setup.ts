import { openDatabase } from '../src/db/client';
import { ensureReferenceData } from '../src/db/seed/reference';

/** With DATABASE_URL, API tests share one real PostgreSQL database, migrated once here. */
export default async function setup() {
  const url = process.env.DATABASE_URL;
  if (!url) return;
  const database = await openDatabase({ url, dataDir: 'memory://' });
  await database.migrate();
  await ensureReferenceData(database.db);
  await database.close();
}
