import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';

export class DataDirInUseError extends Error {
  override name = 'DataDirInUseError';
}

const LOCK_FILE = 'guichet.pid';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Keeps the embedded database's folder to one process (issue 15: two processes on one folder
 * both started, then lost data and corrupted an index). A pid file made with O_EXCL, like
 * PostgreSQL's postmaster.pid: a lock left by a process that died (kill -9, a power cut) is
 * taken over at once, so a restart after a crash is not refused the way a time-based lock would.
 * Answers the function that gives the folder back.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, LOCK_FILE);
  const mine = `${process.pid}\n${hostname()}\n`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, mine);
      closeSync(fd);
      return () => {
        try {
          if (readFileSync(file, 'utf8') === mine) rmSync(file);
        } catch {
          // Already gone.
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const [pidText, host] = readFileSync(file, 'utf8').split('\n');
      const pid = Number(pidText);
      if (host === hostname() && Number.isInteger(pid) && isAlive(pid)) {
        throw new DataDirInUseError(
          `Another Guichet process (pid ${pid}) is already using the embedded database in ${dataDir}: stop it first, or give this one another DATA_DIR.`,
        );
      }
      // Its owner is gone: the lock is stale.
      rmSync(file, { force: true });
    }
  }
  throw new DataDirInUseError(`Could not lock the embedded database in ${dataDir}.`);
}
