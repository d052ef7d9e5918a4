import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../db/client';

export type EventAccessRow = {
  id: string;
  title: string;
  organizerId: string;
  isPublic: boolean;
  isStaff: boolean;
  isBoxOffice: boolean;
  isParticipant: boolean;
};

/** A live event with the viewer's relations to it, in one statement. */
export async function findEventAccess(
  db: Database,
  eventId: string,
  viewerId: string | null,
): Promise<EventAccessRow | undefined> {
  const [row] = await queryRows<EventAccessRow>(
    db,
    sql`select e.id, e.title, e.organizer_id as "organizerId", e.is_public as "isPublic",
               s.user_id is not null as "isStaff", coalesce(s.role = 'box-office', false) as "isBoxOffice",
               exists(select 1 from participations p
                       where p.event_id = e.id and p.user_id = ${viewerId} and p.cancelled_at is null) as "isParticipant"
          from events e
          left join event_staff s on s.event_id = e.id and s.user_id = ${viewerId}
         where e.id = ${eventId} and e.deleted_at is null`,
  );
  return row;
}
