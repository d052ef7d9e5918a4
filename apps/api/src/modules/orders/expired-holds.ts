import type { Database } from '../../db/client';
import { findEventsWithExpiredHolds, reclaimExpiredHolds } from './places';

const EVENTS_PER_SWEEP = 50;

/**
 * Gives back the places and promo uses of every hold past its deadline (the job runner's
 * periodic sweep), so that counters and the organiser's figures do not wait for the next buyer
 * of the event to find the places. Each event in its own transaction, outside any other.
 */
export async function reclaimEveryExpiredHold(db: Database, now: Date): Promise<number> {
  let tickets = 0;
  for (const eventId of await findEventsWithExpiredHolds(db, now, EVENTS_PER_SWEEP)) {
    tickets += await reclaimExpiredHolds(db, eventId, now);
  }
  return tickets;
}
