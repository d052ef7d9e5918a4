/**
 * `npm run backup [-- FOLDER]` and `npm run restore FILE` (docs/operations.md): the database of
 * the configuration (DATABASE_URL, else the embedded one under DATA_DIR), its images and the
 * ticket signing key.
 */
import { loadConfig } from '../config';
import { backupDatabase, restoreDatabase, whereKeysLive } from './backup';

const [command, argument] = process.argv.slice(2);
const config = loadConfig();
const target = { databaseUrl: config.databaseUrl, dataDir: config.dataDir, ticketSigningKey: config.ticketSigningKey };
try {
  if (command === 'backup') {
    console.log(`Backup written to ${await backupDatabase(target, argument ?? 'backups')}`);
    for (const line of whereKeysLive(target)) console.log(line);
  } else if (command === 'restore' && argument) {
    const notices = await restoreDatabase(target, argument);
    console.log(`Restored from ${argument}`);
    for (const notice of notices) console.warn(`Note: ${notice}`);
  } else {
    console.error('Usage: npm run backup [-- FOLDER] | npm run restore FILE');
    process.exit(2);
  }
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
