import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = path.dirname(fileURLToPath(import.meta.url));
const functionsDir = path.join(here, 'functions');
const migrationsDir = path.join(here, 'migrations');

/** The `CREATE OR REPLACE FUNCTION … $$;` statement of a text, comments and blank lines aside. */
function createStatement(text: string, name: string): string | undefined {
  const start = text.indexOf(`CREATE OR REPLACE FUNCTION ${name}(`);
  if (start === -1) return undefined;
  const end = text.indexOf('$$;', text.indexOf('$$', text.indexOf('AS $$', start) + 5));
  return text.slice(start, end + 3);
}

const migrations = readdirSync(migrationsDir)
  .filter((file) => file.endsWith('.sql'))
  .sort()
  .map((file) => ({ file, text: readFileSync(path.join(migrationsDir, file), 'utf8') }));

describe('SQL functions', () => {
  const files = readdirSync(functionsDir).filter((file) => file.endsWith('.sql'));

  it('has one file per function', () => {
    expect(files.length).toBeGreaterThan(0);
  });

  // The file holds the current body; the newest migration that defines the function must match it,
  // so that a change made in one place and not the other fails here.
  for (const file of files) {
    const name = file.replace(/\.sql$/, '');
    it(`${name}: the newest migration defining it holds the body of db/functions/${file}`, () => {
      const current = createStatement(readFileSync(path.join(functionsDir, file), 'utf8'), name);
      expect(current, `${file} defines ${name}`).toBeDefined();
      const latest = migrations.filter((m) => createStatement(m.text, name)).at(-1);
      expect(latest, `a migration defines ${name}`).toBeDefined();
      expect(createStatement(latest?.text ?? '', name), `${latest?.file} is not db/functions/${file}`).toBe(current);
    });
  }
});
