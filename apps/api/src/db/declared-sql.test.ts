import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase, queryRows } from './client';
import { applyDeclaredSql, parseDeclaredSql, readDeclaredSql } from './declared-sql';

const here = path.dirname(fileURLToPath(import.meta.url));
const migrationsDir = path.join(here, 'migrations');
// Migrations up to this one copied function bodies; they stay as they were applied.
const LAST_MIGRATION_WITH_BODIES = '0024';

/** The body PostgreSQL keeps for a function (pg_proc.prosrc): what stands between its dollar quotes. */
function bodyOf(text: string): string {
  const open = text.indexOf('$$');
  return text.slice(open + 2, text.indexOf('$$', open + 2));
}

describe('SQL declared once', () => {
  const declared = readDeclaredSql();
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = await openDatabase({ url: process.env.DATABASE_URL, dataDir: 'memory://' });
    await database.migrate();
  }, 60_000);
  afterAll(() => database.close());

  it('names every object once, in a file named after it', () => {
    expect(declared.length).toBeGreaterThan(20);
    const names = declared.map((object) => object.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('no migration after 0024 copies a function, view or trigger', () => {
    const later = readdirSync(migrationsDir).filter(
      (file) => file.endsWith('.sql') && file.slice(0, 4) > LAST_MIGRATION_WITH_BODIES,
    );
    for (const file of later) {
      const text = readFileSync(path.join(migrationsDir, file), 'utf8');
      expect(text, file).not.toMatch(/CREATE\s+(OR\s+REPLACE\s+)?(CONSTRAINT\s+)?(FUNCTION|TRIGGER|VIEW)\b/i);
    }
  });

  it('every function of the database has its file, with the body the file holds', async () => {
    const functions = await queryRows<{ name: string; body: string }>(
      database.db,
      sql`select p.proname as name, p.prosrc as body from pg_proc p
            join pg_namespace n on n.oid = p.pronamespace
           where n.nspname = 'public'
             and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')`,
    );
    const files = new Map(declared.filter((o) => o.kind === 'function').map((o) => [o.name, o]));
    for (const fn of functions) {
      const file = files.get(fn.name);
      expect(file, `${fn.name} has a file in a module's sql/ folder`).toBeDefined();
      expect(fn.body, `${fn.name} is the body of ${file?.file}`).toBe(bodyOf(file?.text ?? ''));
    }
    expect(functions.map((fn) => fn.name).sort()).toEqual([...files.keys()].sort());
  });

  it('every trigger and view of the database has its file', async () => {
    const triggers = await queryRows<{ name: string }>(
      database.db,
      sql`select t.tgname as name from pg_trigger t join pg_class c on c.oid = t.tgrelid
            join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and not t.tgisinternal`,
    );
    const views = await queryRows<{ name: string }>(
      database.db,
      sql`select viewname as name from pg_views where schemaname = 'public'`,
    );
    const names = (kind: string) =>
      declared
        .filter((o) => o.kind === kind)
        .map((o) => o.name)
        .sort();
    expect(triggers.map((t) => t.name).sort()).toEqual(names('trigger'));
    expect(views.map((v) => v.name).sort()).toEqual(names('view'));
  });

  it('a file that does not apply is named, and changes nothing', async () => {
    const broken = parseDeclaredSql(
      'checkout/sql/guichet_broken.sql',
      'CREATE OR REPLACE FUNCTION guichet_broken() RETURNS integer LANGUAGE plpgsql AS $$ BEGIN RETURN 1 END $$;',
    );
    const fine = parseDeclaredSql(
      'checkout/sql/guichet_fine.sql',
      'CREATE OR REPLACE FUNCTION guichet_fine() RETURNS integer LANGUAGE sql AS $$ SELECT 1 $$;',
    );
    await expect(applyDeclaredSql(database.db, [fine, broken])).rejects.toThrow(
      /^SQL file checkout\/sql\/guichet_broken\.sql: /,
    );
    const left = await queryRows(database.db, sql`select 1 from pg_proc where proname = 'guichet_fine'`);
    expect(left).toEqual([]);
  });

  it('applies again only what changed, or what the database lacks', async () => {
    const stamps = () =>
      queryRows<{ name: string; at: string }>(database.db, sql`select name, applied_at::text as at from declared_sql`);
    const before = await stamps();
    await applyDeclaredSql(database.db);
    expect(await stamps()).toEqual(before);

    const fn = declared.find((o) => o.name === 'guichet_hold_counters');
    if (!fn) throw new Error('guichet_hold_counters has no file');
    const edited = { ...fn, text: `-- edited\n${fn.text}` };
    await applyDeclaredSql(database.db, [edited]);
    const after = new Map((await stamps()).map((row) => [row.name, row.at]));
    expect(after.get('guichet_hold_counters')).not.toBe(before.find((row) => row.name === fn.name)?.at);
    await applyDeclaredSql(database.db);
  });

  it('a file must hold the one object it is named after', () => {
    expect(() =>
      parseDeclaredSql(
        'x/sql/guichet_a.sql',
        'CREATE OR REPLACE FUNCTION guichet_b() RETURNS int LANGUAGE sql AS $$ SELECT 1 $$;',
      ),
    ).toThrow(/x\/sql\/guichet_a\.sql/);
  });
});
