import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { adminCookie, createEvent, createUser, loginAs } from '../../../test/helpers';
import { payAtSandboxBank, postOrder } from '../../../test/modules/checkout/support';
import { paidOrder } from '../../../test/modules/payouts/support';
import { describeWith } from '../../../test/services';
import { useTestApp } from '../../../test/use-test-app';

// Two defects the property test and the benchmark found, kept as tests:
// 1. The ledger's posting holds a stream's lock; its insert checked foreign keys to the event and
//    the organiser (key-share locks on their rows) while rows locked FOR UPDATE beforehand made an
//    adjustment during a payment, or a payout request during another payout's decision, deadlock
//    and answer 500. Rows are now locked FOR NO KEY UPDATE, and the ledger has no foreign key to
//    those hot rows.
// 2. Balances and sums are read in bigint: an event's sales past 2^31 - 1 cents (21.4 M€) broke
//    the payout panel and the payout request with "integer out of range".
const t = useTestApp({ config: { logLevel: 'error' } });

describeWith(['postgres'], 'the ledger posted at commit, beside row locks taken earlier', () => {
  it('answers an adjustment made during a payment without a 500', async () => {
    const organizer = await createUser(t, { isVerified: true });
    const admin = await adminCookie(t);
    const { event, tickets } = await createEvent(t, organizer.id, {}, [{ priceCents: 1500, quantity: 100 }]);
    const statuses: number[] = [];
    for (let round = 0; round < 15; round++) {
      const buyer = await createUser(t);
      const cookie = await loginAs(t, buyer.email);
      const held = await postOrder(t, cookie, {
        eventId: event.id,
        lines: [{ ticketId: tickets[0]?.id, quantity: 1 }],
        acceptTerms: true,
      });
      expect(held.statusCode).toBe(201);
      const [adjusted] = await Promise.all([
        t.app.inject({
          method: 'POST',
          url: `/api/admin/users/${organizer.id}/ledger-adjustments`,
          headers: { cookie: admin },
          payload: { amountCents: 100, reason: 'Test' },
        }),
        payAtSandboxBank(t, held.json().id, { cookie }),
      ]);
      statuses.push(adjusted.statusCode);
    }
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
  });

  it('never answers 500 to a payout request while the administrator rejects another payout of the event', async () => {
    const organizer = await createUser(t, { isVerified: true });
    const buyer = await createUser(t);
    const cookie = await loginAs(t, organizer.email);
    const admin = await adminCookie(t);
    const { event, tickets } = await createEvent(t, organizer.id, {}, [{ priceCents: 1500, quantity: 100 }]);
    const sale = { eventId: event.id, ticketId: tickets[0]?.id ?? '', userId: buyer.id, unitPriceCents: 1500 };
    await t.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${organizer.id}/payout-advance`,
      headers: { cookie: admin },
      payload: { percent: 100 },
    });
    await t.app.inject({
      method: 'PUT',
      url: '/api/me/bank-account',
      headers: { cookie },
      payload: { holderName: 'J T', iban: 'FR7630006000011234567890189' },
    });
    const ask = () =>
      t.app.inject({ method: 'POST', url: `/api/console/events/${event.id}/payouts`, headers: { cookie } });
    const statuses: number[] = [];
    await paidOrder(t, sale);
    let previous = (await ask()).json().id as string;
    for (let round = 0; round < 15; round++) {
      await paidOrder(t, sale);
      const [rejected, asked] = await Promise.all([
        t.app.inject({
          method: 'POST',
          url: `/api/admin/payouts/${previous}/reject`,
          headers: { cookie: admin },
          payload: { reason: 'Test' },
        }),
        ask(),
      ]);
      statuses.push(rejected.statusCode, asked.statusCode);
      if (asked.statusCode === 201) previous = asked.json().id;
    }
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
  });

  it('is no cycle of waits: the users row FOR NO KEY UPDATE, then a stream lock; a stream lock, then the foreign key', async () => {
    const organizer = await createUser(t, { isVerified: true });
    const buyer = await createUser(t);
    const { event, tickets } = await createEvent(t, organizer.id, {}, [{ priceCents: 1500, quantity: 100 }]);
    const a = new pg.Client({ connectionString: process.env.DATABASE_URL });
    const b = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await Promise.all([a.connect(), b.connect()]);
    try {
      // A: the adjustment's first statement (admin/repository.ts findUser(tx, id, true)).
      await a.query('begin');
      await a.query('select id from users where id = $1 for no key update', [organizer.id]);
      // B: a paid order whose entries post at commit (guichet_ledger_post_order): stream lock, then insert.
      await b.query('begin');
      const order = await b.query<{ id: string }>(
        `insert into orders (reference, event_id, user_id, buyer_email, buyer_first_name, buyer_last_name,
                             buyer_birth_date, status, provider, subtotal_cents, total_cents, ticket_count, expires_at)
         values ('R' || gen_random_uuid(), $1, $2, 'b@test.fr', 'B', 'B', '1990-01-01', 'paid', 'sandbox', 1500, 1500, 1, now())
         returning id`,
        [event.id, buyer.id],
      );
      await b.query(
        'insert into order_lines (order_id, ticket_id, quantity, unit_price_cents) values ($1, $2, 1, 1500)',
        [order.rows[0]?.id, tickets[0]?.id],
      );
      const committing = b.query('commit').then(
        () => 'committed',
        (error: Error) => error.message,
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      // A: the adjustment's stream locks (ledger/adjustments.ts lockStreams).
      const locking = a.query('select guichet_ledger_lock_streams(array[$1::uuid])', [event.id]).then(
        () => 'locked',
        (error: Error) => error.message,
      );
      const outcomes = await Promise.all([committing, locking]);
      await a.query('rollback').catch(() => {});
      expect(outcomes).toEqual(['committed', 'locked']);
    } finally {
      await Promise.all([a.end(), b.end()]);
    }
  });

  it('is no cycle either between a payout request and a payout rejected at the same time', async () => {
    const organizer = await createUser(t, { isVerified: true });
    const { event } = await createEvent(t, organizer.id, {}, [{ priceCents: 1500, quantity: 100 }]);
    const a = new pg.Client({ connectionString: process.env.DATABASE_URL });
    const b = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await Promise.all([a.connect(), b.connect()]);
    const payout = `insert into payouts (event_id, organizer_id, amount_cents, holder_name, iban) values ($1, $2, 100, 'J', 'FR76') returning id`;
    try {
      const earlier = (await a.query<{ id: string }>(payout, [event.id, organizer.id])).rows[0]?.id;
      // B: the administrator rejects the earlier payout (its entry posts at commit: stream lock, then insert).
      await b.query('begin');
      await b.query(`update payouts set status = 'rejected', reject_reason = 'x', decided_at = now() where id = $1`, [
        earlier,
      ]);
      // A: requestPayout (payouts/repository.ts lockEventForPayout), then its payout row.
      await a.query('begin');
      await a.query('select id from events where id = $1 for no key update', [event.id]);
      await a.query(payout, [event.id, organizer.id]);
      const committingB = b.query('commit').then(
        () => 'committed',
        (error: Error) => error.message,
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      const committingA = a.query('commit').then(
        () => 'committed',
        (error: Error) => error.message,
      );
      expect(await Promise.all([committingB, committingA])).toEqual(['committed', 'committed']);
    } finally {
      await Promise.all([a.end(), b.end()]);
    }
  });
});

describe('an event whose sales pass 21.4 M€', () => {
  it('still answers its payout panel and its payout request', async () => {
    const organizer = await createUser(t, { isVerified: true });
    const buyer = await createUser(t);
    const cookie = await loginAs(t, organizer.email);
    const { event, tickets } = await createEvent(t, organizer.id, { dateEnd: new Date(Date.now() - 3_600_000) }, [
      { priceCents: 1_200_000_000, quantity: 10 },
    ]);
    const sale = { eventId: event.id, ticketId: tickets[0]?.id ?? '', userId: buyer.id, unitPriceCents: 1_200_000_000 };
    await paidOrder(t, sale);
    await paidOrder(t, sale);
    await t.app.inject({
      method: 'PUT',
      url: '/api/me/bank-account',
      headers: { cookie },
      payload: { holderName: 'J T', iban: 'FR7630006000011234567890189' },
    });
    const panel = await t.app.inject({ url: `/api/console/events/${event.id}/payouts`, headers: { cookie } });
    const asked = await t.app.inject({
      method: 'POST',
      url: `/api/console/events/${event.id}/payouts`,
      headers: { cookie },
    });
    expect([panel.statusCode, asked.statusCode]).toEqual([200, 201]);
    const net = 2 * (1_200_000_000 - (21_600_000 + 30));
    expect(panel.json().balance.availableCents).toBe(net);
    // One payout moves at most what an entry holds; the next request takes the rest.
    expect(asked.json().amountCents).toBe(2_147_483_647);
    const rest = await t.app.inject({
      method: 'POST',
      url: `/api/console/events/${event.id}/payouts`,
      headers: { cookie },
    });
    // The first payout invoiced the commission and deducted its VAT: 20 % of 2 × 216 000,30 €.
    expect(rest.json().amountCents).toBe(net - 8_640_012 - 2_147_483_647);
  });
});
