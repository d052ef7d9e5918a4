import { randomUUID } from 'node:crypto';
import type { CompanyInvoice } from '@guichet/shared';
import { eq, sql } from 'drizzle-orm';
import { arrayLiteral } from '../../db/array-literal';
import { type Database, queryRows } from '../../db/client';
import { preparedRows, type Statement } from '../../db/prepared';
import { events, orderLines, orders } from '../../db/schema';
import { batchFailureReason, createGroupCommit } from '../../lib/group-commit';
import { holdBatchFailures, holdBatchSize } from '../../lib/metrics';

/** The sale an order was checked against: the hold refuses it if the sale changed since. */
type CheckedSale = { event: { id: string }; fingerprint: string | null };

export type HoldRequest = {
  sale: CheckedSale;
  /** The logged-in buyer; for a guest, the account is found from `email` in the same call. */
  userId: string | null;
  email: string;
  now: Date;
  afterReclaim: boolean;
  lines: {
    ticketId: string;
    /** The date bought (issue 32); none for a pass and for a one-date event. */
    dateId?: string | null;
    quantity: number;
    unitPriceCents: number;
    refundPlaces: number;
    insuranceCents: number;
    /** The places' holders, in order, when the event's tickets are named. */
    holders?: { firstName: string; lastName: string }[] | null;
    /** The answers to the questions asked for each place, in order (attendee questions). */
    answers?: Record<string, string | string[] | boolean>[] | null;
  }[];
  /** The ticket offered with the order (one place, free), held with the others. */
  giftTicketId: string | null;
  /**
   * The places the order takes per date (issue 32), counted from the sale it was checked against:
   * the hold then reads no table for them (its fingerprint guards the sale). Left out, the hold
   * counts them itself (guichet_hold_date_lines).
   */
  datePlaces?: DatePlaces | null;
  /**
   * An order paid at once (free, or at the door), settled in the hold's transaction (placement.ts);
   * an invitation is the organiser's gift, outside the one-free-place rule.
   */
  settled?: { isFreeEvent: boolean; isInvitation?: boolean };
  order: Partial<Pick<typeof orders.$inferInsert, 'buyerPhone' | 'onsitePayment' | 'soldBy'>> &
    Pick<
      typeof orders.$inferInsert,
      | 'reference'
      | 'buyerFirstName'
      | 'buyerLastName'
      | 'buyerBirthDate'
      | 'studies'
      | 'provider'
      | 'discountCodeId'
      | 'discountPercent'
      | 'subtotalCents'
      | 'discountCents'
      | 'insuranceCents'
      | 'feeCents'
      | 'totalCents'
      | 'expiresAt'
      | 'accessTokenHash'
    > & { answers?: Record<string, string | string[] | boolean> | null };
};

/** Places per date, in date id order. */
export type DatePlaces = { dateIds: string[]; quantities: number[] };

export type HoldOutcome =
  | 'held'
  | 'live_hold'
  | 'stale'
  | 'no_account'
  | 'one_free_ticket'
  | 'promo_used'
  | 'promo_exhausted'
  | 'expired_holds'
  | 'sold_out';

const holdStatement: Statement = { name: 'guichet_hold', text: 'select guichet_hold($1::jsonb) as outcome' };
const holdBatchStatement: Statement = {
  name: 'guichet_hold_batch',
  text: 'select guichet_hold_batch($1::jsonb) as outcomes',
};

type HoldArgument = Record<string, unknown> & { eventId: string };
const holdGroups = new WeakMap<Database, ReturnType<typeof createGroupCommit<HoldArgument, HoldOutcome>>>();
/** Under 64 rows written per batch transaction, and a short hold of the hot row. */
const HOLD_BATCH_MAX = 32;

/**
 * The holds of one event, combined: concurrent buyers of an event share a statement, a round
 * trip and a commit (`guichet_hold_batch`), each with their own answer (docs/decisions.md,
 * "Group commit of holds").
 */
function holdGroupOf(db: Database) {
  let group = holdGroups.get(db);
  if (!group) {
    const rows = preparedRows(db);
    group = createGroupCommit<HoldArgument, HoldOutcome>({
      single: async (argument) => {
        holdBatchSize.observe(1);
        const [row] = await rows<{ outcome: HoldOutcome }>(holdStatement, [JSON.stringify(argument)]);
        if (!row) throw new Error('guichet_hold answered nothing');
        return row.outcome;
      },
      batch: async (batch) => {
        holdBatchSize.observe(batch.length);
        const [row] = await rows<{ outcomes: HoldOutcome[] }>(holdBatchStatement, [JSON.stringify(batch)]);
        return row?.outcomes ?? [];
      },
      maxBatch: HOLD_BATCH_MAX,
      // One batch of an event at a time: a second one only waited for the first's ticket rows,
      // and the batches were half as large (docs/decisions.md, "Group commit of holds").
      inFlight: 1,
      onBatchError: (error, size) => holdBatchFailures.inc({ size: String(size), reason: batchFailureReason(error) }),
    });
    holdGroups.set(db, group);
  }
  return group;
}

/**
 * A paid order's hold (`guichet_hold`, orders/sql/guichet_hold.sql), its arguments named in one
 * JSON object; the id is made here.
 */
export async function holdOrder(db: Database, request: HoldRequest): Promise<{ outcome: HoldOutcome; id: string }> {
  const id = randomUUID();
  const outcome = await holdGroupOf(db).run(request.sale.event.id, holdArgument(request, id));
  return { outcome, id };
}

/**
 * Holds inside the caller's transaction, one answer each in order (orders settled at once,
 * placement.ts): one statement for the lot, as a group commit's batch is.
 */
export async function holdInTransaction(
  tx: Database,
  requests: HoldRequest[],
): Promise<{ outcome: HoldOutcome; id: string }[]> {
  const ids = requests.map(() => randomUUID());
  const [row] = await queryRows<{ outcomes: HoldOutcome[] }>(
    tx,
    sql`select guichet_hold_batch(${JSON.stringify(requests.map((request, i) => holdArgument(request, ids[i] ?? '')))}::jsonb) as outcomes`,
  );
  if (row?.outcomes.length !== requests.length) throw new Error('guichet_hold_batch answered another count');
  return row.outcomes.map((outcome, i) => ({ outcome, id: ids[i] ?? '' }));
}

function holdArgument(request: HoldRequest, id: string): HoldArgument {
  return {
    fingerprint: request.sale.fingerprint,
    eventId: request.sale.event.id,
    orderId: id,
    userId: request.userId,
    email: request.email,
    now: request.now.toISOString(),
    afterReclaim: request.afterReclaim,
    hasFreeLines:
      !request.settled?.isInvitation &&
      (Boolean(request.settled?.isFreeEvent) || request.lines.some((l) => l.unitPriceCents === 0)),
    ...(request.settled ? { settled: true, isFreeEvent: request.settled.isFreeEvent } : {}),
    giftTicketId: request.giftTicketId,
    lines: request.lines,
    ...placesArgument(request),
    order: {
      ...request.order,
      ticketCount: request.lines.reduce((sum, l) => sum + l.quantity, 0),
      expiresAt: request.order.expiresAt.toISOString(),
    },
  };
}

/**
 * What the request takes per ticket (its lines', then its gift's place) and per date, as
 * PostgreSQL array literals: the batch casts them instead of running a query per request.
 */
function placesArgument(request: HoldRequest) {
  const lines = request.lines.map((l) => [l.ticketId, l.quantity] as const);
  if (request.giftTicketId) lines.push([request.giftTicketId, 1]);
  return {
    placeTickets: arrayLiteral(lines.map(([ticketId]) => ticketId)),
    placeQuantities: arrayLiteral(lines.map(([, quantity]) => quantity)),
    ...(request.datePlaces
      ? {
          placeDates: arrayLiteral(request.datePlaces.dateIds),
          placeDateQuantities: arrayLiteral(request.datePlaces.quantities),
        }
      : {}),
  };
}

export type NewOrder = Omit<typeof orders.$inferInsert, 'id' | 'createdAt'> & {
  lines: {
    ticketId: string;
    /** The date bought (issue 32); none for a pass and for a one-date event. */
    dateId?: string | null;
    quantity: number;
    unitPriceCents: number;
    refundPlaces: number;
    insuranceCents: number;
    isGift?: boolean;
    holders?: { firstName: string; lastName: string }[] | null;
    answers?: Record<string, string | string[] | boolean>[] | null;
  }[];
};

export type OrderRow = typeof orders.$inferSelect;
type OrderStatus = OrderRow['status'];
/**
 * An order by its id or its reference, each asked at every payment (its start, its notification,
 * the buyer's return): built once per database and sent as named statements. Payment starts
 * arriving together read their orders in one round trip (group commit, as sessions are read).
 */
function orderLookupsOf(db: Database) {
  let lookups = orderLookups.get(db);
  if (!lookups) {
    const byIds = db
      .select()
      .from(orders)
      // One generic plan for every batch (db/prepared.ts).
      .where(sql`${orders.id} = any(array(select unnest(${sql.placeholder('ids')}::uuid[])))`)
      .prepare('guichet_orders_by_ids');
    const findByIds = async (ids: string[]) => {
      const rows = await byIds.execute({ ids });
      const byId = new Map(rows.map((row) => [row.id, row]));
      return ids.map((id) => byId.get(id));
    };
    lookups = {
      byId: createGroupCommit<string, OrderRow | undefined>({
        batch: findByIds,
        single: async (id) => (await findByIds([id]))[0],
        maxBatch: 64,
      }),
      byReference: db
        .select()
        .from(orders)
        .where(eq(orders.reference, sql.placeholder('reference')))
        .limit(1)
        .prepare('guichet_order_by_reference'),
    };
    orderLookups.set(db, lookups);
  }
  return lookups;
}
const orderLookups = new WeakMap<
  Database,
  {
    byId: { run(key: string, id: string): Promise<OrderRow | undefined> };
    byReference: { execute(values: { reference: string }): Promise<OrderRow[]> };
  }
>();

export async function findOrderByReference(db: Database, reference: string): Promise<OrderRow | undefined> {
  return (await orderLookupsOf(db).byReference.execute({ reference }))[0];
}

export function findOrderById(db: Database, id: string): Promise<OrderRow | undefined> {
  return orderLookupsOf(db).byId.run('orders', id);
}

/**
 * The order's row locked to the end of `tx`, with what its payment's settlement reads of the
 * event (whether it was cancelled, its title for the e-mail), in one round trip.
 */
export async function lockOrderByReference(
  tx: Database,
  reference: string,
): Promise<{ order: OrderRow; eventTitle: string; eventCancelled: boolean } | undefined> {
  const [row] = await tx
    .select({ order: orders, eventTitle: events.title, cancelledAt: events.cancelledAt })
    .from(orders)
    .innerJoin(events, eq(events.id, orders.eventId))
    .where(eq(orders.reference, reference))
    .for('no key update', { of: orders });
  return row && { order: row.order, eventTitle: row.eventTitle, eventCancelled: row.cancelledAt !== null };
}

/** The order's row locked to the end of `tx`. */
export async function lockOrder(tx: Database, id: string): Promise<OrderRow | undefined> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, id)).for('no key update');
  return order;
}

export function findOrderLines(db: Database, orderId: string) {
  return db.select().from(orderLines).where(eq(orderLines.orderId, orderId));
}

export async function setOrderStatus(tx: Database, id: string, status: OrderStatus): Promise<void> {
  await tx.update(orders).set({ status }).where(eq(orders.id, id));
}

/** A payment that came too late for its places: kept with its transaction until it is refunded. */
export async function markLatePaymentOwed(tx: Database, id: string, transactionId: string): Promise<void> {
  await tx.update(orders).set({ status: 'refund_requested', transactionId }).where(eq(orders.id, id));
}

export async function findEventTitle(db: Database, eventId: string): Promise<string> {
  const [row] = await db.select({ title: events.title }).from(events).where(eq(events.id, eventId));
  return row?.title ?? '';
}

/**
 * The buyer's holds of the event still within their 180 s, read from the buyer's orders of the
 * event (OFFSET 0: not through orders_awaiting_idx, which holds every live hold of the on-sale;
 * see guichet_hold_batch).
 */
export async function findLiveHolds(db: Database, userId: string, eventId: string, now: Date): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select o.id from (select id, status, expires_at from orders
                           where user_id = ${userId} and event_id = ${eventId} offset 0) o
         where o.status = 'awaiting_payment' and o.expires_at > ${now.toISOString()}::timestamptz`,
  );
  return rows.map((row) => row.id);
}

/**
 * The company the order's invoices name instead of its buyer (issue 29), checked: written after
 * its hold, so the on-sale's batched hold carries nothing more; or later, from the order.
 */
export async function setOrderCompanyInvoice(db: Database, orderId: string, company: CompanyInvoice): Promise<void> {
  await db.update(orders).set({ companyInvoice: company }).where(eq(orders.id, orderId));
}
