import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client';

/**
 * What must always hold between the ledger and the tables it accounts for (issue 27, "An invariant
 * check"), read in one snapshot: `npm run check:ledger` prints these to operators, and the ledger's
 * property test asks for none after every step. Each query compares sums the database keeps apart;
 * a difference names its event (or stream, ticket, payout) and what each side says.
 */
type LedgerCheck = 'online' | 'door' | 'places' | 'stream' | 'payout' | 'commission';
type LedgerDifference = { check: LedgerCheck; eventId: string | null; description: string };

/** The providers that take money online (not the door, not a free order). */
const ONLINE_PROVIDERS = sql`('sandbox', 'etransactions', 'stripe')`;
/** A refund whose money is owed back or given back (ledger/sql/guichet_ledger_post_refund.sql). */
const ONLINE_REFUND_COUNTED = sql`('pending', 'refunding', 'refunded', 'failed')`;

/** Every difference found, in the order of the checks; none when the ledger is right. */
export async function findLedgerDifferences(db: Database): Promise<LedgerDifference[]> {
  // One snapshot for every query: a sale committed between two of them would otherwise show as a
  // difference that never existed.
  return db.transaction(
    async (tx) => [
      ...(await onlineDifferences(tx)),
      ...(await doorDifferences(tx)),
      ...(await placesDifferences(tx)),
      ...(await streamDifferences(tx)),
      ...(await payoutDifferences(tx)),
      ...(await commissionVatDifferences(tx)),
    ],
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** Cents as an operator reads them: 1234 → "12.34", -5 → "-0.05". */
export function euros(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

type Sums = { eventId: string; ledger: string; captured: string; refunded: string };

/**
 * (a) Per event, the online money of the ledger (sales, buyer's fees, insurance, less their
 * refunds) is what the providers captured for the orders that were paid, less what the refunds
 * owe or gave back. Other captures (a duplicate, a late payment) are refunded apart and never sold.
 */
async function onlineDifferences(db: Database): Promise<LedgerDifference[]> {
  const rows = await queryRows<Sums>(
    db,
    sql`with ledger as (
          select event_id, sum(amount_cents)::bigint as cents from ledger_entries
           where account in ('organizer', 'platform') and kind in ('sale', 'fee', 'insurance', 'refund', 'fee_refund')
           group by event_id),
        captured as (
          select o.event_id, sum(pt.amount_cents)::bigint as cents
            from payment_transactions pt join orders o on o.id = pt.order_id
           where pt.kind = 'payment' and o.status in ('paid', 'refunded')
           group by o.event_id),
        refunded as (
          select o.event_id, sum(r.amount_cents)::bigint as cents
            from refunds r
            left join participations p on p.id = r.participation_id
            join orders o on o.id = coalesce(r.order_id, p.order_id)
           where o.provider in ${ONLINE_PROVIDERS} and r.status in ${ONLINE_REFUND_COUNTED}
           group by o.event_id)
        select e.id as "eventId", coalesce(l.cents, 0)::text as ledger, coalesce(c.cents, 0)::text as captured,
               coalesce(r.cents, 0)::text as refunded
          from events e
          left join ledger l on l.event_id = e.id
          left join captured c on c.event_id = e.id
          left join refunded r on r.event_id = e.id
         where coalesce(l.cents, 0) <> coalesce(c.cents, 0) - coalesce(r.cents, 0)
         order by e.id`,
  );
  return rows.map((row) => {
    const [ledger, captured, refunded] = [Number(row.ledger), Number(row.captured), Number(row.refunded)];
    return {
      check: 'online',
      eventId: row.eventId,
      description:
        `event ${row.eventId}: the ledger holds ${euros(ledger)} of online sales, fees and insurance net of refunds, ` +
        `but the providers captured ${euros(captured)} and refunds owe back ${euros(refunded)} ` +
        `(${euros(captured - refunded)} expected, ${euros(ledger - (captured - refunded))} apart)`,
    };
  });
}

type DoorRow = {
  eventId: string;
  method: string;
  kind: 'door_sale' | 'door_refund';
  ledgerCount: number;
  ledgerCents: string;
  expectedCount: number;
  expectedCents: string;
};

/**
 * (b) Per event and payment method (cash, card, free), the door's sales in the ledger are the
 * door orders' totals, one entry each, and its refunds those the organiser handed back.
 */
async function doorDifferences(db: Database): Promise<LedgerDifference[]> {
  const rows = await queryRows<DoorRow>(
    db,
    sql`with ledger as (
          select event_id, method, kind, count(*)::integer as n, sum(amount_cents)::bigint as cents from ledger_entries
           where account = 'door' and kind in ('door_sale', 'door_refund')
           group by event_id, method, kind),
        expected as (
          select event_id, coalesce(onsite_payment, 'free') as method, 'door_sale' as kind, count(*)::integer as n,
                 sum(total_cents)::bigint as cents
            from orders where provider = 'onsite' and status in ('paid', 'refund_requested', 'refunded')
           group by 1, 2
          union all
          select o.event_id, coalesce(o.onsite_payment, 'free'), 'door_refund', count(*)::integer,
                 -sum(r.amount_cents)::bigint
            from refunds r
            left join participations p on p.id = r.participation_id
            join orders o on o.id = coalesce(r.order_id, p.order_id)
           where o.provider = 'onsite' and r.status = 'manual' and r.amount_cents <> 0
           group by 1, 2)
        select coalesce(l.event_id, x.event_id) as "eventId", coalesce(l.method, x.method) as method,
               coalesce(l.kind, x.kind) as kind, coalesce(l.n, 0) as "ledgerCount",
               coalesce(l.cents, 0)::text as "ledgerCents", coalesce(x.n, 0) as "expectedCount",
               coalesce(x.cents, 0)::text as "expectedCents"
          from ledger l full join expected x on x.event_id = l.event_id and x.method = l.method and x.kind = l.kind
         where coalesce(l.n, 0) <> coalesce(x.n, 0) or coalesce(l.cents, 0) <> coalesce(x.cents, 0)
         order by 1, 2, 3`,
  );
  return rows.map((row) => {
    const what = row.kind === 'door_sale' ? 'door sales' : 'door refunds';
    const source = row.kind === 'door_sale' ? 'door orders' : 'refunds handed back at the door';
    return {
      check: 'door',
      eventId: row.eventId,
      description:
        `event ${row.eventId}: ${what} paid by ${row.method} are ${row.ledgerCount} entries for ${euros(Number(row.ledgerCents))} ` +
        `in the ledger, but ${row.expectedCount} ${source} for ${euros(Number(row.expectedCents))}`,
    };
  });
}

type PlacesRow = { eventId: string; ticketId: string; sold: number; held: number; live: number; holding: number };

/**
 * (c) Per ticket, `sold` is the places of the live participations and `held` the places of the
 * orders awaiting payment (those past their deadline count until they are reclaimed, as in
 * checkout/sql/guichet_reclaim_expired.sql).
 */
async function placesDifferences(db: Database): Promise<LedgerDifference[]> {
  const rows = await queryRows<PlacesRow>(
    db,
    sql`select t.event_id as "eventId", t.id as "ticketId", t.sold, t.held,
               coalesce(p.places, 0)::integer as live, coalesce(h.places, 0)::integer as holding
          from tickets t
          left join (select ticket_id, sum(quantity) as places from participations
                      where cancelled_at is null group by ticket_id) p on p.ticket_id = t.id
          left join (select l.ticket_id, sum(l.quantity) as places
                       from order_lines l join orders o on o.id = l.order_id
                      where o.status = 'awaiting_payment' group by l.ticket_id) h on h.ticket_id = t.id
         where t.sold <> coalesce(p.places, 0) or t.held <> coalesce(h.places, 0)
         order by t.event_id, t.id`,
  );
  return rows.map((row) => ({
    check: 'places',
    eventId: row.eventId,
    description:
      `event ${row.eventId}, ticket ${row.ticketId}: counts ${row.sold} sold and ${row.held} held, ` +
      `but its live participations hold ${row.live} places and the orders awaiting payment ${row.holding}`,
  }));
}

type StreamRow = {
  streamId: string;
  eventId: string | null;
  entryId: string;
  seq: number;
  position: number;
  balance: string;
  running: string;
  isOwnStream: boolean;
};

/**
 * (d) Each organiser stream (an event, or the organiser's own) numbers its entries 1, 2, 3… with
 * no gap, and each entry's balance is the sum of the stream's entries up to it: the balances
 * read from a stream's last entry are then its sums. The first wrong entry of a stream is named.
 */
async function streamDifferences(db: Database): Promise<LedgerDifference[]> {
  const rows = await queryRows<StreamRow>(
    db,
    sql`select distinct on (stream_id) stream_id as "streamId", event_id as "eventId", id::text as "entryId",
               stream_seq as seq, position, stream_balance_cents::text as balance, running::text as running,
               (stream_id = organizer_id) as "isOwnStream"
          from (select id, stream_id, event_id, organizer_id, stream_seq, stream_balance_cents,
                       row_number() over w as position, sum(amount_cents) over w as running
                  from ledger_entries where stream_id is not null
                window w as (partition by stream_id order by stream_seq, id)) s
         where stream_seq <> position or stream_balance_cents <> running
            or stream_id <> coalesce(event_id, organizer_id)
         order by stream_id, stream_seq, id`,
  );
  return rows.map((row) => {
    const stream = row.isOwnStream ? `the organiser's own stream ${row.streamId}` : `event ${row.streamId}'s stream`;
    const problem =
      Number(row.seq) !== Number(row.position)
        ? `entry ${row.entryId} is numbered ${row.seq} where ${row.position} was due (a gap or a repeat)`
        : Number(row.balance) !== Number(row.running)
          ? `entry ${row.entryId} (position ${row.seq}) says the balance is ${euros(Number(row.balance))}, ` +
            `but the entries up to it add up to ${euros(Number(row.running))}`
          : `entry ${row.entryId} is of event ${row.eventId ?? 'none'}, not of this stream`;
    return { check: 'stream', eventId: row.isOwnStream ? null : row.streamId, description: `${stream}: ${problem}` };
  });
}

type PayoutRow = { payoutId: string; eventId: string; status: string; amountCents: number; owed: string; sent: string };

/**
 * (e) A payout requested, batched or paid has taken its amount off the organiser's balance; one
 * cancelled, rejected or returned has given it back; only a paid one has left the bank account.
 */
async function payoutDifferences(db: Database): Promise<LedgerDifference[]> {
  const rows = await queryRows<PayoutRow>(
    db,
    sql`select p.id as "payoutId", p.event_id as "eventId", p.status, p.amount_cents as "amountCents",
               coalesce(sum(le.amount_cents) filter (where le.account = 'organizer'), 0)::text as owed,
               coalesce(sum(le.amount_cents) filter (where le.account = 'bank'), 0)::text as sent
          from payouts p left join ledger_entries le on le.payout_id = p.id
         group by p.id
        having coalesce(sum(le.amount_cents) filter (where le.account = 'organizer'), 0)
                 <> case when p.status in ('requested', 'batched', 'paid') then -p.amount_cents else 0 end
            or coalesce(sum(le.amount_cents) filter (where le.account = 'bank'), 0)
                 <> case when p.status = 'paid' then -p.amount_cents else 0 end
         order by p.event_id, p.id`,
  );
  return rows.map((row) => {
    const owedExpected = ['requested', 'batched', 'paid'].includes(row.status) ? -row.amountCents : 0;
    const sentExpected = row.status === 'paid' ? -row.amountCents : 0;
    return {
      check: 'payout',
      eventId: row.eventId,
      description:
        `event ${row.eventId}, payout ${row.payoutId} (${row.status}, ${euros(row.amountCents)}): the ledger moved ` +
        `${euros(Number(row.owed))} on the organiser's balance and ${euros(Number(row.sent))} out of the bank, ` +
        `where ${euros(owedExpected)} and ${euros(sentExpected)} were due`,
    };
  });
}

type CommissionVatRow = { eventId: string; organizer: string; platform: string; invoiced: string };

/**
 * (f) Per event, the VAT on the commission taken from the organiser's balance, and given to the
 * platform, is the VAT its payouts invoiced (payouts.commission_vat_cents), whatever became of them.
 */
async function commissionVatDifferences(db: Database): Promise<LedgerDifference[]> {
  const rows = await queryRows<CommissionVatRow>(
    db,
    sql`with ledger as (
          select event_id, coalesce(sum(amount_cents) filter (where account = 'organizer'), 0)::bigint as organizer,
                 coalesce(sum(amount_cents) filter (where account = 'platform'), 0)::bigint as platform
            from ledger_entries where kind = 'commission_vat' group by event_id),
        invoiced as (
          select event_id, sum(commission_vat_cents)::bigint as cents from payouts
           where commission_vat_cents <> 0 group by event_id)
        select coalesce(l.event_id, i.event_id) as "eventId", coalesce(l.organizer, 0)::text as organizer,
               coalesce(l.platform, 0)::text as platform, coalesce(i.cents, 0)::text as invoiced
          from ledger l full join invoiced i on i.event_id = l.event_id
         where coalesce(l.organizer, 0) <> -coalesce(i.cents, 0) or coalesce(l.platform, 0) <> coalesce(i.cents, 0)
         order by 1`,
  );
  return rows.map((row) => ({
    check: 'commission',
    eventId: row.eventId,
    description:
      `event ${row.eventId}: the VAT on the commission took ${euros(-Number(row.organizer))} from the organiser ` +
      `and gave ${euros(Number(row.platform))} to the platform, but its payouts invoiced ${euros(Number(row.invoiced))}`,
  }));
}
