/**
 * `npm run backup [-- FOLDER]` and `npm run restore FILE` (docs/operations.md): the database of
 * the configuration (DATABASE_URL, else the embedded one under DATA_DIR).
 */
import { loadConfig } from '../config';
import { backupDatabase, restoreDatabase } from './backup';

const [command, argument] = process.argv.slice(2);
const config = loadConfig();
const target = { databaseUrl: config.databaseUrl, dataDir: config.dataDir };
try {
  if (command === 'backup') {
    console.log(`Backup written to ${await backupDatabase(target, argument ?? 'backups')}`);
  } else if (command === 'restore' && argument) {
    await restoreDatabase(target, argument);
    console.log(`Database restored from ${argument}`);
  } else {
    console.error('Usage: npm run backup [-- FOLDER] | npm run restore FILE');
    process.exit(2);
  }
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
