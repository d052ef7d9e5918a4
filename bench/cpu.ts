import { readdirSync, readFileSync } from 'node:fs';

const TICK_MS = 10; // USER_HZ is 100 on Linux

/** CPU time (ms) a process has used so far, from /proc; 0 where /proc is not there. */
export function processCpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
}

/** CPU time (ms) used so far by every PostgreSQL process of this machine (0 if it runs elsewhere). */
export function postgresCpuMs(): number {
  let total = 0;
  let pids: string[] = [];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return 0;
  }
  for (const pid of pids) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').startsWith('postgres')) total += processCpuMs(Number(pid));
    } catch {
      // the process ended meanwhile
    }
  }
  return total;
}
