import { checkoutFr } from '@guichet/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createEvent, createUser, sessionCookie } from '../../../test/helpers';
import { payAtSandboxBank, raceEvent } from '../../../test/modules/checkout/support';
import { useOrganiser, useTestApp } from '../../../test/use-test-app';
import { discountCodes } from '../../db/schema';

let now = Date.now();
const t = useTestApp({ clock: { now: () => new Date(now) } });
const organiser = useOrganiser(t);

const order = (payload: object, cookie: string) =>
  t.app.inject({ method: 'POST', url: '/api/orders', payload, headers: { cookie } });
const check = (eventId: string, code: string, cookie: string) =>
  t.app.inject({ method: 'GET', url: `/api/events/${eventId}/discounts/check?code=${code}`, headers: { cookie } });
const used = async (codeId: string) =>
  (await t.database.db.select().from(discountCodes).where(eq(discountCodes.id, codeId)))[0]?.used;

describe('a single-use promo code', () => {
  it('is used once per account: paid once, refused to the same buyer, still open to another', async () => {
    const { event, a } = await raceEvent(t, organiser.id, { a: 10, b: 1, c1: 1, c2: 1 });
    const [code] = await t.database.db
      .insert(discountCodes)
      .values({ eventId: event.id, code: 'UNEFOIS', percent: 20 })
      .returning();
    const buyer = await sessionCookie(t, (await createUser(t)).id);
    const payload = { eventId: event.id, lines: [{ ticketId: a.id, quantity: 1 }], discountCode: 'unefois' };

    const first = await order(payload, buyer);
    expect(first.statusCode).toBe(201);
    expect(first.json().totalCents).toBe(800);
    await payAtSandboxBank(t, first.json().id, { cookie: buyer });

    const typedAgain = await check(event.id, 'UNEFOIS', buyer);
    expect(typedAgain.statusCode).toBe(409);
    expect(typedAgain.json()).toMatchObject({ code: 'PROMO_ALREADY_USED', message: checkoutFr.promoUsed });
    const again = await order(payload, buyer);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'PROMO_ALREADY_USED',
      message: checkoutFr.promoUsed,
      field: 'discountCode',
    });
    expect(await used(code?.id ?? '')).toBe(1);

    const other = await sessionCookie(t, (await createUser(t)).id);
    expect((await check(event.id, 'UNEFOIS', other)).json()).toEqual({ percent: 20 });
    expect((await order(payload, other)).statusCode).toBe(201);
  });

  it('comes back to its buyer when their hold expires, and a code for several uses stays open to them', async () => {
    const { event, a } = await raceEvent(t, organiser.id, { a: 10, b: 1, c1: 1, c2: 1 });
    await t.database.db.insert(discountCodes).values([
      { eventId: event.id, code: 'UNIQUE', percent: 10 },
      { eventId: event.id, code: 'SOUVENT', percent: 10, isSingleUse: false },
    ]);
    const buyer = await sessionCookie(t, (await createUser(t)).id);
    const line = { eventId: event.id, lines: [{ ticketId: a.id, quantity: 1 }] };

    expect((await order({ ...line, discountCode: 'UNIQUE' }, buyer)).statusCode).toBe(201);
    // The same buyer starting again while holding: their hold goes back first, the code with it.
    expect((await check(event.id, 'UNIQUE', buyer)).statusCode).toBe(200);
    expect((await order({ ...line, discountCode: 'UNIQUE' }, buyer)).statusCode).toBe(201);
    now += 181_000;
    expect((await order({ ...line, discountCode: 'UNIQUE' }, buyer)).statusCode).toBe(201);

    for (let i = 0; i < 2; i++) {
      const created = await order({ ...line, discountCode: 'SOUVENT' }, buyer);
      expect(created.statusCode).toBe(201);
      await payAtSandboxBank(t, created.json().id, { cookie: buyer });
    }
  });

  it('holds for a free order too: a 100 % code gives one free place per account', async () => {
    const { event, tickets } = await createEvent(t, organiser.id, {}, [
      { title: 'Entrée', priceCents: 1500, quantity: 10 },
    ]);
    await t.database.db.insert(discountCodes).values({ eventId: event.id, code: 'INVITE', percent: 100 });
    const buyer = await sessionCookie(t, (await createUser(t)).id);
    const payload = { eventId: event.id, lines: [{ ticketId: tickets[0]?.id, quantity: 1 }], discountCode: 'INVITE' };
    const first = await order(payload, buyer);
    expect(first.json()).toMatchObject({ status: 'paid', totalCents: 0 });
    const second = await order(payload, buyer);
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe('PROMO_ALREADY_USED');
  });
});
