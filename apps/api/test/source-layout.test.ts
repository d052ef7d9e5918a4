import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The house's rules for the server's files, checked so that a new file cannot break them unseen:
 * - folders kebab-case; `.ts` files kebab-case with an optional role (`payment.service.ts`,
 *   `*.test.ts`); SQL only in a module's `sql/` folder, named after its object (snake_case), or in
 *   the migrations drizzle-kit numbers;
 * - in a module, `routes.ts` / `service.ts` / `repository.ts` when it has one service, and only
 *   `<name>.routes.ts` / `<name>.service.ts` / `<name>.repository.ts` when it has several: never both;
 * - nothing under src/ imports the test scaffolding of test/ (tests beside the code may).
 */
const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const srcRoot = path.join(apiRoot, 'src');

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
}

const KEBAB = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const TS_FILE = /^[a-z0-9]+(-[a-z0-9]+)*(\.(routes|service|repository))?(\.(property\.)?test)?\.ts$/;
const DECLARED_SQL = /^modules\/[^/]+\/sql\/[a-z0-9]+(_[a-z0-9]+)*\.sql$/;
const MIGRATION = /^db\/migrations\/(\d{4}_[a-z0-9_]+\.sql|meta\/(_journal|\d{4}_snapshot)\.json)$/;
const ROLES = ['routes', 'service', 'repository'] as const;

/** The names among `files` (paths relative to src/) that break the file naming rule. */
function misnamedFiles(files: readonly string[]): string[] {
  return files.filter((file) => {
    if (MIGRATION.test(file)) return false;
    const folders = file.split('/').slice(0, -1);
    if (!folders.every((folder) => KEBAB.test(folder))) return true;
    const name = file.split('/').at(-1) ?? '';
    if (name.endsWith('.sql')) return !DECLARED_SQL.test(file);
    return !TS_FILE.test(name);
  });
}

/** The modules among `files` that mix `service.ts` with `<name>.service.ts` (or routes, repositories). */
function modulesMixingRoles(files: readonly string[]): string[] {
  const byModule = new Map<string, string[]>();
  for (const file of files) {
    const match = /^modules\/([^/]+)\/([^/]+\.ts)$/.exec(file);
    if (!match?.[1] || !match[2] || match[2].endsWith('.test.ts')) continue;
    byModule.set(match[1], [...(byModule.get(match[1]) ?? []), match[2]]);
  }
  return [...byModule]
    .filter(([, names]) => {
      const plain = ROLES.some((role) => names.includes(`${role}.ts`));
      const named = ROLES.some((role) => names.some((name) => name.endsWith(`.${role}.ts`)));
      return plain && named;
    })
    .map(([module]) => module);
}

/** The files of src/ (not tests) that import anything under test/. */
function sourcesImportingTests(root: string): string[] {
  const testRoot = path.join(root, '..', 'test');
  return filesUnder(root)
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .filter((file) => {
      const text = readFileSync(path.join(root, file), 'utf8');
      return [...text.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)'(\.{1,2}\/[^']*)'/g)].some(([, specifier]) => {
        const target = path.resolve(path.dirname(path.join(root, file)), specifier ?? '');
        return target === testRoot || target.startsWith(`${testRoot}${path.sep}`);
      });
    });
}

describe('the layout of apps/api/src', () => {
  const files = filesUnder(srcRoot);

  it('names folders and files by the house rule', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(misnamedFiles(files)).toEqual([]);
  });

  it('the rule refuses what it should', () => {
    const refused = [
      'modules/checkout/PaymentService.ts',
      'modules/checkout/payment_service.ts',
      'modules/checkout/payment.helper.ts',
      'modules/doorSales/routes.ts',
      'modules/orders/guichet_hold.sql',
      'modules/orders/sql/guichetHold.sql',
      'db/migrations/hold.sql',
    ];
    const accepted = [
      'modules/checkout/payment.service.ts',
      'modules/ledger/invariants.property.test.ts',
      'modules/orders/sql/guichet_hold.sql',
      'db/migrations/0034_ledger_without_hot_keys.sql',
    ];
    expect(misnamedFiles([...refused, ...accepted])).toEqual(refused);
  });

  it('keeps to one form of the module rule in each module', () => {
    expect(modulesMixingRoles(files)).toEqual([]);
    expect(
      modulesMixingRoles([
        'modules/a/service.ts',
        'modules/a/payment.service.ts',
        'modules/b/routes.ts',
        'modules/b/sale.repository.ts',
        'modules/c/routes.ts',
        'modules/c/service.ts',
        'modules/c/c.test.ts',
        'modules/d/order.routes.ts',
        'modules/d/order.service.ts',
        'modules/d/rules.ts',
      ]),
    ).toEqual(['a', 'b']);
  });

  it('imports nothing from test/ outside the tests', () => {
    expect(sourcesImportingTests(srcRoot)).toEqual([]);
    const scratch = mkdtempSync(path.join(tmpdir(), 'layout-'));
    try {
      mkdirSync(path.join(scratch, 'src', 'modules'), { recursive: true });
      writeFileSync(path.join(scratch, 'src', 'modules', 'fixture.ts'), "import { x } from '../../test/helpers';\n");
      writeFileSync(path.join(scratch, 'src', 'modules', 'a.test.ts'), "import { x } from '../../test/helpers';\n");
      writeFileSync(path.join(scratch, 'src', 'lib.ts'), "import { y } from './modules/fixture';\n");
      expect(sourcesImportingTests(path.join(scratch, 'src'))).toEqual(['modules/fixture.ts']);
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  });
});
