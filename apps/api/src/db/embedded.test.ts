import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { tempFolders } from '../../test/temp-folders';
import { openDatabase } from './client';
import { DataDirInUseError } from './data-dir-lock';

const writer = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../test/embedded-writer.ts');
const newFolder = tempFolders('embedded');

/** Starts the writer on `dir`; resolves once `until` says its output is far enough. */
function startWriter(dir: string, mode: 'hold' | 'write', until: (output: string) => boolean) {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', writer, dir, mode], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  const reached = new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (until(output)) resolve();
    });
    child.once('exit', (code) => (until(output) ? resolve() : reject(new Error(`writer exited ${code}: ${output}`))));
  });
  return { child, reached, output: () => output };
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });

describe('the embedded database folder', () => {
  it('belongs to one process: a second one is refused, clearly, while the first lives', async () => {
    const dir = newFolder();
    const first = startWriter(dir, 'hold', (out) => out.includes('open'));
    await first.reached;
    const second = startWriter(dir, 'hold', (out) => out.includes('refused') || out.includes('open'));
    await second.reached;
    expect(second.output()).toContain('refused: Another Guichet process');
    expect(await exited(second.child)).toBe(3);
    // In this process too.
    await expect(openDatabase({ dataDir: dir })).rejects.toBeInstanceOf(DataDirInUseError);
    first.child.kill('SIGKILL');
    await exited(first.child);
  }, 60_000);

  it('survives kill -9 in the middle of writes: every committed row is there and the index agrees', async () => {
    const dir = newFolder();
    const run = startWriter(dir, 'write', (out) => /committed (\d+)\n/.test(out) && Number(lastCommitted(out)) >= 150);
    await run.reached;
    run.child.kill('SIGKILL');
    await exited(run.child);
    const committed = lastCommitted(run.output());

    // The dead process's lock does not keep the next start out.
    const database = await openDatabase({ dataDir: dir });
    try {
      const count = async () =>
        Number(
          (
            (await database.db.execute(sql`select count(*)::int as n from writes`)) as unknown as {
              rows: { n: number }[];
            }
          ).rows[0]?.n,
        );
      const rows = await count();
      expect(rows).toBeGreaterThanOrEqual(committed);
      await database.db.execute(sql`set enable_seqscan = off`);
      const byIndex = (await database.db.execute(
        sql`select count(*)::int as n from writes where body >= 'row-'`,
      )) as unknown as { rows: { n: number }[] };
      expect(byIndex.rows[0]?.n).toBe(rows);
      await database.db.execute(sql`insert into writes (body) values ('after the crash')`);
      expect(await count()).toBe(rows + 1);
    } finally {
      await database.close();
    }
  }, 60_000);
});

function lastCommitted(output: string): number {
  const all = [...output.matchAll(/committed (\d+)\n/g)];
  return Number(all.at(-1)?.[1] ?? 0);
}
