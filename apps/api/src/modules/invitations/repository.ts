import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client';
import { isoTimestamp } from '../../db/iso-timestamp';

type InvitationRow = {
  participationId: string;
  firstName: string;
  lastName: string;
  email: string;
  ticketTitle: string;
  dateBegin: string | null;
  ticketNumber: number | null;
  createdAt: string;
  revokedAt: string | null;
};

/** The event's invitations, newest first, revoked ones included (their place was given back). */
export function findInvitations(db: Database, eventId: string): Promise<InvitationRow[]> {
  return queryRows<InvitationRow>(
    db,
    sql`select p.id as "participationId", o.buyer_first_name as "firstName", o.buyer_last_name as "lastName",
               o.buyer_email as email, coalesce(h.title || ' — ' || t.title, t.title) as "ticketTitle",
               ${isoTimestamp('d.date_begin')} as "dateBegin",
               p.first_ticket_number as "ticketNumber", ${isoTimestamp('p.created_at')} as "createdAt",
               ${isoTimestamp('p.cancelled_at')} as "revokedAt"
          from participations p
          join orders o on o.id = p.order_id
          join tickets t on t.id = p.ticket_id
          left join tickets h on h.id = t.parent_id
          left join event_dates d on d.id = p.date_id
         where p.event_id = ${eventId} and p.source = 'invitation'
         order by p.created_at desc, p.id`,
  );
}

/** Which of these (normalised) e-mails already hold a live invitation to the event. */
export async function findInvitedEmails(db: Database, eventId: string, emails: string[]): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const rows = await queryRows<{ email: string }>(
    db,
    sql`select distinct o.buyer_email as email
          from participations p join orders o on o.id = p.order_id
         where p.event_id = ${eventId} and p.source = 'invitation' and p.cancelled_at is null
           and o.buyer_email in (select jsonb_array_elements_text(${JSON.stringify(emails)}::jsonb))`,
  );
  return new Set(rows.map((row) => row.email));
}

/** An invitation of the event, locked to the end of `tx` (two revocations at once: one wins). */
export async function lockInvitation(
  tx: Database,
  eventId: string,
  participationId: string,
): Promise<{ id: string; cancelledAt: string | null } | undefined> {
  const [row] = await queryRows<{ id: string; cancelledAt: string | null }>(
    tx,
    sql`select p.id, ${isoTimestamp('p.cancelled_at')} as "cancelledAt" from participations p
         where p.id = ${participationId} and p.event_id = ${eventId} and p.source = 'invitation'
         for update`,
  );
  return row;
}
