import { getTableColumns, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createEvent } from '../../test/helpers';
import { useOrganiser, useTestApp } from '../../test/use-test-app';
import { queryRows } from './client';
import { events, tickets } from './schema';

/*
 * The sale's fingerprint (modules/orders/sql/guichet_sale_fingerprint.sql) is what lets a copy of an
 * event's metadata sell: a column a sale decision reads and the fingerprint forgets would let a
 * stale copy sell against the organiser's change. Every column is therefore either in it (and
 * changing it changes the fingerprint) or named here as not read by a sale.
 */

/** Each column a sale reads, with a change to make to it. */
const eventChanges: Record<string, string> = {
  organizer_id: 'organizer_id = $other',
  is_public: 'is_public = not is_public',
  is_open: 'is_open = not is_open',
  date_end: "date_end = date_end + interval '1 hour'",
  date_max_refund: "date_max_refund = coalesce(date_max_refund, now()) + interval '1 hour'",
  nb_max_participants: 'nb_max_participants = nb_max_participants + 7',
  is_needs_user_studies: 'is_needs_user_studies = not is_needs_user_studies',
  is_named_tickets: 'is_named_tickets = not is_named_tickets',
  is_mandatory_refund: 'is_mandatory_refund = not is_mandatory_refund',
  is_user_pays_fees: 'is_user_pays_fees = not is_user_pays_fees',
  payment_provider: "payment_provider = case when payment_provider = 'stripe' then 'sandbox' else 'stripe' end",
};
const ticketChanges: Record<string, string> = {
  id: '', // a ticket added or removed (deleted_at below)
  parent_id: 'parent_id = $sibling',
  is_multipart: 'is_multipart = not is_multipart',
  price_cents: 'price_cents = price_cents + 100',
  min_to_buy: 'min_to_buy = min_to_buy + 1',
  max_to_buy: 'max_to_buy = max_to_buy + 1',
  is_hidden: 'is_hidden = not is_hidden',
  is_available: 'is_available = not is_available',
  // A pass (issue 32) takes a place on each date it covers.
  is_pass: 'is_pass = not is_pass',
  deleted_at: 'deleted_at = now()',
};
/** Read by a sale only through the conditional updates, or not at all. */
const notInFingerprint = {
  events: [
    'id',
    'title',
    'description',
    'address',
    'latitude',
    'longitude',
    'type_id',
    'date_begin',
    'banner_path',
    // The list's own columns (issue 14): derived from the address, the tickets and the texts.
    'city',
    'min_price_cents',
    'max_price_cents',
    'search_vector',
    // A cancellation closes the event (is_open, in the fingerprint) in the same transaction.
    'cancelled_at',
    'cancellation_message',
    // Until when holders may be changed (issue 30): read after the sale, by the holder's edit.
    'holders_editable_until',
    // The waiting room (issue 17) is asked before the sale, by the hold route, not by the sale.
    'onsale_at',
    'admission_per_minute',
    // How long a waiting list's offer keeps its places (issue 30): read by the offer job, after sales.
    'waiting_list_offer_hours',
    // Transfers' rules (issue 30): read by a transfer of a place already sold, never by a sale.
    'transfers_allowed',
    'transfer_deadline',
    'transfer_expiry_days',
    // Resale's rules (issue 30): read by a resale of a place already sold, never by a sale.
    'resale_allowed',
    'resale_deadline',
    'resale_fee_cents',
    'deleted_at',
    'created_at',
    'updated_at',
  ],
  tickets: [
    'event_id',
    'title',
    'description',
    'quantity',
    'sold',
    'held',
    'has_gift_tickets',
    // Read by the invoices issued after the sale, never by the sale itself.
    'vat_rate',
    'position',
    'created_at',
  ],
};

const columnsOf = (table: typeof events | typeof tickets) =>
  Object.values(getTableColumns(table)).map((column) => column.name);

const t = useTestApp();
const organizer = useOrganiser(t);
const otherOrganizer = useOrganiser(t);
let eventId: string;
let ticketId: string;
let siblingId: string;
beforeAll(async () => {
  const created = await createEvent(t, organizer.id, {}, [
    { title: 'Entrée', priceCents: 1000 },
    { title: 'VIP', priceCents: 3000 },
  ]);
  eventId = created.event.id;
  ticketId = created.tickets[0]?.id ?? '';
  siblingId = created.tickets[1]?.id ?? '';
});

const fingerprint = async () =>
  (await queryRows<{ f: string }>(t.database.db, sql`select guichet_sale_fingerprint(${eventId}::uuid) as f`))[0]?.f;

/** Makes a change in a transaction that is rolled back, and returns the fingerprint seen inside it. */
async function fingerprintWith(statement: string): Promise<string | undefined> {
  const rollback = new Error('rollback');
  let seen: string | undefined;
  await t.database.db
    .transaction(async (tx) => {
      await tx.execute(sql.raw(statement));
      seen = (await queryRows<{ f: string }>(tx, sql`select guichet_sale_fingerprint(${eventId}::uuid) as f`))[0]?.f;
      throw rollback;
    })
    .catch((error: unknown) => {
      if (error !== rollback) throw error;
    });
  return seen;
}

const fill = (change: string) =>
  change.replace('$other', `'${otherOrganizer.id}'`).replace('$sibling', `'${siblingId}'`);

describe("a sale's fingerprint", () => {
  it('names every column of events and tickets: in the fingerprint, or not read by a sale', () => {
    expect(columnsOf(events).sort()).toEqual([...Object.keys(eventChanges), ...notInFingerprint.events].sort());
    expect(columnsOf(tickets).sort()).toEqual([...Object.keys(ticketChanges), ...notInFingerprint.tickets].sort());
  });

  it('changes with each column a sale reads', async () => {
    const before = await fingerprint();
    for (const [column, change] of Object.entries(eventChanges)) {
      const after = await fingerprintWith(`update events set ${fill(change)} where id = '${eventId}'`);
      expect(after, `events.${column}`).not.toBe(before);
    }
    for (const [column, change] of Object.entries(ticketChanges)) {
      if (!change) continue;
      const after = await fingerprintWith(`update tickets set ${fill(change)} where id = '${ticketId}'`);
      expect(after, `tickets.${column}`).not.toBe(before);
    }
    const added = await fingerprintWith(
      `insert into tickets (event_id, title, price_cents, quantity) values ('${eventId}', 'Nouveau', 500, 10)`,
    );
    expect(added, 'a ticket added').not.toBe(before);
    const gift = await fingerprintWith(`insert into ticket_gifts values ('${ticketId}', '${siblingId}')`);
    expect(gift, 'a gift link').not.toBe(before);
    expect(await fingerprint()).toBe(before);
  });

  it('does not change with the counters, which only the conditional updates check', async () => {
    const before = await fingerprint();
    for (const change of ['sold = sold + 1', 'held = held + 1', 'quantity = quantity + 5', "title = 'Autre'"]) {
      expect(await fingerprintWith(`update tickets set ${change} where id = '${ticketId}'`), change).toBe(before);
    }
  });
});
