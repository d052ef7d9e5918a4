import { randomUUID } from 'node:crypto';
import { fr, organiserFr } from '@guichet/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAs, type TestApp, uniqueEmail } from '../../../test/helpers';
import { createCast, createFixture, type Fixture } from '../../../test/modules/contract/fixture';
import { createPayload, paidTickets } from '../../../test/modules/organiser/payloads';

/** The 500s the fuzzer found (issue 15), each as it was sent, now a 4xx with { code, message }. */
describe('faults found by the fuzzer', () => {
  let t: TestApp;
  let fixture: Fixture;
  let owner: string;
  beforeAll(async () => {
    t = await createTestApp();
    const cast = await createCast(t);
    fixture = await createFixture(t, cast);
    owner = await loginAs(t, cast.owner.email as string);
  });
  afterAll(async () => t?.close());

  it('refuses a NUL character in any text field, without logging in', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: {
        firstName: 'Léa\u0000',
        lastName: 'Martin',
        email: uniqueEmail(),
        subject: 'refund',
        message: 'Bonjour',
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'INVALID_CHARACTER',
      message: fr.common.invalidCharacter,
      field: 'firstName',
    });
    const query = await t.app.inject({ url: `/api/events/${fixture.event.id}/discounts/check?code=A%00` });
    expect(query.json()).toMatchObject({ code: 'INVALID_CHARACTER', field: 'code' });
    // Deep in a body, the field named by its whole path; the first one met of several.
    const order = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      payload: {
        eventId: fixture.event.id,
        lines: [
          { ticketId: fixture.ticket.id, quantity: 1, holders: [{ firstName: 'Léa\u0000', lastName: 'Martin\u0000' }] },
        ],
        answers: { note: '\u0000' },
      },
    });
    expect(order.statusCode).toBe(400);
    expect(order.json()).toMatchObject({ code: 'INVALID_CHARACTER', field: 'lines.0.holders.0.firstName' });
  });

  it('refuses integers past PostgreSQL integer in quantities and prices', async () => {
    for (const payload of [
      { title: 'Billet', price: 5, quantity: 2 ** 31 },
      { title: 'Billet', price: 2 ** 31, quantity: 10 },
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/events/${fixture.event.id}/tickets`,
        payload,
        headers: { cookie: owner },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'NUMBER_TOO_LARGE', message: fr.common.numberTooLarge });
    }
    const euros = await t.app.inject({
      method: 'POST',
      url: `/api/events/${fixture.event.id}/tickets`,
      payload: { title: 'Billet', price: 30_000_000, quantity: 10 },
      headers: { cookie: owner },
    });
    expect(euros.statusCode).toBe(400);
    expect(euros.json()).toMatchObject({ code: 'VALIDATION_ERROR', field: 'price' });
  });

  it('answers PATCH of a promo code with nothing to change by changing nothing', async () => {
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/discounts/${fixture.discount.id}`,
      payload: {},
      headers: { cookie: owner },
    });
    expect(response.statusCode).toBe(204);
  });

  it('refuses a body nested thousands deep with a 400', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/json' },
      payload: `${'['.repeat(5_000)}${']'.repeat(5_000)}`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toHaveProperty('code');
  });

  it('refuses a refund date of year -1 (or past 9999) with the form message', async () => {
    for (const dateMaxRefund of ['-000001-01-01T00:00:00.000Z', '+275760-09-13T00:00:00.000Z']) {
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/events',
        payload: createPayload({ ticketList: paidTickets, isPublic: true, dateMaxRefund }),
        headers: { cookie: owner },
      });
      expect(created.statusCode, created.body).toBe(400);
      expect(created.json()).toMatchObject({ field: 'dateMaxRefund', message: organiserFr.create.refundDateInvalid });
      const updated = await t.app.inject({
        method: 'PATCH',
        url: `/api/events/${fixture.event.id}`,
        payload: { dateMaxRefund, type: 'Soirée' },
        headers: { cookie: owner },
      });
      expect(updated.statusCode, updated.body).toBe(400);
      expect(updated.json()).toMatchObject({ field: 'dateMaxRefund' });
    }
  });

  it('still takes a scanned code with a NUL as an invalid ticket, so an offline batch is not refused whole', async () => {
    const scan = { id: randomUUID(), code: 'GUICHET\u0000', scannedAt: new Date().toISOString() };
    const batch = await t.app.inject({
      method: 'POST',
      url: `/api/checkin/events/${fixture.event.id}/scans/batch`,
      payload: { deviceId: 'porte-1', scans: [scan] },
      headers: { cookie: owner },
    });
    expect(batch.statusCode, batch.body).toBe(200);
    expect(batch.json().results).toMatchObject([{ id: scan.id, result: 'invalid' }]);
    const device = await t.app.inject({
      method: 'POST',
      url: `/api/checkin/events/${fixture.event.id}/scans/batch`,
      payload: { deviceId: 'porte\u0000', scans: [{ ...scan, id: randomUUID() }] },
      headers: { cookie: owner },
    });
    expect(device.json()).toMatchObject({ code: 'INVALID_CHARACTER', field: 'deviceId' });
  });
});
