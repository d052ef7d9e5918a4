import { createHash } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Database } from './client';

/**
 * A statement of the on-sale path, written once and sent straight to the driver (prepared once
 * per connection on PostgreSQL): building them per request through the query builder was a
 * measured cost (see bench/onsale).
 */
export type Statement = { name: string; text: string };

/*
 * A batch's array of keys is matched as `= any(array(select unnest($1)))`, not `= any($1)`: given
 * the array itself, the planner counts its elements, finds every custom plan cheaper than the
 * generic one and plans the named statement again at each call (the session lookup spent more
 * of PostgreSQL's time being planned than running); read through a sub-select, the array is
 * counted alike in both plans, and the statement is planned once per connection.
 */
type PreparedRows = <T>(statement: Statement, values: unknown[]) => Promise<T[]>;

const drivers = new WeakMap<Database, PreparedRows>();

/** PGlite is loaded only when it is the database (db/client.ts): known by its shape, not its class. */
function isPglite(client: unknown): client is PGlite {
  return typeof client === 'object' && client !== null && 'waitReady' in client && 'query' in client;
}

/** Runs named statements on the database's own driver, whichever of the two it is. */
export function preparedRows(db: Database): PreparedRows {
  let rows = drivers.get(db);
  if (!rows) {
    const client = (db as unknown as { $client: unknown }).$client;
    if (client instanceof pg.Pool) {
      rows = async <T>(s: Statement, values: unknown[]) =>
        (await client.query({ name: s.name, text: s.text, values })).rows as T[];
    } else if (isPglite(client)) {
      rows = async <T>(s: Statement, values: unknown[]) => (await client.query<T>(s.text, values)).rows;
    } else {
      throw new Error('unknown database driver');
    }
    drivers.set(db, rows);
  }
  return rows;
}

const dialect = new PgDialect();

/**
 * A statement built with the query builder, run as a named one (prepared once per connection on
 * PostgreSQL), named after its text so that each shape (of filters, of sort) has its own: the
 * list's and the participants page's statements took longer to plan than to run. Not for a
 * transaction: the name is the pool's.
 */
export function namedRows<T>(db: Database, prefix: string, query: SQL): Promise<T[]> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  const name = `${prefix}_${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`;
  return preparedRows(db)<T>({ name, text }, params);
}
