import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type SQL, sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

/**
 * SQL functions, views and triggers are declared once, each in a file named after it in the sql/
 * folder of the module that owns it, and applied with CREATE OR REPLACE after the schema
 * migrations at every start. A migration never copies a body again: changing a function is
 * changing its file (docs/decisions.md, "SQL declared once").
 */
type DeclaredSql = {
  kind: 'function' | 'view' | 'trigger';
  name: string;
  /** The file's path from the modules folder, for messages: `orders/sql/guichet_hold.sql`. */
  file: string;
  text: string;
  /** What removes the object before it is created again, where CREATE OR REPLACE cannot. */
  replace?: string;
};

export class DeclaredSqlError extends Error {
  constructor(
    readonly file: string,
    cause: unknown,
  ) {
    super(`SQL file ${file}: ${reasonOf(cause)}`, { cause });
    this.name = 'DeclaredSqlError';
  }
}

/** The database's own words: drizzle wraps them in a "Failed query" error that repeats the whole file. */
function reasonOf(cause: unknown): string {
  const inner = cause instanceof Error && cause.cause instanceof Error ? cause.cause : cause;
  return inner instanceof Error ? inner.message : String(inner);
}

const here = path.dirname(fileURLToPath(import.meta.url));
// The sources keep src/modules beside src/db; the compiled server has dist/modules beside
// dist/server.js (apps/api/scripts/build.mjs copies each module's sql/ folder there).
const modulesRoot = existsSync(path.join(here, 'modules'))
  ? path.join(here, 'modules')
  : path.join(here, '..', 'modules');

const HEADER = /^CREATE (?:OR REPLACE |(?=CONSTRAINT ))(?:CONSTRAINT )?(FUNCTION|VIEW|TRIGGER)\s+([a-z_][a-z0-9_]*)/im;
// PostgreSQL cannot replace a constraint trigger (a deferred one): it is dropped and created again.
const CONSTRAINT_TRIGGER = /^CREATE CONSTRAINT TRIGGER\s+[a-z_][a-z0-9_]*\s[\s\S]*?\bON\s+([a-z_][a-z0-9_]*)/im;
// Functions first (views and triggers name them), then views, then triggers (which name both).
const ORDER: Record<DeclaredSql['kind'], number> = { function: 0, view: 1, trigger: 2 };

/** Reads one declared object's file; its single CREATE statement must name what the file is named after. */
export function parseDeclaredSql(file: string, text: string): DeclaredSql {
  const header = HEADER.exec(text);
  const statements = text.match(/^\s*CREATE\b/gim)?.length ?? 0;
  const expected = path.basename(file, '.sql');
  if (!header || statements !== 1 || header[2] !== expected) {
    throw new DeclaredSqlError(
      file,
      new Error(
        `must hold one CREATE OR REPLACE FUNCTION, VIEW or TRIGGER, or one CREATE CONSTRAINT TRIGGER, ${expected}`,
      ),
    );
  }
  const table = CONSTRAINT_TRIGGER.exec(text)?.[1];
  return {
    kind: (header[1] as string).toLowerCase() as DeclaredSql['kind'],
    name: expected,
    file,
    text,
    ...(table ? { replace: `DROP TRIGGER IF EXISTS ${expected} ON ${table}` } : {}),
  };
}

/** Every module's declared SQL, in the order it is applied. */
export function readDeclaredSql(root = modulesRoot): DeclaredSql[] {
  const objects: DeclaredSql[] = [];
  for (const module of readdirSync(root, { withFileTypes: true })) {
    const folder = path.join(root, module.name, 'sql');
    if (!module.isDirectory() || !existsSync(folder)) continue;
    for (const name of readdirSync(folder).filter((file) => file.endsWith('.sql'))) {
      objects.push(parseDeclaredSql(`${module.name}/sql/${name}`, readFileSync(path.join(folder, name), 'utf8')));
    }
  }
  return objects.sort((a, b) => ORDER[a.kind] - ORDER[b.kind] || a.name.localeCompare(b.name));
}

// Any fixed number: processes starting together apply the files one after the other, since
// concurrent CREATE OR REPLACE of one function fails with "tuple concurrently updated".
const APPLY_LOCK = 74_201_126;

/**
 * Applies, in one transaction, the declared objects whose text changed since they were last applied
 * or that the database lacks: a file that fails leaves the database as it was. An unchanged start
 * replaces nothing, so it takes no lock on the tables the triggers are on (a trigger's CREATE OR
 * REPLACE would wait for, and hold up, every sale in progress).
 */
export async function applyDeclaredSql(
  db: PgDatabase<PgQueryResultHKT, Record<string, unknown>>,
  objects: DeclaredSql[] = readDeclaredSql(),
): Promise<void> {
  const hashes = new Map(
    objects.map((object) => [object.name, createHash('sha256').update(object.text).digest('hex')]),
  );
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${APPLY_LOCK})`);
    const current = await rows<{ name: string; sha256: string }>(
      tx,
      sql`select d.name, d.sha256 from declared_sql d
           where exists (select 1 from pg_proc where proname = d.name)
              or exists (select 1 from pg_trigger where tgname = d.name and not tgisinternal)
              or exists (select 1 from pg_views where viewname = d.name and schemaname = 'public')`,
    );
    const applied = new Map(current.map((row) => [row.name, row.sha256]));
    for (const object of objects.filter((o) => applied.get(o.name) !== hashes.get(o.name))) {
      try {
        if (object.replace) await tx.execute(sql.raw(object.replace));
        await tx.execute(sql.raw(object.text));
      } catch (error) {
        throw new DeclaredSqlError(object.file, error);
      }
      await tx.execute(
        sql`insert into declared_sql (name, sha256) values (${object.name}, ${hashes.get(object.name)})
            on conflict (name) do update set sha256 = excluded.sha256, applied_at = now()`,
      );
    }
  });
}

async function rows<T>(db: PgDatabase<PgQueryResultHKT, Record<string, unknown>>, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * What migrations left to run once the declared SQL exists (table owed_statements), each once: its
 * row is deleted in the statement's transaction, under the lock that applies the declared SQL, so
 * two servers starting together do not both run it.
 */
export async function runOwedStatements(db: PgDatabase<PgQueryResultHKT, Record<string, unknown>>): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${APPLY_LOCK})`);
    const owed = await rows<{ name: string; statement: string }>(
      tx,
      sql`delete from owed_statements returning name, statement`,
    );
    for (const { name, statement } of owed.sort((a, b) => a.name.localeCompare(b.name))) {
      try {
        await tx.execute(sql.raw(statement));
      } catch (error) {
        throw new DeclaredSqlError(`owed statement ${name}`, error);
      }
    }
  });
}
