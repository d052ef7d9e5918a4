import { ticketsFr } from '@guichet/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createEvent, createUser, getAs, loginAs } from '../../../test/helpers';
import { payAtSandboxBank, postOrder } from '../../../test/modules/checkout/support';
import { useTestApp } from '../../../test/use-test-app';
import { events, participations } from '../../db/schema';

// Named tickets (issue 30): a holder per place, asked at booking, changed until the deadline.
const t = useTestApp();
const m = ticketsFr.holders;

async function namedEvent() {
  const organizer = await createUser(t, { isVerified: true });
  const { event, tickets } = await createEvent(t, organizer.id, { isNamedTickets: true }, [
    { priceCents: 1000, quantity: 20 },
  ]);
  const buyer = await createUser(t, { firstName: 'Alix', lastName: 'Acheteur' });
  return { organizer, event, ticketId: tickets[0]?.id ?? '', buyer, cookie: await loginAs(t, buyer.email) };
}

const order = (cookie: string, eventId: string, ticketId: string, holders?: unknown) =>
  postOrder(t, cookie, {
    eventId,
    acceptTerms: true,
    lines: [{ ticketId, quantity: 2, ...(holders !== undefined && { holders }) }],
  });

const changeHolder = (id: string, cookie: string | undefined, payload: object) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/me/participations/${id}/holder`,
    headers: cookie ? { cookie } : {},
    payload,
  });

describe('naming the holder of each place at booking', () => {
  it('is required for each place, at most 100 characters, with a French message naming the field', async () => {
    const { event, ticketId, cookie } = await namedEvent();
    const missing = await order(cookie, event.id, ticketId);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ message: m.oneHolderPerPlace, field: 'lines.0.holders' });
    const blank = await order(cookie, event.id, ticketId, [
      { firstName: 'Alix', lastName: 'Acheteur' },
      { firstName: '   ', lastName: 'Durand' },
    ]);
    expect(blank.json()).toMatchObject({ message: m.firstNameRequired, field: 'lines.0.holders.1.firstName' });
    const long = await order(cookie, event.id, ticketId, [
      { firstName: 'Alix', lastName: 'A'.repeat(101) },
      { firstName: 'Camille', lastName: 'Durand' },
    ]);
    expect(long.json()).toMatchObject({ message: m.tooLong(100), field: 'lines.0.holders.0.lastName' });
    const rows = await t.database.db.select().from(participations).where(eq(participations.eventId, event.id));
    expect(rows).toHaveLength(0);
  });

  it('names each ticket, trimmed; the scanner, /myTickets and the participants list show them', async () => {
    const { organizer, event, ticketId, cookie } = await namedEvent();
    const created = await order(cookie, event.id, ticketId, [
      { firstName: ' Alix ', lastName: 'Acheteur ' },
      { firstName: 'Camille', lastName: ' Durand' },
    ]);
    expect(created.statusCode, created.body).toBe(201);
    await payAtSandboxBank(t, created.json().id, { cookie });
    const mine = (await getAs(t, '/api/me/participations', cookie)).json() as {
      firstName: string;
      lastName: string;
      isNamed: boolean;
    }[];
    expect(mine.map((p) => `${p.firstName} ${p.lastName}`).sort()).toEqual(['Alix Acheteur', 'Camille Durand']);
    expect(mine.every((p) => p.isNamed)).toBe(true);
    const owner = await loginAs(t, organizer.email);
    const manifest = (await getAs(t, `/api/checkin/events/${event.id}/manifest`, owner)).json();
    expect(manifest.participations.map((p: { holderName: string }) => p.holderName).sort()).toEqual([
      'Alix Acheteur',
      'Camille Durand',
    ]);
    const list = (await getAs(t, `/api/console/events/${event.id}/participants`, owner)).json();
    expect(list.items).toHaveLength(1);
    expect(list.items[0].places.map((p: { holderName: string }) => p.holderName).sort()).toEqual([
      'Alix Acheteur',
      'Camille Durand',
    ]);
  });
});

describe('changing a holder from /myTickets', () => {
  it('is the buyer’s until the deadline, then refused with a French message; nobody else’s', async () => {
    const { event, ticketId, cookie } = await namedEvent();
    const created = await order(cookie, event.id, ticketId, [
      { firstName: 'Alix', lastName: 'Acheteur' },
      { firstName: 'Camille', lastName: 'Durand' },
    ]);
    await payAtSandboxBank(t, created.json().id, { cookie });
    const [place] = (await getAs(t, '/api/me/participations', cookie)).json() as { id: string }[];
    const id = place?.id ?? '';

    const changed = await changeHolder(id, cookie, { firstName: '  Dominique ', lastName: 'Martin' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toEqual({ firstName: 'Dominique', lastName: 'Martin', message: m.saved });
    const [row] = await t.database.db.select().from(participations).where(eq(participations.id, id));
    expect(row).toMatchObject({ holderFirstName: 'Dominique', holderLastName: 'Martin' });

    const empty = await changeHolder(id, cookie, { firstName: 'Dominique', lastName: ' ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ message: m.lastNameRequired, field: 'lastName' });
    const stranger = await loginAs(t, (await createUser(t)).email);
    expect((await changeHolder(id, stranger, { firstName: 'Eve', lastName: 'Intruse' })).statusCode).toBe(404);
    expect((await changeHolder(id, undefined, { firstName: 'Eve', lastName: 'Intruse' })).statusCode).toBe(401);

    await t.database.db
      .update(events)
      .set({ holdersEditableUntil: new Date(Date.now() - 60_000) })
      .where(eq(events.id, event.id));
    const late = await changeHolder(id, cookie, { firstName: 'Trop', lastName: 'Tard' });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'HOLDER_DEADLINE_PASSED', message: m.deadlinePassed });
    const [kept] = await t.database.db.select().from(participations).where(eq(participations.id, id));
    expect(kept).toMatchObject({ holderFirstName: 'Dominique', holderLastName: 'Martin' });
  });
});
