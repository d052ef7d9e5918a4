import { adminFr, payoutsFr } from '@guichet/shared';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithAdmin, createEvent, createUser, loginAs, raceMode, type TestApp } from '../../../test/helpers';
import { endedDates, paidOrder } from '../../../test/modules/payouts/support';
import { pain001Errors } from '../../../test/pain001-schema';
import { auditLog, mailOutbox, payouts } from '../../db/schema';

let t: TestApp;
let base: string;
let admin: string;
let now = Date.now();
beforeAll(async () => {
  // A database of its own: a batch takes every payout requested in it.
  ({ t, base, admin } = await appWithAdmin({ isolated: true, clock: { now: () => new Date(now) } }));
}, 120_000);
afterAll(async () => t.close());

const m = adminFr;
const call = (method: 'GET' | 'POST', url: string, payload?: object, cookie = admin) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
const createBatch = (payoutIds?: string[]) => call('POST', '/api/admin/payout-batches', payoutIds ? { payoutIds } : {});
const sepa = (batchId: string) => call('GET', `/api/admin/payout-batches/${batchId}/sepa.xml`);
const statusOf = async (id: string) => (await t.database.db.select().from(payouts).where(eq(payouts.id, id)))[0];
const auditOf = (targetId: string) => t.database.db.select().from(auditLog).where(eq(auditLog.targetId, targetId));
const mailTo = (to: string) => t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));

/**
 * An organiser's event with one paid order of `priceCents`, and its payout requested: after the
 * event's end, or before it (one that may still be cancelled) as an advance of the whole balance.
 */
async function requestedPayout(priceCents = 3000, { ended = true } = {}) {
  const organiser = await createUser(t, { isVerified: true, payoutAdvancePercent: ended ? 0 : 100 });
  const buyer = await createUser(t);
  const cookie = await loginAs(t, organiser.email);
  const { event, tickets } = await createEvent(t, organiser.id, ended ? endedDates() : {}, [{ priceCents }]);
  await paidOrder(t, {
    eventId: event.id,
    ticketId: tickets[0]?.id ?? '',
    userId: buyer.id,
    unitPriceCents: priceCents,
  });
  await t.app.inject({
    method: 'PUT',
    url: '/api/me/bank-account',
    headers: { cookie },
    payload: { holderName: 'Jeanne Test', iban: 'FR7630006000011234567890189' },
  });
  const asked = await t.app.inject({
    method: 'POST',
    url: `/api/console/events/${event.id}/payouts`,
    headers: { cookie },
  });
  expect(asked.statusCode).toBe(201);
  return {
    organiser,
    cookie,
    event,
    payoutId: asked.json().id as string,
    amountCents: asked.json().amountCents as number,
  };
}

const available = async (eventId: string, cookie: string) =>
  (await t.app.inject({ url: `/api/console/events/${eventId}/payouts`, headers: { cookie } })).json().balance
    .availableCents as number;

describe('POST /api/admin/payout-batches', () => {
  it('puts every requested payout in one batch, then answers 409 with nothing left to batch', async () => {
    const a = await requestedPayout();
    const b = await requestedPayout();
    const createdAt = new Date(now).toISOString();
    const created = await createBatch();
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ id: expect.any(String), payoutIds: [a.payoutId, b.payoutId] });
    expect((await statusOf(a.payoutId))?.status).toBe('batched');
    expect((await statusOf(b.payoutId))?.batchId).toBe(created.json().id);
    // A batched payout is money taken, as a requested one.
    expect(await available(a.event.id, a.cookie)).toBe(0);

    const again = await createBatch();
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'NOTHING_TO_BATCH', message: m.errors.nothingToBatch });
    const [entry] = await auditOf(created.json().id);
    expect(entry).toMatchObject({ action: 'payout_batch.create', after: { payoutIds: [a.payoutId, b.payoutId] } });
    const listed = (await call('GET', '/api/admin/payout-batches')).json();
    expect(listed).toContainEqual({
      id: created.json().id,
      createdAt,
      payoutCount: 2,
      totalCents: a.amountCents + b.amountCents,
      downloadedAt: null,
      paidAt: null,
      bankReference: null,
    });
  });

  it('takes only the listed payouts that are still requested', async () => {
    const a = await requestedPayout();
    const b = await requestedPayout();
    const first = await createBatch([a.payoutId]);
    expect(first.json().payoutIds).toEqual([a.payoutId]);
    expect((await statusOf(b.payoutId))?.status).toBe('requested');
    const second = await createBatch([a.payoutId, b.payoutId, b.payoutId]);
    expect(second.json().payoutIds).toEqual([b.payoutId]);
    expect((await createBatch([a.payoutId])).statusCode).toBe(409);
    const invalid = await createBatch(['nope']);
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toBe(m.errors.payoutIdInvalid);
  });

  it(`never puts a payout in two batches when batches are made at once${raceMode}`, async () => {
    for (let round = 0; round < 3; round++) {
      const ids: string[] = [];
      for (let i = 0; i < 4; i++) ids.push((await requestedPayout()).payoutId);
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          fetch(`${base}/api/admin/payout-batches`, {
            method: 'POST',
            headers: { cookie: admin, 'content-type': 'application/json' },
            // Half ask for everything, half for the round's payouts by id.
            body: JSON.stringify(i % 2 ? { payoutIds: ids } : {}),
          }).then(async (response) => ({
            status: response.status,
            body: (await response.json()) as { id: string; payoutIds: string[] },
          })),
        ),
      );
      const made = answers.filter((answer) => answer.status === 201);
      expect(answers.every((answer) => answer.status === 201 || answer.status === 409)).toBe(true);
      const batched = made.flatMap((answer) => answer.body.payoutIds as string[]);
      expect(batched.sort()).toEqual([...ids].sort());
      const rows = await t.database.db.select().from(payouts).where(inArray(payouts.id, ids));
      for (const row of rows) {
        expect(row.status).toBe('batched');
        expect(made.find((answer) => answer.body.payoutIds.includes(row.id))?.body.id).toBe(row.batchId);
      }
    }
  });
});

describe('GET /api/admin/payout-batches/:id/sepa.xml', () => {
  it('is the same valid file at every download, one MsgId per batch, the first download recorded', async () => {
    const a = await requestedPayout(2000);
    const createdOn = new Date(now).toISOString().slice(0, 10);
    const batch = (await createBatch([a.payoutId])).json();
    const downloadedAt = new Date(now).toISOString();
    const first = await sepa(batch.id);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toContain('application/xml');
    expect(first.headers['content-disposition']).toBe(
      `attachment; filename="virements-${createdOn}-lot-${batch.id.slice(0, 8)}.xml"`,
    );
    expect(await pain001Errors(first.body)).toEqual([]);
    expect(first.body).toContain(`<MsgId>${batch.id.replace(/-/g, '')}</MsgId>`);
    expect(first.body).toContain(`<EndToEndId>${a.payoutId.replace(/-/g, '')}</EndToEndId>`);
    expect(first.body).toContain(`<InstdAmt Ccy="EUR">${(a.amountCents / 100).toFixed(2)}</InstdAmt>`);

    // What the file is built from changes: a file written again would differ.
    now += 60_000;
    await t.database.db.update(payouts).set({ holderName: 'Quelqu’un d’autre' }).where(eq(payouts.id, a.payoutId));
    const second = await sepa(batch.id);
    expect(second.body).toBe(first.body);
    const listed = (await call('GET', '/api/admin/payout-batches')).json();
    expect(listed.find((b: { id: string }) => b.id === batch.id)?.downloadedAt).toBe(downloadedAt);
    expect((await auditOf(batch.id)).map((entry) => entry.action).sort()).toEqual([
      'payout_batch.create',
      'payout_batch.download',
    ]);

    const other = (await createBatch([(await requestedPayout()).payoutId])).json();
    const otherFile = (await sepa(other.id)).body;
    const msgId = (xml: string) => /<MsgId>([^<]+)<\/MsgId>/.exec(xml)?.[1];
    expect(msgId(otherFile)).not.toBe(msgId(first.body));
    expect(otherFile).not.toContain(a.payoutId.replace(/-/g, ''));
  });

  it('answers 404 for an unknown batch', async () => {
    const unknown = await sepa('00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(m.errors.batchNotFound);
  });
});

describe('POST /api/admin/payout-batches/:id/paid and POST /api/admin/payouts/:id/returned', () => {
  it('pays the whole batch once its file is sent, e-mails each organiser; a bank return restores the balance', async () => {
    const a = await requestedPayout(2000);
    const b = await requestedPayout(5000);
    const batch = (await createBatch([a.payoutId, b.payoutId])).json();
    const paidUrl = `/api/admin/payout-batches/${batch.id}/paid`;

    const notSent = await call('POST', paidUrl, { bankReference: 'VIR-LOT-1' });
    expect(notSent.statusCode).toBe(409);
    expect(notSent.json().message).toBe(m.errors.batchNotDownloaded);
    const neverPaid = await call('POST', `/api/admin/payouts/${a.payoutId}/returned`);
    expect(neverPaid.statusCode).toBe(409);
    expect(neverPaid.json()).toMatchObject({ code: 'PAYOUT_NOT_RETURNABLE', message: m.errors.notSent });

    await sepa(batch.id);
    expect((await call('POST', paidUrl, { bankReference: ' ' })).json().message).toBe(m.payouts.bankReferenceRequired);
    const paid = await call('POST', paidUrl, { bankReference: ' VIR-LOT-1 ' });
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ id: batch.id, payoutCount: 2, bankReference: 'VIR-LOT-1' });
    for (const { payoutId, organiser, amountCents } of [a, b]) {
      expect(await statusOf(payoutId)).toMatchObject({ status: 'paid', bankReference: 'VIR-LOT-1' });
      const mail = (await mailTo(organiser.email)).find((row) => row.text.includes('VIR-LOT-1'));
      expect(mail?.text).toContain((amountCents / 100).toFixed(2).replace('.', ','));
    }
    expect((await call('POST', paidUrl, { bankReference: 'VIR-LOT-2' })).json().message).toBe(
      m.errors.batchAlreadyPaid,
    );
    expect((await auditOf(batch.id)).map((entry) => entry.action)).toContain('payout_batch.paid');

    expect(await available(a.event.id, a.cookie)).toBe(0);
    const returned = await call('POST', `/api/admin/payouts/${a.payoutId}/returned`);
    expect(returned.statusCode).toBe(200);
    expect(returned.json()).toMatchObject({ status: 'returned', batchId: batch.id, returnedAt: expect.any(String) });
    expect(await available(a.event.id, a.cookie)).toBe(a.amountCents);
    expect((await mailTo(a.organiser.email)).map((row) => row.subject)).toContain(
      payoutsFr.mail.returnedSubject(t.config.brandName, a.event.title),
    );
    expect((await call('POST', `/api/admin/payouts/${a.payoutId}/returned`)).statusCode).toBe(409);
    expect((await auditOf(a.payoutId)).map((entry) => entry.action)).toEqual(['payout.returned']);
    // The organiser may ask again for the money that came back.
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/console/events/${a.event.id}/payouts`,
      headers: { cookie: a.cookie },
    });
    expect(again.json().amountCents).toBe(a.amountCents);
  });
});

describe('a payout’s other decisions', () => {
  it('is rejected only before it is batched', async () => {
    const a = await requestedPayout();
    const b = await requestedPayout();
    await createBatch([a.payoutId]);
    const refused = await call('POST', `/api/admin/payouts/${a.payoutId}/reject`, { reason: 'IBAN fermé' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'PAYOUT_BATCHED', message: m.errors.payoutBatched });
    const rejected = await call('POST', `/api/admin/payouts/${b.payoutId}/reject`, { reason: 'IBAN fermé' });
    expect(rejected.json()).toMatchObject({ status: 'rejected', rejectReason: 'IBAN fermé' });
  });

  it('answers 410 on the single SEPA file and the single "paid", naming the batches', async () => {
    const { payoutId } = await requestedPayout();
    const file = await call('GET', '/api/admin/payouts/sepa.xml');
    expect(file.statusCode).toBe(410);
    expect(file.json()).toMatchObject({ code: 'USE_PAYOUT_BATCHES', message: m.errors.useBatches });
    expect(m.errors.useBatches).toMatch(/^Les virements se font désormais par lots : .*payout-batches/);
    const paid = await call('POST', `/api/admin/payouts/${payoutId}/paid`, { bankReference: 'VIR-1' });
    expect(paid.statusCode).toBe(410);
    expect(paid.json().message).toBe(m.errors.useBatches);
    expect((await statusOf(payoutId))?.status).toBe('requested');
  });
});

describe('cancelling an event', () => {
  const cancel = (eventId: string, cookie: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/console/events/${eventId}/cancellation`,
      headers: { cookie },
      payload: { message: 'La salle est fermée.' },
    });

  it('takes its payout out of a batch whose file was never downloaded, and cancels it', async () => {
    const a = await requestedPayout(3000, { ended: false });
    const b = await requestedPayout(3000, { ended: false });
    const batch = (await createBatch([a.payoutId, b.payoutId])).json();
    expect((await cancel(a.event.id, a.cookie)).statusCode).toBeLessThan(300);
    expect(await statusOf(a.payoutId)).toMatchObject({ status: 'cancelled', batchId: null });
    expect((await mailTo(a.organiser.email)).map((row) => row.subject)).toContain(
      payoutsFr.mail.cancelledSubject(t.config.brandName, a.event.title),
    );
    const file = (await sepa(batch.id)).body;
    expect(file).not.toContain(a.payoutId.replace(/-/g, ''));
    expect(file).toContain(b.payoutId.replace(/-/g, ''));
    expect(file).toContain('<NbOfTxs>1</NbOfTxs>');

    const alone = await requestedPayout(3000, { ended: false });
    const lone = (await createBatch([alone.payoutId])).json();
    await cancel(alone.event.id, alone.cookie);
    const empty = await sepa(lone.id);
    expect(empty.statusCode).toBe(409);
    expect(empty.json().message).toBe(m.errors.batchEmpty);
  });

  it('leaves a payout whose batch file was downloaded: it may be at the bank', async () => {
    const a = await requestedPayout(3000, { ended: false });
    const batch = (await createBatch([a.payoutId])).json();
    const sent = (await sepa(batch.id)).body;
    expect((await cancel(a.event.id, a.cookie)).statusCode).toBeLessThan(300);
    expect(await statusOf(a.payoutId)).toMatchObject({ status: 'batched', batchId: batch.id });
    expect((await sepa(batch.id)).body).toBe(sent);
  });
});
