import type { Answers } from '@guichet/shared';
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client';

export type PlaceToAnswer = {
  id: string;
  eventId: string;
  /** The place's ticket and its head (a choice ticket's option): the questions about either apply. */
  ticketIds: string[];
  isGift: boolean;
  answers: Answers | null;
  orderId: string | null;
  /** The place's holder bought it: they also answer the order's questions. */
  isBuyer: boolean;
  orderAnswers: Answers | null;
  /** The paid tickets of its order and their heads: the order's questions about them apply. */
  orderTicketIds: string[];
  /** Until when answers may change: the holders' deadline, else the event's start. */
  editableUntil: Date;
};

/** One of the user's live places, locked until the transaction ends, with what its answers depend on. */
export async function lockOwnPlace(
  tx: Database,
  participationId: string,
  userId: string,
  lock: boolean,
): Promise<PlaceToAnswer | undefined> {
  const [row] = await queryRows<Omit<PlaceToAnswer, 'editableUntil'> & { editableUntil: Date | string }>(
    tx,
    sql`select p.id, p.event_id as "eventId", json_build_array(p.ticket_id, coalesce(t.parent_id, p.ticket_id)) as "ticketIds",
               p.is_gift as "isGift", p.answers, o.id as "orderId", coalesce(o.user_id = p.user_id, false) as "isBuyer",
               o.answers as "orderAnswers",
               coalesce((select json_agg(x) from (
                   select l.ticket_id from order_lines l where l.order_id = o.id and not l.is_gift
                   union
                   select lt.parent_id from order_lines l join tickets lt on lt.id = l.ticket_id
                    where l.order_id = o.id and not l.is_gift and lt.parent_id is not null) s(x)), '[]') as "orderTicketIds",
               coalesce(e.holders_editable_until, e.date_begin) as "editableUntil"
          from participations p
          join events e on e.id = p.event_id
          join tickets t on t.id = p.ticket_id
          left join orders o on o.id = p.order_id
         where p.id = ${participationId} and p.user_id = ${userId} and p.cancelled_at is null
           and e.deleted_at is null
         ${lock ? sql`for update of p` : sql``}`,
  );
  // Timestamps come back as text from one driver and Date from the other.
  return row ? { ...row, editableUntil: new Date(row.editableUntil) } : undefined;
}

export async function setPlaceAnswers(tx: Database, participationId: string, answers: Answers) {
  await tx.execute(
    sql`update participations set answers = ${JSON.stringify(answers)}::jsonb where id = ${participationId}`,
  );
}

export async function setOrderAnswers(tx: Database, orderId: string, answers: Answers) {
  await tx.execute(sql`update orders set answers = ${JSON.stringify(answers)}::jsonb where id = ${orderId}`);
}
