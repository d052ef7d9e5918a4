import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { queryRows } from '../../db/client';
import { preparedRows, type Statement } from '../../db/prepared';
import { batchFailureReason, createGroupCommit } from '../../lib/group-commit';
import { settlementBatchFailures, settlementBatchSize } from '../../lib/metrics';
import { confirmationMail } from '../../mail/confirmation-mail';
import { MAIL_MAX_ATTEMPTS, type OutgoingMail } from '../../mail/outbox';
import type { OrderRow } from './repository';

/**
 * The payments of held orders, read and settled together when their notifications arrive
 * together (group commit, docs/decisions.md "Confirmations"): one round trip reads the orders of
 * a batch, one statement, transaction and commit settles them, each notification with its own
 * answer.
 */

type OrderToSettle = Pick<
  OrderRow,
  'id' | 'eventId' | 'userId' | 'buyerEmail' | 'buyerFirstName' | 'reference' | 'status' | 'totalCents'
> & {
  eventTitle: string;
  eventCancelled: boolean;
  lines: {
    ticketId: string;
    /** The date bought (issue 32); none for a pass and for a one-date event. */
    dateId?: string | null;
    quantity: number;
    refundPlaces: number;
    isGift: boolean;
    /** The holders the buyer named, one per place, when the event asks for them. */
    holders?: PlaceHolder[] | null;
    /** The answers to the questions asked for each place (attendee questions), in order. */
    answers?: PlaceAnswers[] | null;
  }[];
};

type PlaceHolder = { firstName: string; lastName: string };
type PlaceAnswers = Record<string, string | string[] | boolean>;

/** One participation per place (docs/decisions.md, "One ticket per place"). */
type PlaceToIssue = {
  id: string;
  ticketId: string;
  dateId: string | null;
  quantity: 1;
  refundPlaces: 0 | 1;
  isGift: boolean;
  holderFirstName: string | null;
  holderLastName: string | null;
  answers: PlaceAnswers | null;
};

/** The batch's array matched so that the statement keeps one generic plan (db/prepared.ts). */
const ordersToSettleStatement: Statement = {
  name: 'guichet_orders_to_settle',
  text: `select o.id, o.event_id as "eventId", o.user_id as "userId", o.buyer_email as "buyerEmail",
                o.buyer_first_name as "buyerFirstName", o.reference, o.status, o.total_cents as "totalCents",
                e.title as "eventTitle", e.cancelled_at is not null as "eventCancelled",
                coalesce((select json_agg(json_build_object('ticketId', l.ticket_id, 'dateId', l.date_id, 'quantity', l.quantity,
                                   'refundPlaces', l.refund_places, 'isGift', l.is_gift, 'holders', l.holders,
                                   'answers', l.answers)
                                   order by l.id)
                            from order_lines l where l.order_id = o.id), '[]') as lines
           from orders o join events e on e.id = o.event_id where o.reference = any(array(select unnest($1::text[])))`,
};

const settleHeldStatement: Statement = {
  name: 'guichet_settle_held',
  text: 'select guichet_settle_held($1::jsonb) as outcomes',
};

type HeldSettlement = {
  orderId: string;
  provider: string;
  /** The provider's capture; none for an order paid at once (free, or at the door). */
  transactionId: string | null;
  amountCents: number;
  participations: PlaceToIssue[];
  mail: OutgoingMail;
  /** Where the participations were sold: 'web' unless said. */
  source?: PlaceSource;
  /** The order's time of payment: the database's, unless said. */
  paidAt?: string;
};

type SettlementOutcome = 'paid' | 'changed';
/** Where a place came from: sold online, sold at the door, or given by the organiser as an invitation. */
export type PlaceSource = 'web' | 'presentiel' | 'invitation';

/** Under 32 orders locked per transaction, and a short hold of the ticket's row. */
const SETTLEMENT_BATCH_MAX = 32;

function settlementGroupsOf(db: Database) {
  const rows = preparedRows(db);
  const read = async (references: string[]) => {
    const found = await rows<OrderToSettle>(ordersToSettleStatement, [references]);
    const byReference = new Map(found.map((order) => [order.reference, order]));
    return references.map((reference) => byReference.get(reference));
  };
  const settle = async (batch: HeldSettlement[]) => {
    settlementBatchSize.observe(batch.length);
    const [row] = await rows<{ outcomes: SettlementOutcome[] }>(settleHeldStatement, [
      JSON.stringify({ mailMaxAttempts: MAIL_MAX_ATTEMPTS, settlements: batch }),
    ]);
    return row?.outcomes ?? [];
  };
  return {
    reads: createGroupCommit<string, OrderToSettle | undefined>({
      batch: read,
      single: async (reference) => (await read([reference]))[0],
      maxBatch: SETTLEMENT_BATCH_MAX,
    }),
    settlements: createGroupCommit<HeldSettlement, SettlementOutcome>({
      batch: settle,
      single: async (settlement) => (await settle([settlement]))[0] ?? 'changed',
      maxBatch: SETTLEMENT_BATCH_MAX,
      onBatchError: (error, size) =>
        settlementBatchFailures.inc({ size: String(size), reason: batchFailureReason(error) }),
    }),
  };
}
const settlementGroups = new WeakMap<Database, ReturnType<typeof settlementGroupsOf>>();

function groupsOf(db: Database) {
  let groups = settlementGroups.get(db);
  if (!groups) {
    groups = settlementGroupsOf(db);
    settlementGroups.set(db, groups);
  }
  return groups;
}

/** What settling a payment of the order needs, read without a lock (guichet_settle_held checks it again). */
export function findOrderToSettle(db: Database, reference: string): Promise<OrderToSettle | undefined> {
  return groupsOf(db).reads.run('orders', reference);
}

/**
 * A held order paid (orders/sql/guichet_settle_held.sql), with the others settled at the same
 * moment: 'paid', or 'changed' when the order is no longer held at that amount.
 */
export function settleHeldOrder(db: Database, settlement: HeldSettlement): Promise<SettlementOutcome> {
  return groupsOf(db).settlements.run('settlements', settlement);
}

/**
 * The places of an order's lines, each its own participation: the line's refund options go to its
 * first places, its holders and its answers to the places in order.
 */
export function placesOf(lines: OrderToSettle['lines']): PlaceToIssue[] {
  return lines.flatMap(({ ticketId, dateId, quantity, refundPlaces, isGift, holders, answers }) =>
    Array.from({ length: quantity }, (_, index) => ({
      id: randomUUID(),
      ticketId,
      dateId: dateId ?? null,
      quantity: 1 as const,
      refundPlaces: index < refundPlaces ? (1 as const) : (0 as const),
      isGift,
      holderFirstName: holders?.[index]?.firstName ?? null,
      holderLastName: holders?.[index]?.lastName ?? null,
      answers: answers?.[index] ?? null,
    })),
  );
}

/**
 * What settling a payment of a held order writes: its participations, one per place (their ids made here, so
 * that the confirmation e-mail names them) and that e-mail. The tickets' PDF and QR codes are
 * made when the e-mail is sent, so that the settling transaction stays short in an on-sale rush.
 */
export function heldSettlement(
  order: Pick<OrderToSettle, 'id' | 'buyerEmail' | 'buyerFirstName' | 'reference' | 'eventTitle'> & {
    lines: OrderToSettle['lines'];
  },
  provider: string,
  payment: { transactionId: string | null; amountCents: number },
  site: { brandName: string; publicUrl: string },
): HeldSettlement {
  const participations = placesOf(order.lines);
  return {
    orderId: order.id,
    provider,
    transactionId: payment.transactionId,
    amountCents: payment.amountCents,
    participations,
    mail: confirmationMail({
      to: order.buyerEmail,
      brandName: site.brandName,
      firstName: order.buyerFirstName,
      eventTitle: order.eventTitle,
      reference: order.reference,
      ticketsUrl: `${site.publicUrl}/myTickets`,
      participationIds: participations.map((p) => p.id),
    }),
  };
}

/**
 * Held orders paid inside the caller's transaction, which has locked them: the same statement as
 * the batches (guichet_settle_held), one outcome per settlement.
 */
export async function settleInTransaction(tx: Database, settlements: HeldSettlement[]): Promise<SettlementOutcome[]> {
  const [row] = await queryRows<{ outcomes: SettlementOutcome[] }>(
    tx,
    sql`select guichet_settle_held(${JSON.stringify({ mailMaxAttempts: MAIL_MAX_ATTEMPTS, settlements })}::jsonb) as outcomes`,
  );
  return settlements.map((_, i) => row?.outcomes[i] ?? 'changed');
}
