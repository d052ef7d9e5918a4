import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client';

type RefundCandidate = {
  id: string;
  eventId: string;
  eventTitle: string;
  dateBegin: Date;
  dateMaxRefund: Date | null;
  ticketTitle: string;
  quantity: number;
  refundPlaces: number;
  refundRequestedAt: Date | null;
  /** For the greeting of the holder's e-mail. */
  holderFirstName: string;
  holderName: string;
  holderEmail: string;
  reference: string | null;
  organizerEmail: string;
};

/**
 * One of the user's live participations, locked until the transaction ends so that two refund
 * requests for it are answered one after the other.
 */
export async function lockOwnParticipation(
  tx: Database,
  participationId: string,
  userId: string,
): Promise<RefundCandidate | undefined> {
  const [row] = await queryRows<RefundCandidate>(
    tx,
    sql`select p.id, p.event_id as "eventId", e.title as "eventTitle", e.date_begin as "dateBegin",
               e.date_max_refund as "dateMaxRefund", t.title as "ticketTitle", p.quantity,
               p.refund_places as "refundPlaces", p.refund_requested_at as "refundRequestedAt",
               coalesce(o.buyer_first_name, u.first_name) as "holderFirstName",
               guichet_holder_name(coalesce(p.holder_first_name, o.buyer_first_name), coalesce(p.holder_last_name, o.buyer_last_name),
                                   u.first_name, u.last_name) as "holderName",
               coalesce(o.buyer_email, u.email) as "holderEmail",
               o.reference, organizer.email as "organizerEmail"
          from participations p
          join events e on e.id = p.event_id
          join tickets t on t.id = p.ticket_id
          join users u on u.id = p.user_id
          join users organizer on organizer.id = e.organizer_id
          left join orders o on o.id = p.order_id
         where p.id = ${participationId} and p.user_id = ${userId} and p.cancelled_at is null
         for update of p`,
  );
  if (!row) return undefined;
  // Timestamps come back as text from one driver and Date from the other.
  return {
    ...row,
    dateBegin: new Date(row.dateBegin),
    dateMaxRefund: row.dateMaxRefund ? new Date(row.dateMaxRefund) : null,
    refundRequestedAt: row.refundRequestedAt ? new Date(row.refundRequestedAt) : null,
  };
}

export async function markRefundRequested(tx: Database, participationId: string, at: Date): Promise<void> {
  await tx.execute(
    sql`update participations set refund_requested_at = ${at.toISOString()}::timestamptz where id = ${participationId}`,
  );
}
