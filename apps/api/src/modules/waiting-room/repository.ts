import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { events } from '../../db/schema';

/** What the waiting room needs of an event; undefined for an unknown one. */
export async function findRoomSettings(db: Database, eventId: string) {
  const [row] = await db
    .select({
      onsaleAt: events.onsaleAt,
      admissionPerMinute: events.admissionPerMinute,
      dateEnd: events.dateEnd,
      cancelledAt: events.cancelledAt,
      deletedAt: events.deletedAt,
    })
    .from(events)
    .where(eq(events.id, eventId))
    .limit(1);
  return row;
}
