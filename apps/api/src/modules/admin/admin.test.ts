import { adminFr, fr } from '@guichet/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createEvent, createUser, loginAs, PASSWORD } from '../../../test/helpers';
import { endedDates, paidOrder } from '../../../test/modules/payouts/support';
import { useTestApp } from '../../../test/use-test-app';
import { auditLog, contactMessages, mailOutbox, participations, refunds } from '../../db/schema';

let now = Date.now();
const t = useTestApp({ clock: { now: () => new Date(now) } });
let admin: string;
let adminId: string;
let adminEmail: string;
beforeAll(async () => {
  const account = await createUser(t, { role: 'admin' });
  adminId = account.id;
  adminEmail = account.email;
  admin = await loginAs(t, account.email);
});

const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: unknown, cookie = admin) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });
const auditOf = (targetId: string) => t.database.db.select().from(auditLog).where(eq(auditLog.targetId, targetId));
const mailTo = (to: string) => t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));

describe('verification requests', () => {
  it('are the administrator’s only: 401 for a visitor, 403 for anyone else', async () => {
    expect((await t.app.inject({ url: '/api/admin/verification-requests' })).statusCode).toBe(401);
    const user = await createUser(t, { isVerified: true });
    const response = await call('GET', '/api/admin/verification-requests', undefined, await loginAs(t, user.email));
    expect(response.statusCode).toBe(403);
    expect(
      (await call('POST', `/api/admin/users/${user.id}/verify`, undefined, await loginAs(t, user.email))).statusCode,
    ).toBe(403);
  });

  it('approves a request: the account is verified, e-mailed and the action audited', async () => {
    const user = await createUser(t, { verificationRequestedAt: new Date() });
    const listed = await call('GET', '/api/admin/verification-requests');
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toContainEqual(expect.objectContaining({ userId: user.id, email: user.email }));
    const approved = await call('POST', `/api/admin/users/${user.id}/verify`);
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ id: user.id, isVerified: true });
    expect((await call('GET', '/api/admin/verification-requests')).json()).not.toContainEqual(
      expect.objectContaining({ userId: user.id }),
    );
    expect((await mailTo(user.email)).map((m) => m.subject)).toContain(
      adminFr.mail.verifiedSubject(t.config.brandName),
    );
    const [entry] = await auditOf(user.id);
    expect(entry).toMatchObject({ actorId: adminId, action: 'user.verify' });
    expect(entry?.before).toMatchObject({ isVerified: false });
    expect(entry?.after).toMatchObject({ isVerified: true });
  });

  it('refuses a request with a reason, which is required and e-mailed', async () => {
    const user = await createUser(t, { verificationRequestedAt: new Date() });
    const noReason = await call('POST', `/api/admin/users/${user.id}/refuse-verification`, { reason: ' ' });
    expect(noReason.json()).toMatchObject({ message: adminFr.common.reasonRequired, field: 'reason' });
    const refused = await call('POST', `/api/admin/users/${user.id}/refuse-verification`, {
      reason: 'Justificatif manquant',
    });
    expect(refused.statusCode).toBe(200);
    expect(refused.json()).toMatchObject({ isVerified: false });
    expect((await mailTo(user.email)).find((m) => m.text.includes('Justificatif manquant'))).toBeTruthy();
    const twice = await call('POST', `/api/admin/users/${user.id}/refuse-verification`, { reason: 'Encore' });
    expect(twice.statusCode).toBe(409);
  });
});

describe('users', () => {
  it('finds accounts by name or e-mail and sets a commission that /api/rates then answers', async () => {
    const user = await createUser(t, { isVerified: true, lastName: 'Zébulon' });
    const found = await call('GET', `/api/admin/users?q=${encodeURIComponent('zébulon')}`);
    expect(found.json()).toContainEqual(expect.objectContaining({ id: user.id }));
    const cookie = await loginAs(t, user.email);
    const changed = await call('PATCH', `/api/admin/users/${user.id}`, {
      commission: { rateBps: 140, fixedCents: 25 },
    });
    expect(changed.json()).toMatchObject({ commissionRateBps: 140, commissionFixedCents: 25 });
    expect((await t.app.inject({ url: '/api/rates', headers: { cookie } })).json()).toEqual({
      rateBps: 140,
      fixedCents: 25,
      isStandard: false,
    });
    await call('PATCH', `/api/admin/users/${user.id}`, { commission: null });
    expect((await t.app.inject({ url: '/api/rates', headers: { cookie } })).json()).toMatchObject({ rateBps: 180 });
    expect((await auditOf(user.id)).map((e) => e.action)).toEqual(['user.commission', 'user.commission']);
  });

  it('bans an account: its sessions end, it cannot log in until the end of a temporary ban', async () => {
    const user = await createUser(t);
    const cookie = await loginAs(t, user.email);
    const until = new Date(now + 3 * 86_400_000).toISOString();
    const banned = await call('POST', `/api/admin/users/${user.id}/ban`, { until, reason: 'Fraude' });
    expect(banned.statusCode).toBe(200);
    expect(banned.json()).toMatchObject({ isBanned: true, banReason: 'Fraude' });
    expect((await t.app.inject({ url: '/api/me/bank-account', headers: { cookie } })).statusCode).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: PASSWORD },
    });
    expect(login.statusCode).toBe(403);
    expect(login.json().message).toMatch(/^Votre compte est suspendu jusqu'au /);
    // A wrong password still says only that: the ban is told to the account's owner alone.
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: 'Mauvais1' },
    });
    expect(wrong.json().message).toBe(fr.auth.wrongCredentials);
    now += 4 * 86_400_000;
    // The administrator's own session ended with the days gone by.
    admin = await loginAs(t, adminEmail);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: user.email, password: PASSWORD },
        })
      ).statusCode,
    ).toBe(200);
  });

  it('bans for ever, lifts a ban, and never bans an administrator nor oneself', async () => {
    const user = await createUser(t);
    await call('POST', `/api/admin/users/${user.id}/ban`, { until: null, reason: 'Abus' });
    const login = () =>
      t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: PASSWORD } });
    expect((await login()).json().message).toBe(fr.auth.accountBanned);
    expect((await call('DELETE', `/api/admin/users/${user.id}/ban`)).json()).toMatchObject({ isBanned: false });
    expect((await login()).statusCode).toBe(200);
    const other = await createUser(t, { role: 'admin' });
    expect((await call('POST', `/api/admin/users/${other.id}/ban`, { until: null, reason: 'x' })).statusCode).toBe(409);
    expect((await call('POST', `/api/admin/users/${adminId}/ban`, { until: null, reason: 'x' })).statusCode).toBe(409);
    const past = await call('POST', `/api/admin/users/${user.id}/ban`, {
      until: new Date(now - 1000).toISOString(),
      reason: 'x',
    });
    expect(past.json()).toMatchObject({ message: adminFr.errors.banInPast });
  });
});

describe('events', () => {
  it('unpublishes an event and sets its provider among the configured ones', async () => {
    const organiser = await createUser(t, { isVerified: true });
    const { event } = await createEvent(t, organiser.id, { title: 'Bal masqué de la préfecture' });
    const listed = await call('GET', `/api/admin/events?q=${encodeURIComponent('masqué')}`);
    expect(listed.json().events).toContainEqual(expect.objectContaining({ id: event.id, isPublic: true }));
    expect(listed.json().providers).toContain('sandbox');
    const unpublished = await call('POST', `/api/admin/events/${event.id}/unpublish`);
    expect(unpublished.json()).toMatchObject({ isPublic: false });
    expect((await t.app.inject({ url: `/api/events/${event.id}` })).statusCode).toBe(404);
    const stripe = await call('PUT', `/api/admin/events/${event.id}/provider`, { provider: 'stripe' });
    expect(stripe.statusCode).toBe(400);
    expect(stripe.json().message).toBe(adminFr.errors.providerDisabled);
    const [entry] = await auditOf(event.id);
    expect(entry).toMatchObject({ action: 'event.unpublish', before: { isPublic: true }, after: { isPublic: false } });
  });
});

describe('payouts', () => {
  it('lists the queue, sends one in a batch’s pain.001 and pays it, rejects another, e-mailing each step', async () => {
    const organiser = await createUser(t, { isVerified: true, firstName: 'Élodie' });
    const buyer = await createUser(t);
    const cookie = await loginAs(t, organiser.email);
    await t.app.inject({
      method: 'PUT',
      url: '/api/me/bank-account',
      headers: { cookie },
      payload: { holderName: 'Élodie & Fils <SARL>', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' },
    });
    const ids: string[] = [];
    for (const price of [1999, 100_005]) {
      const { event, tickets } = await createEvent(t, organiser.id, endedDates(), [{ priceCents: price }]);
      await paidOrder(t, {
        eventId: event.id,
        ticketId: tickets[0]?.id ?? '',
        userId: buyer.id,
        unitPriceCents: price,
      });
      const asked = await t.app.inject({
        method: 'POST',
        url: `/api/console/events/${event.id}/payouts`,
        headers: { cookie },
      });
      ids.push(asked.json().id);
    }
    const queue = (await call('GET', '/api/admin/payouts')).json() as { id: string; amountCents: number }[];
    const mine = queue.filter((p) => ids.includes(p.id));
    // Each less its commission TTC: the VAT (20 %, half up) is deducted with the payout's invoice.
    expect(mine.map((p) => p.amountCents).sort((a, b) => a - b)).toEqual([
      1999 - 36 - 30 - 13,
      100_005 - 1800 - 30 - 366,
    ]);

    // Listed by id: other tests share this database and its queue.
    const batch = await call('POST', '/api/admin/payout-batches', { payoutIds: [ids[0]] });
    expect(batch.statusCode).toBe(201);
    const file = await call('GET', `/api/admin/payout-batches/${batch.json().id}/sepa.xml`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('application/xml');
    expect(file.body).toContain('urn:iso:std:iso:20022:tech:xsd:pain.001.001.03');
    expect(file.body).toContain('<InstdAmt Ccy="EUR">19.20</InstdAmt>');
    expect(file.body).not.toContain('<InstdAmt Ccy="EUR">978.09</InstdAmt>');
    expect(file.body).toContain('<Nm>Elodie Fils SARL</Nm>');
    expect(file.body).toContain('<IBAN>DE89370400440532013000</IBAN>');
    expect(file.body).toContain('<NbOfTxs>1</NbOfTxs>');

    const paidUrl = `/api/admin/payout-batches/${batch.json().id}/paid`;
    expect((await call('POST', paidUrl, { bankReference: '' })).statusCode).toBe(400);
    expect((await call('POST', paidUrl, { bankReference: 'VIR-2026-001' })).statusCode).toBe(200);
    const [paid] = ((await call('GET', '/api/admin/payouts?status=paid')).json() as { id: string }[]).filter(
      (p) => p.id === ids[0],
    );
    expect(paid).toMatchObject({ status: 'paid', bankReference: 'VIR-2026-001', batchId: batch.json().id });
    expect((await call('POST', `/api/admin/payouts/${ids[0]}/reject`, { reason: 'x' })).statusCode).toBe(409);
    const rejected = await call('POST', `/api/admin/payouts/${ids[1]}/reject`, { reason: 'IBAN clôturé' });
    expect(rejected.json()).toMatchObject({ status: 'rejected', rejectReason: 'IBAN clôturé' });
    const mails = (await mailTo(organiser.email)).map((m) => m.text);
    expect(mails.some((text) => text.includes('VIR-2026-001'))).toBe(true);
    expect(mails.some((text) => text.includes('IBAN clôturé'))).toBe(true);
    expect((await auditOf(batch.json().id)).map((e) => e.action).sort()).toEqual([
      'payout_batch.create',
      'payout_batch.download',
      'payout_batch.paid',
    ]);
    expect((await auditOf(ids[1] ?? '')).map((e) => e.action)).toEqual(['payout.reject']);
  });
});

describe('refund requests', () => {
  it('are listed read-only, oldest first', async () => {
    const organiser = await createUser(t, { isVerified: true });
    const holder = await createUser(t, { firstName: 'Rémi' });
    const { event, tickets } = await createEvent(t, organiser.id, {}, [{ priceCents: 2000 }]);
    const ticketId = tickets[0]?.id ?? '';
    const order = await paidOrder(t, {
      eventId: event.id,
      ticketId,
      userId: holder.id,
      unitPriceCents: 2000,
      quantity: 2,
    });
    await t.database.db.insert(participations).values({
      eventId: event.id,
      ticketId,
      userId: holder.id,
      orderId: order.id,
      quantity: 1,
      refundPlaces: 1,
      refundRequestedAt: new Date(),
    });
    const listed = (await call('GET', '/api/admin/refunds')).json();
    expect(listed).toContainEqual(
      expect.objectContaining({
        cause: 'request',
        eventId: event.id,
        holderEmail: 'acheteur@test.guichet.fr',
        places: 1,
        status: 'awaiting',
        amountCents: null,
      }),
    );
    await t.database.db.insert(refunds).values({
      eventId: event.id,
      orderId: order.id,
      cause: 'cancellation',
      places: 2,
      amountCents: 4000,
      provider: 'sandbox',
      status: 'failed',
      lastError: 'La banque ne répond pas.',
    });
    const after = (await call('GET', '/api/admin/refunds')).json();
    expect(after).toContainEqual(
      expect.objectContaining({
        cause: 'cancellation',
        eventId: event.id,
        amountCents: 4000,
        status: 'failed',
        lastError: 'La banque ne répond pas.',
      }),
    );
    const user = await createUser(t);
    expect((await call('GET', '/api/admin/refunds', undefined, await loginAs(t, user.email))).statusCode).toBe(403);
  });
});

describe('contact messages and the audit log', () => {
  it('lists the messages the contact form stored, and the actions newest first', async () => {
    await t.database.db.insert(contactMessages).values({
      firstName: 'Paul',
      lastName: 'Durand',
      email: 'paul@test.guichet.fr',
      subject: 'Autres',
      message: 'Bonjour',
    });
    expect((await call('GET', '/api/admin/messages')).json()).toContainEqual(
      expect.objectContaining({ email: 'paul@test.guichet.fr', message: 'Bonjour' }),
    );
    const audit = (await call('GET', '/api/admin/audit')).json() as { actorName: string; action: string }[];
    expect(audit.length).toBeGreaterThan(0);
    expect(audit[0]?.actorName).toBe('Jeanne Test');
    expect((await call('GET', '/api/admin/summary')).json()).toMatchObject({ messages: expect.any(Number) });
  });
});
