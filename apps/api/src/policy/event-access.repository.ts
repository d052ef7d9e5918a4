import { type SQL, sql } from 'drizzle-orm';
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

/**
 * The columns of EventAccessRow for the event `e` and the viewer's staff row `s` (joined by
 * eventStaffJoin): written once for every statement that reads an event with its access.
 */
export const eventAccessColumns = (viewerId: string | null): SQL =>
  sql`e.id, e.title, e.organizer_id as "organizerId", e.is_public as "isPublic",
      s.user_id is not null as "isStaff", coalesce(s.role = 'box-office', false) as "isBoxOffice",
      exists(select 1 from participations p
              where p.event_id = e.id and p.user_id = ${viewerId} and p.cancelled_at is null) as "isParticipant"`;

/** The viewer's staff row `s` of the event `e`, if any. */
export const eventStaffJoin = (viewerId: string | null): SQL =>
  sql`left join event_staff s on s.event_id = e.id and s.user_id = ${viewerId}`;

/** A live event with the viewer's relations to it, in one statement. */
export async function findEventAccess(
  db: Database,
  eventId: string,
  viewerId: string | null,
): Promise<EventAccessRow | undefined> {
  const [row] = await queryRows<EventAccessRow>(
    db,
    sql`select ${eventAccessColumns(viewerId)}
          from events e ${eventStaffJoin(viewerId)}
         where e.id = ${eventId} and e.deleted_at is null`,
  );
  return row;
}
