import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The one naming rule of the house (ARCHITECTURE.md, "Names"): folders in kebab-case; modules in
 * kebab-case with an optional dotted role (`payment.service.ts`, `state.test.ts`); React
 * components and their styles named after the component (`EventPage.tsx`,
 * `EventPage.module.css`); hooks after the hook (`useScanner.ts`); SQL named after the database
 * object it declares (`guichet_hold.sql`), migrations after drizzle-kit's numbering.
 */
const root = join(import.meta.dirname, '..');
const trees = ['apps/api/src', 'apps/api/test', 'apps/web/src', 'packages/shared/src', 'e2e/tests', 'bench'];

const folder = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const kebab = /^[a-z0-9]+(-[a-z0-9]+)*(\.[a-z0-9]+(-[a-z0-9]+)*)*\.(ts|tsx|css|mjs|js)$/;
const component = /^[A-Z][A-Za-z0-9]*(\.(test|module))?\.(tsx|ts|css)$/;
const hook = /^use[A-Z][A-Za-z0-9]*(\.test)?\.ts$/;
const sqlObject = /^[a-z0-9_]+\.sql$/;
const migrationMeta = /^(\d{4}_snapshot|_journal)\.json$/;
const sourceFile = /\.(ts|tsx|css|mjs|js|sql)$/;

function walk(dir: string, found: { folders: string[]; files: string[] }) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      found.folders.push(relative(root, path));
      walk(path, found);
    } else {
      found.files.push(relative(root, path));
    }
  }
  return found;
}

const { folders, files } = trees.reduce((found, tree) => walk(join(root, tree), found), {
  folders: [] as string[],
  files: [] as string[],
});
const base = (path: string) => path.slice(path.lastIndexOf('/') + 1);

describe('file names', () => {
  it('finds the trees it checks', () => {
    expect(files.filter((path) => path.startsWith('apps/web/src/pages/')).length).toBeGreaterThan(30);
  });

  it('names every folder in kebab-case', () => {
    expect(folders.filter((path) => !folder.test(base(path)))).toEqual([]);
  });

  it('names every source file by the rule', () => {
    const wrong = files.filter((path) => {
      const name = base(path);
      if (migrationMeta.test(name) || !sourceFile.test(name)) return false;
      return ![kebab, component, hook, sqlObject].some((rule) => rule.test(name));
    });
    expect(wrong).toEqual([]);
  });

  it('keeps the React components of a page folder in PascalCase', () => {
    const pages = files.filter((path) => path.startsWith('apps/web/src/pages/') && path.endsWith('.tsx'));
    expect(pages.filter((path) => !component.test(base(path)))).toEqual([]);
  });
});
