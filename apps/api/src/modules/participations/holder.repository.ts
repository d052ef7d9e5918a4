import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client';

type HolderTarget = {
  id: string;
  isNamedTickets: boolean;
  /** Until when the holder may change: the organiser's date, else the event's start. */
  editableUntil: Date;
};

/** One of the user's live places, locked until the transaction ends, with its event's holder rules. */
export async function lockOwnPlace(tx: Database, participationId: string, userId: string) {
  const [row] = await queryRows<Omit<HolderTarget, 'editableUntil'> & { editableUntil: Date | string }>(
    tx,
    sql`select p.id, e.is_named_tickets as "isNamedTickets",
               coalesce(e.holders_editable_until, e.date_begin) as "editableUntil"
          from participations p
          join events e on e.id = p.event_id
         where p.id = ${participationId} and p.user_id = ${userId} and p.cancelled_at is null
           and e.deleted_at is null
         for update of p`,
  );
  // Timestamps come back as text from one driver and Date from the other.
  return row ? { ...row, editableUntil: new Date(row.editableUntil) } : undefined;
}

export async function setHolder(
  tx: Database,
  participationId: string,
  holder: { firstName: string; lastName: string },
) {
  await tx.execute(
    sql`update participations set holder_first_name = ${holder.firstName}, holder_last_name = ${holder.lastName}
         where id = ${participationId}`,
  );
}
