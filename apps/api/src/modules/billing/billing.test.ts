import { billingFr } from '@guichet/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminCookie,
  companyBillingIdentity,
  createEvent,
  createTestApp,
  createUser,
  DAY,
  giveBillingIdentity,
  loginAs,
  type TestApp,
} from '../../../test/helpers';
import { buyAndPay } from '../../../test/modules/checkout/support';
import { users } from '../../db/schema';
import { findBillingIdentity } from './service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(async () => t.close());

// The fixture company as its organiser types it in the form: its numbers spaced, its SIRET for the SIREN.
const { legalName, street, postcode, city, country } = companyBillingIdentity;
const identity = {
  legalName,
  street,
  postcode,
  city,
  country,
  registrationNumber: '542 051 180 00066',
  vatRegime: 'vat',
  vatNumber: 'FR59 542051180',
};

const save = (cookie: string, payload: object) =>
  t.app.inject({ method: 'PUT', url: '/api/me/billing-identity', headers: { cookie }, payload });
const read = (cookie: string) => t.app.inject({ url: '/api/me/billing-identity', headers: { cookie } });
// The fixture's events have no category, which the edit form requires.
const patchEvent = (cookie: string, id: string, payload: object) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/events/${id}`,
    headers: { cookie },
    payload: { type: 'Soirée', ...payload },
  });

async function organiser() {
  const user = await createUser(t, { isVerified: true });
  return { user, cookie: await loginAs(t, user.email) };
}

const gateError = (response: { statusCode: number; json(): { code: string; message: string } }) => {
  expect(response.statusCode).toBe(409);
  expect(response.json().code).toBe('BILLING_IDENTITY_REQUIRED');
  expect(response.json().message).toBe(
    billingFr.gate.missing('raison sociale, adresse, SIRET, SIREN ou RNA, numéro de TVA ou franchise'),
  );
};

describe('the billing identity', () => {
  it('is saved normalized, read back, and given to the invoicing code', async () => {
    const { user, cookie } = await organiser();
    expect((await read(cookie)).json()).toEqual({ identity: null, dueAt: null });
    expect(await findBillingIdentity(t.database.db, user.id)).toBeUndefined();

    const saved = await save(cookie, identity);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject(companyBillingIdentity);
    expect((await read(cookie)).json()).toMatchObject({ identity: companyBillingIdentity, dueAt: null });
    expect(await findBillingIdentity(t.database.db, user.id)).toMatchObject(companyBillingIdentity);

    // Saved again: one row, replaced (an association under the franchise now).
    const association = { ...identity, registrationNumber: 'W313012345', vatRegime: 'franchise', vatNumber: '' };
    expect((await save(cookie, association)).statusCode).toBe(200);
    expect(await findBillingIdentity(t.database.db, user.id)).toMatchObject({
      siren: null,
      siret: null,
      rna: 'W313012345',
      vatRegime: 'franchise',
      vatNumber: null,
    });
  });

  it('refuses an invalid SIRET or VAT number with the field and its French message', async () => {
    const { cookie } = await organiser();
    const wrongSiret = await save(cookie, { ...identity, registrationNumber: '54205118000067' });
    expect(wrongSiret.statusCode).toBe(400);
    expect(wrongSiret.json()).toMatchObject({ field: 'registrationNumber', message: billingFr.errors.siretInvalid });
    const otherSiren = await save(cookie, { ...identity, vatNumber: 'FR64443061841' });
    expect(otherSiren.json()).toMatchObject({ field: 'vatNumber', message: billingFr.errors.vatSirenMismatch });
    expect((await read(cookie)).json().identity).toBeNull();
  });

  it("is only ever the session's own: another account neither reads nor writes it", async () => {
    const owner = await organiser();
    expect((await save(owner.cookie, identity)).statusCode).toBe(200);
    const other = await organiser();
    expect((await read(other.cookie)).json()).toEqual({ identity: null, dueAt: null });
    // An organizerId in the body is no field of the form: refused, nothing written.
    expect((await save(other.cookie, { ...identity, organizerId: owner.user.id })).statusCode).toBe(400);
    expect((await save(other.cookie, { ...identity, legalName: 'Autre' })).statusCode).toBe(200);
    expect((await findBillingIdentity(t.database.db, owner.user.id))?.legalName).toBe(legalName);
    expect((await t.app.inject({ url: '/api/me/billing-identity' })).statusCode).toBe(401);
  });
});

describe('the gate on paid ticketing', () => {
  it('keeps a paid event from going public until the identity is given', async () => {
    const { user, cookie } = await organiser();
    const { event } = await createEvent(t, user.id, { isPublic: false }, [{ priceCents: 1500 }]);
    gateError(await patchEvent(cookie, event.id, { isPublic: true }));
    expect((await patchEvent(cookie, event.id, { title: 'Toujours privé' })).statusCode).toBe(200);

    expect((await save(cookie, identity)).statusCode).toBe(200);
    const published = await patchEvent(cookie, event.id, { isPublic: true });
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().isPublic).toBe(true);
  });

  it('keeps a closed paid event from reopening, and an event on sale from offering a paid place', async () => {
    const { user, cookie } = await organiser();
    const closed = await createEvent(t, user.id, { isOpen: false }, [{ priceCents: 1500 }]);
    gateError(await patchEvent(cookie, closed.event.id, { isOpen: true }));

    const free = await createEvent(t, user.id, {}, [{ priceCents: 0 }]);
    const addTicket = (payload: object) =>
      t.app.inject({
        method: 'POST',
        url: `/api/events/${free.event.id}/tickets`,
        headers: { cookie },
        payload: { title: 'Soutien', quantity: 10, ...payload },
      });
    gateError(await addTicket({ price: 5 }));
    gateError(
      await addTicket({ isMultipart: true, options: [{ title: 'Un jour', price: 5, quantity: 10 }], price: null }),
    );
    const freeTicket = free.tickets[0]?.id ?? '';
    gateError(
      await t.app.inject({
        method: 'PATCH',
        url: `/api/tickets/${freeTicket}`,
        headers: { cookie },
        payload: { price: 3 },
      }),
    );
    // A hidden paid ticket is sold only through private links: it opens nothing; showing it does.
    const hidden = await addTicket({ price: 5, isHidden: true });
    expect(hidden.statusCode, hidden.body).toBe(201);
    gateError(
      await t.app.inject({
        method: 'PATCH',
        url: `/api/tickets/${hidden.json().id}`,
        headers: { cookie },
        payload: { isHidden: false },
      }),
    );
    // Nothing of the refused changes was written.
    const managed = (await t.app.inject({ url: `/api/events/${free.event.id}/manage`, headers: { cookie } })).json();
    expect(
      managed.tickets.map((ticket: { priceCents: number; isHidden: boolean }) => [ticket.priceCents, ticket.isHidden]),
    ).toEqual([
      [0, false],
      [500, true],
    ]);
  });

  it('leaves free events alone', async () => {
    const { user, cookie } = await organiser();
    const { event } = await createEvent(t, user.id, { isPublic: false }, [{ priceCents: 0 }]);
    expect((await patchEvent(cookie, event.id, { isPublic: true })).statusCode).toBe(200);
    const added = await t.app.inject({
      method: 'POST',
      url: `/api/events/${event.id}/tickets`,
      headers: { cookie },
      payload: { title: 'Invité', price: 0, quantity: 10 },
    });
    expect(added.statusCode).toBe(201);
  });

  it('lets a paid event already on sale keep selling, and gives its organiser a deadline the administrator sees', async () => {
    const { user, cookie } = await organiser();
    const { event, tickets } = await createEvent(t, user.id, {}, [{ priceCents: 2000 }]);
    // Changed while on sale, it stays on sale.
    expect((await patchEvent(cookie, event.id, { title: 'Concert en vente' })).statusCode).toBe(200);
    const buyer = await createUser(t);
    await buyAndPay(t, await loginAs(t, buyer.email), event.id, { ticketId: tickets[0]?.id ?? '', quantity: 1 });

    const state = (await read(cookie)).json();
    expect(state.identity).toBeNull();
    const dueAt = new Date(state.dueAt).getTime();
    expect(Math.abs(dueAt - (Date.now() + 30 * DAY))).toBeLessThan(60_000);
    // Set once: read again, the same date.
    expect((await read(cookie)).json().dueAt).toBe(state.dueAt);

    const admin = await adminCookie(t);
    const due = await t.app.inject({ url: '/api/admin/users?billingDue=1', headers: { cookie: admin } });
    expect(due.statusCode).toBe(200);
    const row = due.json().find((listed: { id: string }) => listed.id === user.id);
    expect(row?.billingIdentityDueAt).toBe(state.dueAt);

    // Given, the deadline is gone from both sides.
    expect((await save(cookie, identity)).statusCode).toBe(200);
    expect((await read(cookie)).json().dueAt).toBeNull();
    const after = await t.app.inject({ url: '/api/admin/users?billingDue=1', headers: { cookie: admin } });
    expect(after.json().some((listed: { id: string }) => listed.id === user.id)).toBe(false);
    const [stored] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(stored?.billingIdentityDueAt?.toISOString()).toBe(state.dueAt);
  });

  it("checks the event's organiser, whoever publishes it", async () => {
    const { user } = await organiser();
    await giveBillingIdentity(t, user.id);
    const { event } = await createEvent(t, user.id, { isPublic: false }, [{ priceCents: 1500 }]);
    const admin = await adminCookie(t);
    expect((await patchEvent(admin, event.id, { isPublic: true })).statusCode).toBe(200);
    const other = await organiser();
    const { event: theirs } = await createEvent(t, other.user.id, { isPublic: false }, [{ priceCents: 1500 }]);
    gateError(await patchEvent(admin, theirs.id, { isPublic: true }));
  });
});
