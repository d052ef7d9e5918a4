import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client';

type LiveParticipation = { id: string; ticketId: string; quantity: number; isPaid: boolean };

/**
 * The user's live participations on an event, locked until the transaction ends so that two
 * leave requests cannot both give the same places back. A participation is paid when its order
 * took money; without an order (a sale at the door), when its ticket has a price and it is not
 * a gift.
 */
export function lockLiveParticipations(tx: Database, eventId: string, userId: string) {
  return queryRows<LiveParticipation>(
    tx,
    sql`select p.id, p.ticket_id as "ticketId", p.quantity,
               case when o.id is not null then o.total_cents > 0
                    else not p.is_gift and t.price_cents > 0 end as "isPaid"
          from participations p
          join tickets t on t.id = p.ticket_id
          left join orders o on o.id = p.order_id
         where p.event_id = ${eventId} and p.user_id = ${userId} and p.cancelled_at is null
         for update of p`,
  );
}
