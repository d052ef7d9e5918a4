import { consoleFr, fr } from '@guichet/shared';
import { describe, expect, it } from 'vitest';
import { createEvent, createUser, DAY, getAs, loginAs } from '../../../test/helpers';
import { useTestApp } from '../../../test/use-test-app';

const t = useTestApp();

async function organiserWithEvents() {
  const organizer = await createUser(t, { isVerified: true });
  const base = Date.now();
  const older = await createEvent(t, organizer.id, {
    title: 'Ancien',
    createdAt: new Date(base - 3 * DAY),
    dateBegin: new Date(base + 30 * DAY),
    dateEnd: new Date(base + 31 * DAY),
  });
  const newer = await createEvent(t, organizer.id, {
    title: 'Récent',
    isPublic: false,
    cancelledAt: new Date(base),
    createdAt: new Date(base - DAY),
    bannerPath: 'events/banner.png',
  });
  const deleted = await createEvent(t, organizer.id, { deletedAt: new Date() });
  return { organizer, older: older.event, newer: newer.event, deleted: deleted.event };
}

describe('GET /api/console/events', () => {
  it("lists the organiser's own events, newest created first, without deleted ones, the cancelled ones said so", async () => {
    const { organizer, older, newer } = await organiserWithEvents();
    const response = await getAs(t, '/api/console/events', await loginAs(t, organizer.email));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      {
        id: newer.id,
        title: 'Récent',
        dateBegin: newer.dateBegin.toISOString(),
        dateEnd: newer.dateEnd.toISOString(),
        isPublic: false,
        // Cancelled: the console marks it so, whatever its visibility.
        isCancelled: true,
        bannerUrl: '/api/images/events/banner.png',
      },
      {
        id: older.id,
        title: 'Ancien',
        dateBegin: older.dateBegin.toISOString(),
        dateEnd: older.dateEnd.toISOString(),
        isPublic: true,
        isCancelled: false,
        bannerUrl: null,
      },
    ]);
  });

  it('answers an empty list to a verified organiser without events, and accepts their own id', async () => {
    const organizer = await createUser(t, { isVerified: true });
    const cookie = await loginAs(t, organizer.email);
    expect((await getAs(t, '/api/console/events', cookie)).json()).toEqual([]);
    const own = await getAs(t, `/api/console/events?organizerId=${organizer.id}`, cookie);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual([]);
  });

  it("lets the administrator list any organiser's events", async () => {
    const { organizer, older, newer } = await organiserWithEvents();
    const admin = await createUser(t, { role: 'admin' });
    const cookie = await loginAs(t, admin.email);
    const response = await getAs(t, `/api/console/events?organizerId=${organizer.id}`, cookie);
    expect(response.statusCode).toBe(200);
    expect((response.json() as { id: string }[]).map((e) => e.id)).toEqual([newer.id, older.id]);
    // The administrator's own list is theirs, not everyone's.
    expect((await getAs(t, '/api/console/events', cookie)).json()).toEqual([]);
    expect((await getAs(t, '/api/console/events?organizerId=not-a-uuid', cookie)).json()).toEqual([]);
  });

  it("refuses another organiser's events to a verified organiser", async () => {
    const { organizer } = await organiserWithEvents();
    const other = await createUser(t, { isVerified: true });
    const response = await getAs(t, `/api/console/events?organizerId=${organizer.id}`, await loginAs(t, other.email));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'FORBIDDEN', message: fr.common.forbidden });
  });

  it('refuses a user who is neither verified nor administrator, even with events of their own', async () => {
    const user = await createUser(t);
    await createEvent(t, user.id, { isPublic: false });
    const cookie = await loginAs(t, user.email);
    for (const url of ['/api/console/events', `/api/console/events?organizerId=${user.id}`]) {
      const response = await getAs(t, url, cookie);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'CONSOLE_FORBIDDEN', message: consoleFr.forbidden });
    }
  });

  it('refuses visitors and unknown parameters', async () => {
    const visitor = await getAs(t, '/api/console/events');
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toMatchObject({ code: 'UNAUTHENTICATED', message: fr.shell.notLoggedIn });
    const organizer = await createUser(t, { isVerified: true });
    const extra = await getAs(t, '/api/console/events?userId=x', await loginAs(t, organizer.email));
    expect(extra.statusCode).toBe(400);
  });
});

describe('GET /api/me/events', () => {
  it("lists the caller's own events, private ones included, verified or not, and nobody else's", async () => {
    const user = await createUser(t);
    const own = await createEvent(t, user.id, { isPublic: false, title: 'Pique-nique' });
    await createEvent(t, user.id, { deletedAt: new Date() });
    const { organizer } = await organiserWithEvents();
    const mine = await getAs(t, '/api/me/events', await loginAs(t, user.email));
    expect(mine.statusCode).toBe(200);
    expect(mine.json().map((e: { id: string; title: string }) => [e.id, e.title])).toEqual([
      [own.event.id, 'Pique-nique'],
    ]);
    const theirs = await getAs(t, '/api/me/events', await loginAs(t, organizer.email));
    expect(theirs.json().map((e: { title: string }) => e.title)).toEqual(['Récent', 'Ancien']);
    expect((await getAs(t, '/api/me/events')).statusCode).toBe(401);
  });
});

describe('GET /api/console/organizers', () => {
  it('lists verified organisers and anyone with events, by last then first name, to the administrator', async () => {
    const tag = `Zz${Date.now()}`;
    const verified = await createUser(t, { isVerified: true, lastName: `${tag}-Émile`, firstName: 'Bruno' });
    const sameName = await createUser(t, { isVerified: true, lastName: `${tag}-Émile`, firstName: 'Anne' });
    const withEvent = await createUser(t, { lastName: `${tag}-Dupont`, firstName: 'Chloé' });
    await createEvent(t, withEvent.id, { isPublic: false });
    const plain = await createUser(t, { lastName: `${tag}-Aucun`, firstName: 'Paul' });
    const gone = await createUser(t, { isVerified: true, lastName: `${tag}-Parti`, deletedAt: new Date() });
    const onlyDeletedEvent = await createUser(t, { lastName: `${tag}-Supprimé` });
    await createEvent(t, onlyDeletedEvent.id, { deletedAt: new Date() });

    const admin = await createUser(t, { role: 'admin' });
    const response = await getAs(t, '/api/console/organizers', await loginAs(t, admin.email));
    expect(response.statusCode).toBe(200);
    const list = (response.json() as { id: string; firstName: string; lastName: string }[]).filter((o) =>
      o.lastName.startsWith(tag),
    );
    expect(list).toEqual([
      { id: withEvent.id, firstName: 'Chloé', lastName: `${tag}-Dupont` },
      { id: sameName.id, firstName: 'Anne', lastName: `${tag}-Émile` },
      { id: verified.id, firstName: 'Bruno', lastName: `${tag}-Émile` },
    ]);
    const ids = list.map((o) => o.id);
    for (const excluded of [plain, gone, onlyDeletedEvent]) expect(ids).not.toContain(excluded.id);
    expect(Object.keys(response.json()[0]).sort()).toEqual(['firstName', 'id', 'lastName']);
  });

  it('refuses everyone but the administrator', async () => {
    expect((await getAs(t, '/api/console/organizers')).statusCode).toBe(401);
    const organizer = await createUser(t, { isVerified: true });
    const asOrganizer = await getAs(t, '/api/console/organizers', await loginAs(t, organizer.email));
    expect(asOrganizer.statusCode).toBe(403);
    expect(asOrganizer.json()).toMatchObject({ code: 'FORBIDDEN', message: fr.common.forbidden });
    const user = await createUser(t);
    expect((await getAs(t, '/api/console/organizers', await loginAs(t, user.email))).statusCode).toBe(403);
  });
});
