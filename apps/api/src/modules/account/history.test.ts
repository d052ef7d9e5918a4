import { accountFr } from '@guichet/shared';
import { describe, expect, it } from 'vitest';
import { createEvent, createUser, DAY, getAs, loginAs } from '../../../test/helpers';
import { useTestApp } from '../../../test/use-test-app';
import { participations } from '../../db/schema';

const t = useTestApp();

const past = { dateBegin: new Date(Date.now() - 3 * DAY), dateEnd: new Date(Date.now() - 2 * DAY) };

describe('history lists', () => {
  it('lists public organised events only, to the owner too (1-attendee.md)', async () => {
    const organiser = await createUser(t, { isVerified: true });
    const open = await createEvent(t, organiser.id, {}, [{ priceCents: 1500 }, { priceCents: 900 }]);
    const closed = await createEvent(t, organiser.id, { isPublic: false }, [{ priceCents: 0 }]);
    const gone = await createEvent(t, organiser.id, { deletedAt: new Date() });

    const seen = (await getAs(t, `/api/users/${organiser.id}/events/organized`)).json();
    expect(seen).toEqual([
      expect.objectContaining({ id: open.event.id, isPublic: true, isFree: false, minPriceCents: 900 }),
    ]);
    const own = (
      await getAs(t, `/api/users/${organiser.id}/events/organized`, await loginAs(t, organiser.email))
    ).json();
    expect(own.map((e: { id: string }) => e.id)).toEqual([open.event.id]);
    expect(JSON.stringify(own)).not.toContain(closed.event.id);
    expect(JSON.stringify(own)).not.toContain(gone.event.id);
  });

  it('lists past events the person took part in, ended ones only', async () => {
    const organiser = await createUser(t, { isVerified: true });
    const ended = await createEvent(t, organiser.id, past);
    const endedPrivate = await createEvent(t, organiser.id, { ...past, isPublic: false });
    const coming = await createEvent(t, organiser.id);
    const notMine = await createEvent(t, organiser.id, past);
    const me = await createUser(t);
    const other = await createUser(t);
    await t.database.db.insert(participations).values([
      { eventId: ended.event.id, ticketId: ended.tickets[0]?.id ?? '', userId: me.id, quantity: 1 },
      { eventId: endedPrivate.event.id, ticketId: endedPrivate.tickets[0]?.id ?? '', userId: me.id, quantity: 1 },
      { eventId: coming.event.id, ticketId: coming.tickets[0]?.id ?? '', userId: me.id, quantity: 1 },
      { eventId: notMine.event.id, ticketId: notMine.tickets[0]?.id ?? '', userId: other.id, quantity: 1 },
    ]);
    const others = (await getAs(t, `/api/users/${me.id}/events/past`)).json();
    expect(others.map((e: { id: string }) => e.id)).toEqual([ended.event.id]);
    const own = (await getAs(t, `/api/users/${me.id}/events/past`, await loginAs(t, me.email))).json();
    expect(own.map((e: { id: string }) => e.id).sort()).toEqual([ended.event.id, endedPrivate.event.id].sort());
    expect((await getAs(t, `/api/users/${organiser.id}/events/past`)).json()).toEqual([]);
  });

  it('hides a non-public account’s history and refuses unknown types and users', async () => {
    const hidden = await createUser(t, { isPublic: false });
    const refused = await getAs(t, `/api/users/${hidden.id}/events/organized`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(accountFr.organizer.privateProfile);
    expect(
      (await getAs(t, `/api/users/${hidden.id}/events/organized`, await loginAs(t, hidden.email))).statusCode,
    ).toBe(200);
    expect((await getAs(t, `/api/users/${hidden.id}/events/favorites`)).statusCode).toBe(400);
    expect((await getAs(t, '/api/users/00000000-0000-4000-8000-000000000000/events/past')).statusCode).toBe(404);
  });
});
