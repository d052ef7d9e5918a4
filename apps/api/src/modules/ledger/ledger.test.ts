import {
  discountedUnitPriceCents,
  formatEuros,
  organiserCommissionCents,
  payoutsFr,
  STANDARD_COMMISSION,
} from '@guichet/shared';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { raceMode } from '../../../test/helpers';
import {
  acceptRefund,
  adminBalance,
  askPayout,
  askRefund,
  buy,
  cancelEvent,
  commissionVatOf,
  endEvent,
  eventInDebt,
  eventStream,
  moneyEvent,
  organiserWithBank,
  PLACE_COMMISSION,
  PLACE_NET,
  payoutPanel,
  sellAtDoor,
  useLedgerApp,
} from '../../../test/modules/ledger/support';
import { queryRows } from '../../db/client';
import { ledgerEntries, mailOutbox } from '../../db/schema';

// The money ledger (issue 27) through the API, as organisers, buyers and the administrator use it.
// A database of its own: the cancellations' refunds are made by the job queue, run here.
const { clock, t, admin } = useLedgerApp({ isolated: true });

const adminCall = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: admin.cookie }, ...(payload ? { payload } : {}) });
const balanceInBackOffice = (user: { id: string; email: string }) => adminBalance(t, admin.cookie, user);
const mailTo = (to: string) => t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));

describe('a refund accepted after a payout (issue 27, scenario 2)', () => {
  it('takes the balance below 0 by the exact amount, shown in the console and the back office', async () => {
    const owner = await organiserWithBank(t);
    const { event, ticket } = await moneyEvent(t, owner.organiser.id, clock);
    const insured = await buy(t, event.id, { ticketId: ticket.id, quantity: 2, refundPlaces: 2 });
    await buy(t, event.id, { ticketId: ticket.id, quantity: 1 });
    const participationId = await askRefund(t, insured.cookie);

    endEvent(clock, event);
    const paid = await askPayout(t, event.id, owner.cookie);
    expect(paid.statusCode).toBe(201);
    // The commission's VAT (2,52 € × 20 % = 0,50 €) is deducted with its invoice.
    expect(paid.json()).toEqual({
      id: expect.any(String),
      amountCents: 3 * PLACE_NET - commissionVatOf(3),
      status: 'requested',
      commissionInclVatCents: 3 * PLACE_COMMISSION + commissionVatOf(3),
      commissionInvoiceUrl: `/api/payouts/${paid.json().id}/commission-invoice.pdf`,
    });
    expect((await acceptRefund(t, event.id, participationId, owner.cookie)).json()).toEqual({ status: 'refunded' });

    // 90,00 − 2,52 − 0,50 − 60,00 − 86,98 = −60,00 €: the refund is the organiser's debt, not the platform's loss.
    const afterRefund = await payoutPanel(t, event.id, owner.cookie);
    expect(afterRefund).toMatchObject({
      requestable: false,
      requestableFrom: null,
      balance: {
        salesCents: 9000,
        commissionCents: 3 * PLACE_COMMISSION,
        commissionVatCents: commissionVatOf(3),
        commissionVatDueCents: 0,
        refundsCents: 6000,
        payoutsCents: 3 * PLACE_NET - commissionVatOf(3),
        availableCents: -6000,
        organizerBalanceCents: -6000,
        requestableCents: 0,
      },
    });
    expect(await balanceInBackOffice(owner.organiser)).toBe(-6000);
    const nothing = await askPayout(t, event.id, owner.cookie);
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json()).toMatchObject({ code: 'NOTHING_TO_PAY', message: payoutsFr.errors.nothingLeft });

    // At the door, by card: the organiser took 30,00 € and owes its commission; in cash, nothing.
    await sellAtDoor(t, event.id, ticket.id, owner.cookie, 'card');
    await sellAtDoor(t, event.id, ticket.id, owner.cookie, 'cash');
    const afterDoor = await payoutPanel(t, event.id, owner.cookie);
    expect(afterDoor.balance).toMatchObject({
      salesCents: 9000,
      commissionCents: 4 * PLACE_COMMISSION,
      // The door sale's commission is invoiced, with its VAT, by the next payout.
      commissionVatDueCents: commissionVatOf(1),
      availableCents: -6000 - PLACE_COMMISSION,
      organizerBalanceCents: -6000 - PLACE_COMMISSION,
    });
    expect(await balanceInBackOffice(owner.organiser)).toBe(-6000 - PLACE_COMMISSION);

    expect(await eventStream(t, event.id)).toEqual([
      { kind: 'sale', amountCents: 6000, balanceCents: 6000 },
      { kind: 'commission', amountCents: -2 * PLACE_COMMISSION, balanceCents: 6000 - 2 * PLACE_COMMISSION },
      { kind: 'sale', amountCents: 3000, balanceCents: 9000 - 2 * PLACE_COMMISSION },
      { kind: 'commission', amountCents: -PLACE_COMMISSION, balanceCents: 3 * PLACE_NET },
      { kind: 'commission_vat', amountCents: -commissionVatOf(3), balanceCents: 3 * PLACE_NET - commissionVatOf(3) },
      { kind: 'payout', amountCents: -(3 * PLACE_NET - commissionVatOf(3)), balanceCents: 0 },
      // Each insured place is its own ticket, refunded on its own request (issue 30).
      { kind: 'refund', amountCents: -3000, balanceCents: -3000 },
      { kind: 'refund', amountCents: -3000, balanceCents: -6000 },
      { kind: 'commission', amountCents: -PLACE_COMMISSION, balanceCents: -6000 - PLACE_COMMISSION },
    ]);
    // The door's money is the organiser's own, by method.
    const door = await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.eventId, event.id));
    expect(
      door
        .filter((row) => row.account === 'door')
        .map((row) => [row.method, row.amountCents])
        .sort(),
    ).toEqual([
      ['card', 3000],
      ['cash', 3000],
    ]);
  });
});

describe('cancelling an event after a payout was asked (issue 27, scenario 1)', () => {
  /** An organiser allowed advances of the whole balance, with 3 places sold online and one in cash at the door. */
  async function advancedEvent() {
    const owner = await organiserWithBank(t, { firstName: 'Élodie' });
    const allowed = await adminCall('PUT', `/api/admin/users/${owner.organiser.id}/payout-advance`, { percent: 100 });
    expect(allowed.statusCode).toBe(200);
    const { event, ticket } = await moneyEvent(t, owner.organiser.id, clock);
    for (let i = 0; i < 3; i++) await buy(t, event.id, { ticketId: ticket.id, quantity: 1 });
    await sellAtDoor(t, event.id, ticket.id, owner.cookie, 'cash');
    const asked = await askPayout(t, event.id, owner.cookie);
    expect(asked.statusCode).toBe(201);
    expect(asked.json()).toMatchObject({ amountCents: 3 * PLACE_NET - commissionVatOf(3), status: 'requested' });
    expect((await payoutPanel(t, event.id, owner.cookie)).balance.availableCents).toBe(0);
    return { ...owner, event, payoutId: asked.json().id as string };
  }

  it('cancels the requested payout, gives its amount back to the balance and tells the organiser', async () => {
    const { organiser, cookie, event, payoutId } = await advancedEvent();
    expect((await cancelEvent(t, event.id, cookie)).statusCode).toBe(202);

    const panel = await payoutPanel(t, event.id, cookie);
    expect(panel.payouts).toMatchObject([{ id: payoutId, status: 'cancelled' }]);
    // The commission's VAT stays deducted: the commission was charged, and invoiced.
    expect(panel.balance).toMatchObject({ payoutsCents: 0, availableCents: 3 * PLACE_NET - commissionVatOf(3) });
    expect(panel.requestable).toBe(false);
    expect((await eventStream(t, event.id)).slice(-2)).toEqual([
      { kind: 'payout', amountCents: -(3 * PLACE_NET - commissionVatOf(3)), balanceCents: 0 },
      {
        kind: 'payout_cancelled',
        amountCents: 3 * PLACE_NET - commissionVatOf(3),
        balanceCents: 3 * PLACE_NET - commissionVatOf(3),
      },
    ]);
    const mail = (await mailTo(organiser.email)).find(
      (row) => row.subject === payoutsFr.mail.cancelledSubject(t.config.brandName, event.title),
    );
    expect(mail?.text).toContain(formatEuros(3 * PLACE_NET - commissionVatOf(3)));
    // Not in any file the administrator can make.
    const batch = await adminCall('POST', '/api/admin/payout-batches', { payoutIds: [payoutId] });
    expect(batch.statusCode).toBe(409);

    // The buyers get their 90,00 € back; the commission on the sale stays charged.
    await t.app.jobs.runDue();
    expect((await payoutPanel(t, event.id, cookie)).balance).toMatchObject({
      refundsCents: 9000,
      availableCents: -3 * PLACE_COMMISSION - commissionVatOf(3),
      organizerBalanceCents: -3 * PLACE_COMMISSION - commissionVatOf(3),
    });
  });

  it('keeps a payout whose batch file was downloaded: it becomes the organiser’s debt', async () => {
    const { organiser, cookie, event, payoutId } = await advancedEvent();
    const batch = await adminCall('POST', '/api/admin/payout-batches', { payoutIds: [payoutId] });
    expect(batch.statusCode).toBe(201);
    expect((await adminCall('GET', `/api/admin/payout-batches/${batch.json().id}/sepa.xml`)).statusCode).toBe(200);

    expect((await cancelEvent(t, event.id, cookie)).statusCode).toBe(202);
    expect((await payoutPanel(t, event.id, cookie)).payouts).toMatchObject([{ id: payoutId, status: 'batched' }]);
    await t.app.jobs.runDue();
    // 90,00 − 2,52 − 0,50 − 86,98 sent to the bank − 90,00 given back to the buyers.
    const owed = -9000;
    expect((await payoutPanel(t, event.id, cookie)).balance).toMatchObject({
      salesCents: 9000,
      refundsCents: 9000,
      payoutsCents: 3 * PLACE_NET - commissionVatOf(3),
      availableCents: owed,
      organizerBalanceCents: owed,
    });
    expect(await balanceInBackOffice(organiser)).toBe(owed);
    // Paid by the bank after all: the money left the platform's account, the debt is unchanged.
    const paid = await adminCall('POST', `/api/admin/payout-batches/${batch.json().id}/paid`, {
      bankReference: 'VIR-ANNULE-1',
    });
    expect(paid.statusCode).toBe(200);
    expect((await payoutPanel(t, event.id, cookie)).balance.availableCents).toBe(owed);
    const bank = await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.payoutId, payoutId));
    expect(bank.filter((row) => row.account === 'bank').map((row) => [row.kind, row.amountCents])).toEqual([
      ['payout_paid', -(3 * PLACE_NET - commissionVatOf(3))],
    ]);
  });
});

describe('a debt', () => {
  it('is recovered first from the next payout of any of the organiser’s events, once', async () => {
    const owner = await organiserWithBank(t);
    const a = await eventInDebt(t, clock, owner);
    const b = await moneyEvent(t, owner.organiser.id, clock);
    await buy(t, b.event.id, { ticketId: b.ticket.id, quantity: 5 });
    const c = await moneyEvent(t, owner.organiser.id, clock);
    await buy(t, c.event.id, { ticketId: c.ticket.id, quantity: 1 });
    endEvent(clock, c.event);
    await a.payThenRefund();

    // C's 29,16 € do not cover the 60,00 € owed: nothing is paid and nothing moves.
    const tooSmall = await askPayout(t, c.event.id, owner.cookie);
    expect(tooSmall.statusCode).toBe(409);
    expect(tooSmall.json()).toMatchObject({ code: 'NOTHING_TO_PAY', message: payoutsFr.errors.debtFirst });
    expect((await payoutPanel(t, a.event.id, owner.cookie)).balance.availableCents).toBe(-6000);
    expect((await payoutPanel(t, c.event.id, owner.cookie)).balance.requestableCents).toBe(0);

    // B's 145,80 € pay A's debt and their commission's VAT, and the rest goes to the organiser.
    const bPanel = await payoutPanel(t, b.event.id, owner.cookie);
    expect(bPanel.balance).toMatchObject({
      availableCents: 5 * PLACE_NET,
      commissionVatDueCents: commissionVatOf(5),
      requestableCents: 5 * PLACE_NET - commissionVatOf(5) - 6000,
    });
    expect(bPanel.balance.organizerBalanceCents).toBe(5 * PLACE_NET + PLACE_NET - 6000);
    const fromB = await askPayout(t, b.event.id, owner.cookie);
    expect(fromB.statusCode).toBe(201);
    expect(fromB.json().amountCents).toBe(5 * PLACE_NET - commissionVatOf(5) - 6000);
    expect((await payoutPanel(t, a.event.id, owner.cookie)).balance).toMatchObject({
      availableCents: 0,
      organizerBalanceCents: PLACE_NET,
    });
    expect((await payoutPanel(t, b.event.id, owner.cookie)).balance.availableCents).toBe(0);
    expect((await eventStream(t, a.event.id)).at(-1)).toEqual({
      kind: 'debt_recovery',
      amountCents: 6000,
      balanceCents: 0,
    });
    expect((await eventStream(t, b.event.id)).slice(-3)).toEqual([
      { kind: 'debt_recovery', amountCents: -6000, balanceCents: 5 * PLACE_NET - 6000 },
      {
        kind: 'commission_vat',
        amountCents: -commissionVatOf(5),
        balanceCents: 5 * PLACE_NET - 6000 - commissionVatOf(5),
      },
      { kind: 'payout', amountCents: -(5 * PLACE_NET - 6000 - commissionVatOf(5)), balanceCents: 0 },
    ]);

    // The debt is paid: C's payout is C's whole balance.
    const fromC = await askPayout(t, c.event.id, owner.cookie);
    expect(fromC.statusCode).toBe(201);
    expect(fromC.json().amountCents).toBe(PLACE_NET - commissionVatOf(1));
    const recoveries = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.organizerId, owner.organiser.id));
    expect(
      recoveries
        .filter((row) => row.kind === 'debt_recovery')
        .map((row) => row.amountCents)
        .sort(),
    ).toEqual([-6000, 6000]);
    expect(await balanceInBackOffice(owner.organiser)).toBe(0);
  });

  it(`is recovered once when two events’ payouts are asked at once${raceMode}`, async () => {
    const owner = await organiserWithBank(t);
    const a = await eventInDebt(t, clock, owner);
    const others = [await moneyEvent(t, owner.organiser.id, clock), await moneyEvent(t, owner.organiser.id, clock)];
    for (const other of others) await buy(t, other.event.id, { ticketId: other.ticket.id, quantity: 5 });
    endEvent(clock, a.event);
    await a.payThenRefund();
    const answers = await Promise.all(
      others.map(({ event }) =>
        fetch(`${t.base}/api/console/events/${event.id}/payouts`, {
          method: 'POST',
          headers: { cookie: owner.cookie },
        }).then(async (response) => ({
          status: response.status,
          body: (await response.json()) as { amountCents: number },
        })),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual([201, 201]);
    // One of them paid the 60,00 € back, whichever came first.
    expect(answers.map((answer) => answer.body.amountCents).sort((x, y) => x - y)).toEqual([
      5 * PLACE_NET - commissionVatOf(5) - 6000,
      5 * PLACE_NET - commissionVatOf(5),
    ]);
    expect((await payoutPanel(t, a.event.id, owner.cookie)).balance.availableCents).toBe(0);
    expect(await balanceInBackOffice(owner.organiser)).toBe(0);
  });
});

describe('the ledger in the database', () => {
  it('refuses to change or remove an entry', async () => {
    const owner = await organiserWithBank(t);
    const { event, ticket } = await moneyEvent(t, owner.organiser.id, clock);
    await buy(t, event.id, { ticketId: ticket.id, quantity: 1 });
    const [entry] = await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.eventId, event.id));
    const id = entry?.id ?? 0;
    const refusal = async (statement: Promise<unknown>) => {
      const error = await statement.then(
        () => null,
        (e: Error & { cause?: Error }) => e,
      );
      return `${error?.message} ${error?.cause?.message ?? ''}`;
    };
    expect(
      await refusal(
        t.database.db.execute(sql`update ledger_entries set amount_cents = amount_cents + 1 where id = ${id}`),
      ),
    ).toContain('ledger entries are never changed or removed');
    expect(await refusal(t.database.db.execute(sql`delete from ledger_entries where id = ${id}`))).toContain(
      'ledger entries are never changed or removed',
    );
    const [after] = await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.id, id));
    expect(after).toEqual(entry);
  });

  /**
   * A factor and a price whose product is an odd multiple of `half`: the result falls exactly half
   * way, where the rounding rule decides, which random values almost never hit.
   */
  const halfway = (half: number, maxFactor: number) => {
    const divisors = Array.from({ length: half }, (_, i) => i + 1).filter((d) => half % d === 0);
    return fc
      .constantFrom(...divisors)
      .chain((d) =>
        fc.tuple(
          fc.constant(d),
          fc.integer({ min: 0, max: Math.floor((maxFactor / d - 1) / 2) }),
          fc.integer({ min: 0, max: 5000 }),
        ),
      )
      .map(([d, m, j]) => ({ factor: d * (2 * m + 1), price: (half / d) * (2 * j + 1) }));
  };
  const anyPrice = fc.oneof(fc.integer({ min: 0, max: 2000 }), fc.integer({ min: 0, max: 100_000_000 }));

  it('computes the commission as the shared rule does (guichet_commission_cents)', async () => {
    const fixedCents = fc.integer({ min: 0, max: 10_000 });
    const sample = fc.oneof(
      fc.tuple(anyPrice, fc.option(fc.record({ bps: fc.integer({ min: 0, max: 10_000 }), fixedCents }))),
      // A percentage of exactly half a cent (1.8 % of 25 cents is 0.45: not one of them).
      fc
        .tuple(halfway(5000, 10_000), fixedCents)
        .map(([tie, fixed]) => [tie.price, { bps: tie.factor, fixedCents: fixed }] as const),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(sample, { minLength: 1, maxLength: 200 }), async (samples) => {
        const rows = samples.map(([price, rate]) => ({
          price,
          bps: rate?.bps ?? null,
          fixed: rate?.fixedCents ?? null,
        }));
        const answers = await queryRows<{ cents: number }>(
          t.database.db,
          sql`select guichet_commission_cents((s->>'price')::int, (s->>'bps')::int, (s->>'fixed')::int) as cents
                from jsonb_array_elements(${JSON.stringify(rows)}::jsonb) with ordinality as a(s, n)
               order by n`,
        );
        expect(answers.map((row) => row.cents)).toEqual(
          samples.map(([price, rate]) => organiserCommissionCents(price, rate ?? STANDARD_COMMISSION)),
        );
      }),
      { numRuns: 25 },
    );
  });

  it('discounts a price as the shared rule does (guichet_discounted_cents)', async () => {
    const sample = fc.oneof(
      fc.tuple(anyPrice, fc.option(fc.integer({ min: 0, max: 100 }))),
      // A discounted price of exactly half a cent.
      halfway(50, 100).map((tie) => [tie.price, 100 - tie.factor] as const),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(sample, { minLength: 1, maxLength: 200 }), async (samples) => {
        const rows = samples.map(([price, percent]) => ({ price, percent }));
        const answers = await queryRows<{ cents: number }>(
          t.database.db,
          sql`select guichet_discounted_cents((s->>'price')::int, (s->>'percent')::int) as cents
                from jsonb_array_elements(${JSON.stringify(rows)}::jsonb) with ordinality as a(s, n)
               order by n`,
        );
        expect(answers.map((row) => row.cents)).toEqual(
          samples.map(([price, percent]) => discountedUnitPriceCents(price, percent)),
        );
      }),
      { numRuns: 25 },
    );
  });
});
