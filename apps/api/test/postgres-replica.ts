import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './redis';

const PROGRAMS = ['initdb', 'pg_ctl', 'pg_basebackup', 'postgres'] as const;

/** The newest of the machine's PostgreSQL versions holding every program a private cluster needs. */
function binariesFolder(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((name) => /^\d+$/.test(name))
    .sort((a, b) => Number(b) - Number(a));
  for (const version of versions) {
    const bin = path.join(root, version, 'bin');
    if (PROGRAMS.every((program) => existsSync(path.join(bin, program)))) return bin;
  }
  return null;
}

/** initdb refuses root: as root the cluster belongs to the `postgres` account, reached through runuser. */
function runAs(): { user: string; uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  return { user: 'postgres', uid, gid };
}

/** Why a private primary and replica cannot be started here, or null when they can. */
export function privateReplicaMissing(): string | null {
  if (!binariesFolder()) return `PostgreSQL's server programs (${PROGRAMS.join(', ')} under /usr/lib/postgresql/*/bin)`;
  if (process.getuid?.() === 0) {
    const account = spawnSync('id', ['-u', 'postgres']).status === 0;
    const runuser = spawnSync('runuser', ['--help']).status === 0;
    if (!account || !runuser) return 'a postgres account and runuser (initdb refuses to run as root)';
  }
  return null;
}

export type PrivateReplica = {
  primaryUrl: string;
  replicaUrl: string;
  /** Stops the replica at once, as a crash would. */
  stopReplica(): void;
  stop(): void;
};

/**
 * A primary and its streaming replica of the test's own: `initdb`, then `pg_basebackup -R` (the
 * replica's settings written by the backup), each in a temporary folder on a free port, stopped
 * and removed by `stop`. fsync is off: the test never survives a power cut.
 */
export async function startPrivateReplica(): Promise<PrivateReplica> {
  const bin = binariesFolder();
  if (!bin) throw new Error('no PostgreSQL server programs');
  const owner = runAs();
  const folder = mkdtempSync(path.join(tmpdir(), 'guichet-replica-'));
  if (owner) chownSync(folder, owner.uid, owner.gid);
  const run = (program: string, args: string[]) => {
    const command = owner ? 'runuser' : path.join(bin, program);
    const argv = owner ? ['-u', owner.user, '--', path.join(bin, program), ...args] : args;
    const result = spawnSync(command, argv, { encoding: 'utf8', cwd: folder });
    if (result.status !== 0) throw new Error(`${program} failed: ${result.stderr || result.stdout}`);
  };
  const [primaryPort, replicaPort] = [await freePort(), await freePort()];
  const primary = path.join(folder, 'primary');
  const replica = path.join(folder, 'replica');
  const options = (port: number) =>
    `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=40 -c shared_buffers=16MB`;
  const stopped = new Set<string>();
  const stopOne = (data: string) => {
    if (stopped.has(data) || !existsSync(path.join(data, 'postmaster.pid'))) return;
    stopped.add(data);
    spawnSync(owner ? 'runuser' : path.join(bin, 'pg_ctl'), [
      ...(owner ? ['-u', owner.user, '--', path.join(bin, 'pg_ctl')] : []),
      '-D',
      data,
      '-m',
      'immediate',
      'stop',
    ]);
  };
  const stop = () => {
    stopOne(replica);
    stopOne(primary);
    rmSync(folder, { recursive: true, force: true });
  };
  try {
    run('initdb', ['-D', primary, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
    run('pg_ctl', [
      '-D',
      primary,
      '-o',
      `${options(primaryPort)} -c wal_level=replica`,
      '-l',
      `${primary}.log`,
      '-w',
      'start',
    ]);
    run('pg_basebackup', [
      '-h',
      '127.0.0.1',
      '-p',
      String(primaryPort),
      '-U',
      'postgres',
      '-D',
      replica,
      '-R',
      '-X',
      'stream',
    ]);
    run('pg_ctl', [
      '-D',
      replica,
      '-o',
      `${options(replicaPort)} -c hot_standby=on`,
      '-l',
      `${replica}.log`,
      '-w',
      'start',
    ]);
  } catch (error) {
    stop();
    throw error;
  }
  return {
    primaryUrl: `postgres://postgres@127.0.0.1:${primaryPort}/postgres`,
    replicaUrl: `postgres://postgres@127.0.0.1:${replicaPort}/postgres`,
    stopReplica: () => stopOne(replica),
    stop,
  };
}
