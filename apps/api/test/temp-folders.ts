import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';

/** New empty folders named `guichet-<name>-…`, all removed once the test file is done. */
export function tempFolders(name: string): () => string {
  const folders: string[] = [];
  afterAll(() => {
    for (const dir of folders) rmSync(dir, { recursive: true, force: true });
  });
  return () => {
    const dir = mkdtempSync(path.join(tmpdir(), `guichet-${name}-`));
    folders.push(dir);
    return dir;
  };
}
