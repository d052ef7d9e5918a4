import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client';

/** Events folded per sweep: each in a transaction of its own, a few milliseconds each. */
const EVENTS_PER_SWEEP = 200;

/**
 * The sweep 'fold kept statistics': the kept figures written by backends that are gone are folded
 * into one row per key (guichet_fold_kept_counts), so that the rows a statistics read adds up stay
 * about as many as the pool's connections. Answers the rows folded.
 */
export async function foldKeptStatistics(db: Database): Promise<number> {
  const events = await queryRows<{ id: string }>(
    db,
    sql`with live as (select coalesce(array_agg(pid), '{}') as pids from pg_stat_activity)
        select distinct k.event_id as id from live, (
          select event_id, slot from event_ticket_totals
          union all select event_id, slot from event_scan_hours
          union all select event_id, slot from event_holder_counts
          union all select event_id, slot from participant_line_counts) k
         where k.slot <> 0 and k.slot <> all (live.pids)
         limit ${EVENTS_PER_SWEEP}`,
  );
  let folded = 0;
  for (const event of events) {
    const [row] = await queryRows<{ folded: number }>(
      db,
      sql`select guichet_fold_kept_counts(${event.id}::uuid) as folded`,
    );
    folded += row?.folded ?? 0;
  }
  return folded;
}
