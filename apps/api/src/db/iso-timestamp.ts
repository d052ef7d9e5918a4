import { type SQL, sql } from 'drizzle-orm';

/**
 * A timestamptz column as the API sends instants: ISO 8601 in UTC to the millisecond, as
 * `Date.toISOString()` writes it, whichever driver reads the row (pg returns a Date, PGlite a
 * string in the session's zone). A null stays null. `column` is SQL written in the code, never input.
 */
export function isoTimestamp(column: string): SQL {
  return sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);
}
