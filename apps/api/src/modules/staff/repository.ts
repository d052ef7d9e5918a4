import { and, eq, sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client';
import { isoTimestamp } from '../../db/iso-timestamp';
import { eventStaff } from '../../db/schema';

type StaffRow = {
  userId: string;
  firstName: string;
  lastName: string;
  email: string;
  isOrganizer: boolean;
  role: 'scanner' | 'box-office' | null;
  scannedCount: number;
  addedAt: string | null;
};

/** The organiser, then the staff in the order they were added, with their accepted scans counted. */
export function findStaff(db: Database, eventId: string): Promise<StaffRow[]> {
  return queryRows<StaffRow>(
    db,
    sql`with members as (
          select e.organizer_id as user_id, true as is_organizer, null::text as role,
                 null::timestamptz as added_at, 0 as position
            from events e where e.id = ${eventId}
          union all
          select s.user_id, false, s.role, s.created_at, 1 from event_staff s where s.event_id = ${eventId}
        )
        select m.user_id as "userId", u.first_name as "firstName", u.last_name as "lastName", u.email,
               m.is_organizer as "isOrganizer", m.role,
               (select count(*)::int from scans c
                 where c.event_id = ${eventId} and c.staff_user_id = m.user_id and c.result = 'accepted') as "scannedCount",
               case when m.added_at is null then null else ${isoTimestamp('m.added_at')} end as "addedAt"
          from members m join users u on u.id = m.user_id
         order by m.position, m.added_at, u.last_name`,
  );
}

/** Adds a member once: false when they already were. */
export async function insertStaff(
  db: Database,
  values: { eventId: string; userId: string; addedBy: string; role: 'scanner' | 'box-office' },
): Promise<boolean> {
  const rows = await db
    .insert(eventStaff)
    .values(values)
    .onConflictDoNothing()
    .returning({ userId: eventStaff.userId });
  return rows.length > 0;
}

export async function updateStaffRole(
  db: Database,
  eventId: string,
  userId: string,
  role: 'scanner' | 'box-office',
): Promise<boolean> {
  const rows = await db
    .update(eventStaff)
    .set({ role })
    .where(and(eq(eventStaff.eventId, eventId), eq(eventStaff.userId, userId)))
    .returning({ userId: eventStaff.userId });
  return rows.length > 0;
}

export async function deleteStaff(db: Database, eventId: string, userId: string): Promise<boolean> {
  const rows = await db
    .delete(eventStaff)
    .where(and(eq(eventStaff.eventId, eventId), eq(eventStaff.userId, userId)))
    .returning({ userId: eventStaff.userId });
  return rows.length > 0;
}

type StaffScanRow = { scanId: string; lastName: string; firstName: string; ticket: string; scannedAt: string };

/** The entries one person let in at an event, newest first, with whom and on which ticket. */
export function findScansBy(db: Database, eventId: string, staffUserId: string): Promise<StaffScanRow[]> {
  return queryRows<StaffScanRow>(
    db,
    sql`select s.id as "scanId",
               coalesce(o.buyer_last_name, u.last_name) as "lastName",
               coalesce(o.buyer_first_name, u.first_name) as "firstName",
               coalesce(h.title || ' — ' || t.title, t.title) as ticket,
               ${isoTimestamp('s.scanned_at')} as "scannedAt"
          from scans s
          join participations p on p.id = s.participation_id
          join users u on u.id = p.user_id
          join tickets t on t.id = p.ticket_id
          left join tickets h on h.id = t.parent_id
          left join orders o on o.id = p.order_id
         where s.event_id = ${eventId} and s.staff_user_id = ${staffUserId} and s.result = 'accepted'
         order by s.scanned_at desc, s.id`,
  );
}
