import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client';
import { isoTimestamp } from '../../db/iso-timestamp';

/** An event page a search engine may read: a public event, not deleted. */
export type IndexedEvent = { id: string; updatedAt: string };

const indexable = sql`is_public and deleted_at is null`;

export async function countIndexedEvents(db: Database): Promise<number> {
  const [row] = await queryRows<{ count: number }>(
    db,
    sql`select count(*)::int as count from events where ${indexable}`,
  );
  return row?.count ?? 0;
}

/** One page of them, in a stable order (by id, the primary key's index). */
export async function findIndexedEvents(db: Database, offset: number, limit: number): Promise<IndexedEvent[]> {
  return queryRows<IndexedEvent>(
    db,
    sql`select id, ${isoTimestamp('updated_at')} as "updatedAt" from events where ${indexable}
         order by id offset ${offset} limit ${limit}`,
  );
}
