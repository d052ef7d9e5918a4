import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createEvent, createUser } from '../../../test/helpers';
import { paidOrder } from '../../../test/modules/payouts/support';
import { useTestApp } from '../../../test/use-test-app';
import { payouts } from '../../db/schema';
import { euros, findLedgerDifferences } from './invariants';

// A database of its own: these tests break the ledger on purpose, and the check reads it whole.
const t = useTestApp({ isolated: true });

async function saleEvent() {
  const organizer = await createUser(t, { isVerified: true });
  const buyer = await createUser(t);
  const { event, tickets } = await createEvent(t, organizer.id, {}, [{ priceCents: 2000 }]);
  const ticketId = tickets[0]?.id ?? '';
  return { organizer, buyer, event, ticketId, sale: { eventId: event.id, ticketId, userId: buyer.id } };
}

const differencesOf = async (eventId: string) =>
  (await findLedgerDifferences(t.database.db)).filter((difference) => difference.eventId === eventId);

describe('the ledger check', () => {
  it('finds nothing on a database whose ledger the triggers wrote', async () => {
    const { event, sale } = await saleEvent();
    await paidOrder(t, { ...sale, unitPriceCents: 2000, provider: 'onsite', onsitePayment: 'card' });
    await paidOrder(t, { ...sale, unitPriceCents: 2000, provider: 'onsite', onsitePayment: 'cash', quantity: 2 });
    expect(await differencesOf(event.id)).toEqual([]);
  });

  it('names an online sale the providers never captured', async () => {
    const { event, sale } = await saleEvent();
    await paidOrder(t, { ...sale, unitPriceCents: 2000, feeCents: 66 });
    expect(await differencesOf(event.id)).toEqual([
      {
        check: 'online',
        eventId: event.id,
        description: expect.stringContaining('holds 20.66 of online sales, fees and insurance net of refunds'),
      },
    ]);
  });

  it('names door sales of a payment method that the orders do not add up to', async () => {
    const { organizer, event, sale } = await saleEvent();
    await paidOrder(t, { ...sale, unitPriceCents: 2000, provider: 'onsite', onsitePayment: 'cash' });
    await t.database.db.execute(
      sql`select guichet_ledger_post(${organizer.id}::uuid, ${event.id}::uuid, 'door', 'door_sale', 500, 'cash')`,
    );
    expect(await differencesOf(event.id)).toEqual([
      {
        check: 'door',
        eventId: event.id,
        description: expect.stringContaining(
          'door sales paid by cash are 2 entries for 25.00 in the ledger, but 1 door orders for 20.00',
        ),
      },
    ]);
  });

  it('names a ticket whose counters are not its participations and holds', async () => {
    const { event, ticketId } = await saleEvent();
    await t.database.db.execute(sql`update tickets set sold = 2, held = 1 where id = ${ticketId}`);
    const [difference] = await differencesOf(event.id);
    expect(difference?.check).toBe('places');
    expect(difference?.description).toContain(`ticket ${ticketId}: counts 2 sold and 1 held, but its live`);
  });

  it('names a stream with a gap or a wrong running balance', async () => {
    const { organizer, event } = await saleEvent();
    const entry = (seq: number, amount: number, balance: number) =>
      t.database.db.execute(sql`insert into ledger_entries (organizer_id, event_id, account, kind, amount_cents,
                                                            stream_id, stream_seq, stream_balance_cents)
                                values (${organizer.id}, ${event.id}, 'organizer', 'commission', ${amount}, ${event.id}, ${seq}, ${balance})`);
    await entry(1, 1000, 1000);
    await entry(2, 500, 1400);
    const [wrongSum] = await differencesOf(event.id);
    expect(wrongSum?.description).toMatch(
      /position 2\) says the balance is 14\.00, but the entries up to it add up to 15\.00/,
    );

    const other = await saleEvent();
    await t.database.db.execute(sql`insert into ledger_entries (organizer_id, account, kind, amount_cents, reason,
                                                                stream_id, stream_seq, stream_balance_cents)
                                    values (${other.organizer.id}, 'organizer', 'adjustment', 100, 'Test', ${other.organizer.id}, 2, 100)`);
    const own = (await findLedgerDifferences(t.database.db)).find((d) => d.description.includes(other.organizer.id));
    expect(own).toMatchObject({ check: 'stream', eventId: null });
    expect(own?.description).toContain('is numbered 2 where 1 was due');
  });

  it('names a payout whose entries do not match its status', async () => {
    const { organizer, event } = await saleEvent();
    const [payout] = await t.database.db
      .insert(payouts)
      .values({ eventId: event.id, organizerId: organizer.id, amountCents: 1500, holderName: 'Jeanne', iban: 'FR76' })
      .returning();
    expect(await differencesOf(event.id)).toEqual([]);
    await t.database.db.execute(
      sql`select guichet_ledger_post(${organizer.id}::uuid, ${event.id}::uuid, 'bank', 'payout_paid', -1500,
                                     p_payout => ${payout?.id}::uuid)`,
    );
    expect(await differencesOf(event.id)).toEqual([
      {
        check: 'payout',
        eventId: event.id,
        description: expect.stringContaining(
          `payout ${payout?.id} (requested, 15.00): the ledger moved -15.00 on the organiser's balance and -15.00 out of the bank, where -15.00 and 0.00 were due`,
        ),
      },
    ]);
  });

  it('names an event whose commission VAT is not what its payouts invoiced', async () => {
    const { organizer, event } = await saleEvent();
    await t.database.db.insert(payouts).values({
      eventId: event.id,
      organizerId: organizer.id,
      amountCents: 1500,
      holderName: 'Jeanne',
      iban: 'FR76',
      commissionExclVatCents: 66,
      commissionVatCents: 13,
    });
    const post = (account: 'organizer' | 'platform', cents: number) =>
      t.database.db.execute(
        sql`select guichet_ledger_post(${organizer.id}::uuid, ${event.id}::uuid, ${account}, 'commission_vat', ${cents})`,
      );
    await post('organizer', -13);
    const commissionOnly = async () =>
      (await differencesOf(event.id)).filter((difference) => difference.check === 'commission');
    expect(await commissionOnly()).toEqual([
      {
        check: 'commission',
        eventId: event.id,
        description: `event ${event.id}: the VAT on the commission took 0.13 from the organiser and gave 0.00 to the platform, but its payouts invoiced 0.13`,
      },
    ]);
    await post('platform', 13);
    expect(await commissionOnly()).toEqual([]);
  });
});

describe('euros', () => {
  it('writes cents with two decimals and the sign', () => {
    expect([euros(0), euros(5), euros(-5), euros(123_456), euros(-100)]).toEqual([
      '0.00',
      '0.05',
      '-0.05',
      '1234.56',
      '-1.00',
    ]);
  });
});
