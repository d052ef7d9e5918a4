import { randomUUID } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database } from '../../db/client';
import type { events, orders, tickets } from '../../db/schema';
import { singleFlight } from '../../lib/single-flight';

// The on-sale path runs for every buyer at once. Its statements are written once and sent
// straight to the driver (prepared once per connection on PostgreSQL): building them per
// request through the query builder was a measured cost (see bench/onsale).

type Statement = { name: string; text: string };
type Rows = <T>(statement: Statement, values: unknown[]) => Promise<T[]>;

const drivers = new WeakMap<Database, Rows>();

function rowsOf(db: Database): Rows {
  let rows = drivers.get(db);
  if (!rows) {
    const client = (db as unknown as { $client: unknown }).$client;
    if (client instanceof pg.Pool) {
      rows = async <T>(s: Statement, values: unknown[]) =>
        (await client.query({ name: s.name, text: s.text, values })).rows as T[];
    } else if (client instanceof PGlite) {
      rows = async <T>(s: Statement, values: unknown[]) => (await client.query<T>(s.text, values)).rows;
    } else {
      throw new Error('unknown database driver');
    }
    drivers.set(db, rows);
  }
  return rows;
}

export type SaleEvent = Pick<
  typeof events.$inferSelect,
  | 'id'
  | 'organizerId'
  | 'isPublic'
  | 'isOpen'
  | 'dateEnd'
  | 'dateMaxRefund'
  | 'nbMaxParticipants'
  | 'isNeedsUserStudies'
  | 'isMandatoryRefund'
  | 'isUserPaysFees'
  | 'paymentProvider'
>;
export type SaleTicket = Pick<
  typeof tickets.$inferSelect,
  'id' | 'parentId' | 'isMultipart' | 'priceCents' | 'minToBuy' | 'maxToBuy' | 'isHidden' | 'isAvailable'
> & {
  /** The tickets offered with this one (ticket_gifts). */
  giftIds: string[];
};
/**
 * What a sale decision reads from an event and its tickets, with the database's fingerprint of
 * it (`guichet_sale_fingerprint`, migration 0004). No counters: places are only ever checked by
 * the conditional updates.
 */
export type Sale = { event: SaleEvent; tickets: SaleTicket[]; fingerprint: string };

const loadSaleStatement: Statement = {
  name: 'guichet_load_sale',
  text: `select e.id, e.organizer_id as "organizerId", e.is_public as "isPublic", e.is_open as "isOpen",
                (extract(epoch from e.date_end) * 1000)::float8 as "dateEnd",
                (extract(epoch from e.date_max_refund) * 1000)::float8 as "dateMaxRefund",
                e.nb_max_participants as "nbMaxParticipants", e.is_needs_user_studies as "isNeedsUserStudies",
                e.is_mandatory_refund as "isMandatoryRefund", e.is_user_pays_fees as "isUserPaysFees",
                e.payment_provider as "paymentProvider",
                coalesce((select json_agg(json_build_object(
                            'id', t.id, 'parentId', t.parent_id, 'isMultipart', t.is_multipart,
                            'priceCents', t.price_cents, 'minToBuy', t.min_to_buy, 'maxToBuy', t.max_to_buy,
                            'isHidden', t.is_hidden, 'isAvailable', t.is_available,
                            'giftIds', coalesce((select json_agg(g.gift_ticket_id) from ticket_gifts g
                                                  where g.ticket_id = t.id), '[]')))
                            from tickets t where t.event_id = e.id and t.deleted_at is null), '[]') as tickets,
                guichet_sale_fingerprint(e.id) as fingerprint
           from events e where e.id = $1::uuid and e.deleted_at is null`,
};

type SaleRow = Omit<SaleEvent, 'dateEnd' | 'dateMaxRefund'> & {
  dateEnd: number;
  dateMaxRefund: number | null;
  tickets: SaleTicket[];
  fingerprint: string;
};

/** The sale as the database has it now (one statement, so data and fingerprint agree). */
export async function loadSale(db: Database, eventId: string): Promise<Sale | undefined> {
  const [row] = await rowsOf(db)<SaleRow>(loadSaleStatement, [eventId]);
  if (!row) return undefined;
  const { tickets: ticketRows, fingerprint, dateEnd, dateMaxRefund, ...event } = row;
  return {
    event: {
      ...event,
      dateEnd: new Date(dateEnd),
      dateMaxRefund: dateMaxRefund === null ? null : new Date(dateMaxRefund),
    },
    tickets: ticketRows,
    fingerprint,
  };
}

export type SaleCache = {
  /** The sale, possibly a copy a few seconds old (`cached`); undefined when there is no such event. */
  get(db: Database, eventId: string): Promise<{ sale: Sale | undefined; cached: boolean }>;
  /** The sale read now; the copy is replaced. */
  fresh(db: Database, eventId: string): Promise<Sale | undefined>;
};

/**
 * A short-lived copy of each event's sale metadata, for one application instance. A copy is
 * only a guess: every hold compares its fingerprint in the database, and the checkout reads the
 * sale again before refusing anything on its word, so a stale copy never sells or refuses wrongly.
 */
export function createSaleCache(options: { ttlMs?: number; maxEvents?: number } = {}): SaleCache {
  const ttlMs = options.ttlMs ?? 5_000;
  const maxEvents = options.maxEvents ?? 1_000;
  const copies = new Map<string, { sale: Sale; until: number }>();
  const loaders = new WeakMap<Database, (eventId: string) => Promise<Sale | undefined>>();

  const loaderFor = (db: Database) => {
    let load = loaders.get(db);
    if (!load) {
      load = singleFlight(async (eventId) => {
        const sale = await loadSale(db, eventId);
        copies.delete(eventId);
        if (sale) {
          if (copies.size >= maxEvents) copies.delete(copies.keys().next().value as string);
          copies.set(eventId, { sale, until: Date.now() + ttlMs });
        }
        return sale;
      });
      loaders.set(db, load);
    }
    return load;
  };

  return {
    async get(db, eventId) {
      const copy = copies.get(eventId);
      if (copy && copy.until > Date.now()) return { sale: copy.sale, cached: true };
      return { sale: await loaderFor(db)(eventId), cached: false };
    },
    fresh: (db, eventId) => loaderFor(db)(eventId),
  };
}

export type HoldRequest = {
  sale: Sale;
  /** The logged-in buyer; for a guest, the account is found from `email` in the same call. */
  userId: string | null;
  email: string;
  now: Date;
  afterReclaim: boolean;
  lines: { ticketId: string; quantity: number; unitPriceCents: number; refundPlaces: number; insuranceCents: number }[];
  /** The ticket offered with the order (one place, free), held with the others. */
  giftTicketId: string | null;
  order: Pick<
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
  >;
};

export type HoldOutcome =
  | 'held'
  | 'stale'
  | 'no_account'
  | 'one_free_ticket'
  | 'promo_exhausted'
  | 'expired_holds'
  | 'sold_out';

const holdStatement: Statement = { name: 'guichet_hold', text: 'select guichet_hold($1::jsonb) as outcome' };

/**
 * A paid order's hold in one round trip (`guichet_hold`, db/functions/guichet_hold.sql), its
 * arguments named in one JSON object; the id is made here.
 */
export async function holdOrder(db: Database, request: HoldRequest): Promise<{ outcome: HoldOutcome; id: string }> {
  const id = randomUUID();
  const [row] = await rowsOf(db)<{ outcome: HoldOutcome }>(holdStatement, [
    JSON.stringify({
      fingerprint: request.sale.fingerprint,
      eventId: request.sale.event.id,
      orderId: id,
      userId: request.userId,
      email: request.email,
      now: request.now.toISOString(),
      afterReclaim: request.afterReclaim,
      hasFreeLines: request.lines.some((l) => l.unitPriceCents === 0),
      giftTicketId: request.giftTicketId,
      lines: request.lines,
      order: {
        ...request.order,
        ticketCount: request.lines.reduce((sum, l) => sum + l.quantity, 0),
        expiresAt: request.order.expiresAt.toISOString(),
      },
    }),
  ]);
  if (!row) throw new Error('guichet_hold answered nothing');
  return { outcome: row.outcome, id };
}

export type NewOrder = Omit<typeof orders.$inferInsert, 'id' | 'createdAt'> & {
  lines: {
    ticketId: string;
    quantity: number;
    unitPriceCents: number;
    refundPlaces: number;
    insuranceCents: number;
    isGift?: boolean;
  }[];
};

/** The order and its lines in one statement, inside the caller's transaction (free orders). */
export async function insertOrderWithLines(db: Database, order: NewOrder): Promise<string> {
  const id = randomUUID();
  const lines = JSON.stringify(order.lines.map((l) => ({ ...l, isGift: l.isGift ?? false })));
  await db.execute(sql`
    with created as (
      insert into orders (id, reference, event_id, user_id, buyer_email, buyer_first_name, buyer_last_name,
                          buyer_birth_date, buyer_phone, studies, status, provider, onsite_payment, discount_code_id,
                          discount_percent, subtotal_cents, discount_cents, insurance_cents, fee_cents, total_cents,
                          ticket_count, expires_at, access_token_hash, paid_at)
      values (${id}, ${order.reference}, ${order.eventId}, ${order.userId}, ${order.buyerEmail},
              ${order.buyerFirstName}, ${order.buyerLastName}, ${order.buyerBirthDate}, ${order.buyerPhone ?? null},
              ${order.studies ?? null}, ${order.status}, ${order.provider}, ${order.onsitePayment ?? null},
              ${order.discountCodeId ?? null}, ${order.discountPercent ?? null},
              ${order.subtotalCents}, ${order.discountCents ?? 0}, ${order.insuranceCents ?? 0}, ${order.feeCents ?? 0},
              ${order.totalCents}, ${order.ticketCount}, ${order.expiresAt.toISOString()}::timestamptz,
              ${order.accessTokenHash ?? null}, ${order.paidAt ? order.paidAt.toISOString() : null}::timestamptz)
      returning id
    )
    insert into order_lines (order_id, ticket_id, quantity, unit_price_cents, refund_places, insurance_cents, is_gift)
    select created.id, l."ticketId", l.quantity, l."unitPriceCents", l."refundPlaces", l."insuranceCents", l."isGift"
      from created, jsonb_to_recordset(${lines}::jsonb)
        as l("ticketId" uuid, quantity int, "unitPriceCents" int, "refundPlaces" int, "insuranceCents" int,
             "isGift" boolean)`);
  return id;
}
