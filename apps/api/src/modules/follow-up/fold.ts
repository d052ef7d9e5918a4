import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client';

/** Events read at a time; each is folded in a transaction of its own, a few milliseconds each. */
const EVENTS_PER_BATCH = 200;

/**
 * The sweep 'fold kept statistics': the kept figures written by backends that are gone are folded
 * into one row per key (guichet_fold_kept_counts), so that the rows a statistics read adds up stay
 * about as many as the pool's connections. Answers the rows folded.
 */
export async function foldKeptStatistics(db: Database): Promise<number> {
  let folded = 0;
  // Every event having such rows, a batch at a time in id order: a sweep leaves none behind,
  // however many events the pool's connections wrote for.
  for (let after = '00000000-0000-0000-0000-000000000000'; ; ) {
    const events = await eventsToFold(db, after);
    for (const event of events) {
      const [row] = await queryRows<{ folded: number }>(
        db,
        sql`select guichet_fold_kept_counts(${event.id}::uuid) as folded`,
      );
      folded += row?.folded ?? 0;
    }
    const last = events.at(-1);
    if (!last || events.length < EVENTS_PER_BATCH) return folded;
    after = last.id;
  }
}

/** The next events after `after` (in id order) holding kept figures of a backend gone. */
function eventsToFold(db: Database, after: string): Promise<{ id: string }[]> {
  return queryRows<{ id: string }>(
    db,
    sql`with live as (select coalesce(array_agg(pid), '{}') as pids from pg_stat_activity)
        select distinct k.event_id as id from live, (
          select event_id, slot from event_ticket_totals
          union all select event_id, slot from event_scan_hours
          union all select event_id, slot from event_holder_counts
          union all select event_id, slot from participant_line_counts) k
         where k.slot <> 0 and k.slot <> all (live.pids) and k.event_id > ${after}::uuid
         order by k.event_id
         limit ${EVENTS_PER_BATCH}`,
  );
}
