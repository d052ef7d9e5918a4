import { randomUUID } from 'node:crypto';
import type { TransferHistoryItem, TransferOffer, TransferStatus } from '@guichet/shared';
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client';
import { isoTimestamp } from '../../db/iso-timestamp';
import { ticketTransfers } from '../../db/schema';
import { findHandOnInProgress, type HandOnInProgress } from '../participations/place.repository';

/** A holder's place as a transfer decides on it, locked until the transaction ends. */
export type PlaceToTransfer = HandOnInProgress & {
  id: string;
  eventId: string;
  ticketId: string;
  userId: string;
  orderId: string | null;
  quantity: number;
  refundPlaces: number;
  isGift: boolean;
  source: 'web' | 'presentiel' | 'invendu' | 'invitation';
  entriesUsed: number;
  firstTicketNumber: number | null;
  isLive: boolean;
  isRevokedInvitation: boolean;
  isRefundRequested: boolean;
  eventTitle: string;
  ticketTitle: string;
  /** The date the place is for (issue 32), null for a pass or a one-date event. */
  dateBegin: string | null;
  isEventOver: boolean;
  transfersAllowed: boolean;
  transferDeadline: string | null;
  transferExpiryDays: number;
};

/**
 * The participation and what its event says of transfers, the participation's row locked: a
 * transfer, its acceptance, a scan's entry and a refund of the same place queue on it, so the
 * checks below hold until the commit.
 */
export async function lockPlace(
  tx: Database,
  participationId: string,
  now: Date,
): Promise<PlaceToTransfer | undefined> {
  const [row] = await queryRows<Omit<PlaceToTransfer, keyof HandOnInProgress>>(
    tx,
    sql`select p.id, p.event_id as "eventId", p.ticket_id as "ticketId", p.user_id as "userId",
               p.order_id as "orderId", p.quantity, p.refund_places as "refundPlaces", p.is_gift as "isGift",
               p.source, p.entries_used as "entriesUsed", p.first_ticket_number as "firstTicketNumber",
               (p.cancelled_at is null and p.transferred_at is null) as "isLive",
               (p.source = 'invitation' and p.cancelled_at is not null and p.transferred_at is null) as "isRevokedInvitation",
               (p.refund_requested_at is not null) as "isRefundRequested",
               e.title as "eventTitle", coalesce(h.title || ' — ' || t.title, t.title) as "ticketTitle",
               (select ${isoTimestamp('d.date_begin')} from event_dates d where d.id = p.date_id) as "dateBegin",
               (e.cancelled_at is not null or e.deleted_at is not null
                or e.date_end <= ${now.toISOString()}::timestamptz) as "isEventOver",
               e.transfers_allowed as "transfersAllowed",
               ${isoTimestamp('e.transfer_deadline')} as "transferDeadline",
               e.transfer_expiry_days as "transferExpiryDays"
          from participations p
          join events e on e.id = p.event_id
          join tickets t on t.id = p.ticket_id
          left join tickets h on h.id = t.parent_id
         where p.id = ${participationId}
         for update of p`,
  );
  if (!row) return undefined;
  return { ...row, ...(await findHandOnInProgress(tx, participationId, now)) };
}

/** Pending transfers past their delay end as expired (before a new one, or a look at one). */
export async function expirePending(db: Database, where: { participationId: string }, now: Date): Promise<void> {
  await queryRows(
    db,
    sql`update ticket_transfers set status = 'expired', ended_at = expires_at
         where participation_id = ${where.participationId} and status = 'pending'
           and expires_at <= ${now.toISOString()}::timestamptz`,
  );
}

/** Sends the place: empty when a transfer of it is pending already (the partial unique index). */
export async function insertTransfer(tx: Database, values: typeof ticketTransfers.$inferInsert): Promise<string> {
  const [row] = await tx
    .insert(ticketTransfers)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: ticketTransfers.id });
  return row?.id ?? '';
}

/** Ends the participation's pending transfer as cancelled: whether there was one. */
export async function cancelPending(db: Database, participationId: string, now: Date): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`update ticket_transfers set status = 'cancelled', ended_at = ${now.toISOString()}::timestamptz
         where participation_id = ${participationId} and status = 'pending'
           and expires_at > ${now.toISOString()}::timestamptz
        returning id`,
  );
  return rows.length > 0;
}

export type TransferByToken = TransferOffer & { id: string; participationId: string; fromUserId: string };

/** The transfer a link's token names (by its hash), with what its page shows; locked when asked. */
export async function findByTokenHash(
  db: Database,
  tokenHash: string,
  options: { lock: boolean },
): Promise<TransferByToken | undefined> {
  const [row] = await queryRows<TransferByToken>(
    db,
    sql`select x.id, x.participation_id as "participationId", x.from_user_id as "fromUserId", x.status,
               x.event_id as "eventId", e.title as "eventTitle", ${isoTimestamp('e.date_begin')} as "dateBegin",
               coalesce(h.title || ' — ' || t.title, t.title) as "ticketTitle",
               u.first_name || ' ' || u.last_name as "senderName", x.to_email as "toEmail",
               ${isoTimestamp('x.expires_at')} as "expiresAt"
          from ticket_transfers x
          join events e on e.id = x.event_id
          join participations p on p.id = x.participation_id
          join tickets t on t.id = p.ticket_id
          left join tickets h on h.id = t.parent_id
          join users u on u.id = x.from_user_id
         where x.token_hash = ${tokenHash}
         ${options.lock ? sql`for update of x` : sql``}`,
  );
  return row;
}

export async function endTransfer(
  tx: Database,
  id: string,
  values: { status: TransferStatus; at: Date; toUserId?: string; newParticipationId?: string },
): Promise<void> {
  await queryRows(
    tx,
    sql`update ticket_transfers set status = ${values.status}, ended_at = ${values.at.toISOString()}::timestamptz,
               to_user_id = ${values.toUserId ?? null}, new_participation_id = ${values.newParticipationId ?? null}
         where id = ${id}`,
  );
}

/**
 * The receiver's new participation: the same place (ticket, order, number, refund option) under
 * a new id, hence a new signed code; the old one is marked transferred, and cancelled so that
 * every count of live places sees one place, and its wallet pass turns void.
 */
export async function moveParticipation(tx: Database, place: PlaceToTransfer, toUserId: string, at: Date) {
  const newId = randomUUID();
  // The old row leaves the live numbers first: the number is unique among live rows only.
  await queryRows(
    tx,
    sql`update participations set transferred_at = ${at.toISOString()}::timestamptz, transferred_to = ${newId},
               cancelled_at = ${at.toISOString()}::timestamptz
         where id = ${place.id}`,
  );
  await queryRows(
    tx,
    // The receiver holds the place: the ticket, the door and the lists show their name.
    sql`insert into participations (id, event_id, ticket_id, user_id, order_id, quantity, refund_places, is_gift,
                                    source, first_ticket_number, number_series, holder_first_name, holder_last_name, date_id)
        select ${newId}, p.event_id, p.ticket_id, ${toUserId}, p.order_id, p.quantity, p.refund_places, p.is_gift,
               p.source, p.first_ticket_number, p.number_series, u.first_name, u.last_name, p.date_id
          from participations p, users u where p.id = ${place.id} and u.id = ${toUserId}`,
  );
  return newId;
}

/**
 * Every transfer of a place of the event along its chain: the participation, the ones it was
 * transferred from, and the transfers sent from each, oldest first.
 */
export function findHistory(db: Database, eventId: string, participationId: string) {
  return queryRows<TransferHistoryItem>(
    db,
    sql`with recursive chain(id) as (
          select ${participationId}::uuid
          union
          select p.id from participations p join chain c on p.transferred_to = c.id where p.event_id = ${eventId}
        )
        select x.id, x.status, u.email as "fromEmail", x.to_email as "toEmail",
               ${isoTimestamp('x.created_at')} as "createdAt", ${isoTimestamp('x.ended_at')} as "endedAt"
          from ticket_transfers x
          join chain c on c.id = x.participation_id
          join users u on u.id = x.from_user_id
         where x.event_id = ${eventId}
         order by x.created_at, x.id`,
  );
}
