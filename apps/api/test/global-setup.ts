import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';
import { ensureReferenceData } from '../src/db/seed/reference';
import { redisAnswers } from './redis';
import { testRedisUrl } from './services';

/**
 * With DATABASE_URL, API tests share one real PostgreSQL database, migrated once here. Whether the
 * shared Redis answers is asked once here too, for the tests that need it (test/services.ts).
 */
export default async function setup(project: TestProject) {
  project.provide('redisAnswers', await redisAnswers(testRedisUrl));
  const url = process.env.DATABASE_URL;
  if (!url) return;
  const database = await openDatabase({ url, dataDir: 'memory://' });
  await database.migrate();
  await ensureReferenceData(database.db);
  await database.close();
}
