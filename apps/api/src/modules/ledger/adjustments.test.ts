import { adminFr } from '@guichet/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createUser, loginAs } from '../../../test/helpers';
import {
  adminBalance,
  askPayout,
  buy,
  commissionVatOf,
  endEvent,
  eventInDebt,
  eventStream,
  moneyEvent,
  organiserWithBank,
  PLACE_NET,
  payoutPanel,
  useLedgerApp,
} from '../../../test/modules/ledger/support';
import { auditLog, ledgerEntries } from '../../db/schema';

// The administrator's entries in an organiser's ledger (issue 27): a repayment of what they owe,
// or a charge, each with its reason and in the audit log.
const { clock, t, admin } = useLedgerApp();

const adminCall = (method: 'POST', url: string, payload: object) =>
  t.app.inject({ method, url, headers: { cookie: admin.cookie }, payload });

describe('POST /api/admin/users/:id/ledger-adjustments', () => {
  const adjust = (userId: string, payload: object) =>
    adminCall('POST', `/api/admin/users/${userId}/ledger-adjustments`, payload);

  it('records a repayment with its reason, audited, and pays back the events in debt', async () => {
    const owner = await organiserWithBank(t);
    const a = await eventInDebt(t, clock, owner);
    endEvent(clock, a.event);
    await a.payThenRefund();

    const part = await adjust(owner.organiser.id, { amountCents: 2000, reason: ' Virement reçu le 3 mars ' });
    expect(part.statusCode).toBe(201);
    expect(part.json()).toEqual({ balanceCents: -4000 });
    expect((await payoutPanel(t, a.event.id, owner.cookie)).balance.availableCents).toBe(-4000);
    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, owner.organiser.id));
    expect(audit).toMatchObject({
      action: 'user.ledger_adjustment',
      targetType: 'user',
      before: { balanceCents: -6000 },
      after: { balanceCents: -4000, amountCents: 2000, reason: 'Virement reçu le 3 mars' },
    });

    expect((await adjust(owner.organiser.id, { amountCents: 4000, reason: 'Solde reçu' })).json()).toEqual({
      balanceCents: 0,
    });
    expect((await payoutPanel(t, a.event.id, owner.cookie)).balance).toMatchObject({
      availableCents: 0,
      organizerBalanceCents: 0,
    });
    expect(await adminBalance(t, admin.cookie, owner.organiser)).toBe(0);
    expect(await eventStream(t, owner.organiser.id)).toEqual([
      { kind: 'adjustment', amountCents: 2000, balanceCents: 2000 },
      { kind: 'debt_recovery', amountCents: -2000, balanceCents: 0 },
      { kind: 'adjustment', amountCents: 4000, balanceCents: 4000 },
      { kind: 'debt_recovery', amountCents: -4000, balanceCents: 0 },
    ]);
    expect(
      (await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, owner.organiser.id))).map(
        (row) => row.action,
      ),
    ).toEqual(['user.ledger_adjustment', 'user.ledger_adjustment']);
  });

  it('records a charge as a debt the next payout recovers', async () => {
    const owner = await organiserWithBank(t);
    const { event, ticket } = await moneyEvent(t, owner.organiser.id, clock);
    await buy(t, event.id, { ticketId: ticket.id, quantity: 1 });
    const charged = await adjust(owner.organiser.id, { amountCents: -500, reason: 'Frais de rejet bancaire' });
    expect(charged.json()).toEqual({ balanceCents: PLACE_NET - 500 });
    endEvent(clock, event);
    // Less the VAT on the sale's commission (0,84 € × 20 % = 0,17 €), deducted with its invoice.
    expect((await askPayout(t, event.id, owner.cookie)).json().amountCents).toBe(PLACE_NET - commissionVatOf(1) - 500);
    expect(await adminBalance(t, admin.cookie, owner.organiser)).toBe(0);
  });

  it('refuses a missing reason or amount with the French message, and anyone but an administrator', async () => {
    const organiser = await createUser(t, { isVerified: true });
    const url = `/api/admin/users/${organiser.id}/ledger-adjustments`;
    for (const reason of ['', '   ']) {
      const refused = await adjust(organiser.id, { amountCents: 1000, reason });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ message: adminFr.errors.adjustmentReason, field: 'reason' });
    }
    // The back office's own limit on reasons, refused by the server with its words.
    const long = await adjust(organiser.id, { amountCents: 1000, reason: 'x'.repeat(501) });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ message: adminFr.common.reasonTooLong, field: 'reason' });
    expect((await adjust(organiser.id, { amountCents: 1000 })).statusCode).toBe(400);
    for (const amountCents of [0, 12.5]) {
      const refused = await adjust(organiser.id, { amountCents, reason: 'Remboursement' });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ message: adminFr.errors.adjustmentAmount, field: 'amountCents' });
    }
    const unknown = await adjust('00000000-0000-4000-8000-000000000000', { amountCents: 1000, reason: 'x' });
    expect(unknown.statusCode).toBe(404);
    const asOrganiser = await t.app.inject({
      method: 'POST',
      url,
      headers: { cookie: await loginAs(t, organiser.email) },
      payload: { amountCents: 1000, reason: 'Cadeau' },
    });
    expect(asOrganiser.statusCode).toBe(403);
    expect(await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.organizerId, organiser.id))).toEqual(
      [],
    );
  });
});
