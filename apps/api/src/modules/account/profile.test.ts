import { accountFr } from '@guichet/shared';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createEvent, createUser, getAs, loginAs } from '../../../test/helpers';
import { makePng, uploadFile } from '../../../test/modules/account/support';
import { useTestApp } from '../../../test/use-test-app';
import { follows, participations, users } from '../../db/schema';

const t = useTestApp();

describe('public profile', () => {
  it('shows a public account with counts computed from the rows', async () => {
    const organiser = await createUser(t, { isVerified: true, description: 'Soirées à Toulouse.' });
    const fans = await Promise.all([createUser(t), createUser(t)]);
    for (const fan of fans)
      await t.database.db.insert(follows).values({ followerId: fan.id, followedId: organiser.id });
    await t.database.db.insert(follows).values({ followerId: organiser.id, followedId: fans[0]?.id ?? '' });
    await createEvent(t, organiser.id);
    await createEvent(t, organiser.id, { isPublic: false });
    const viewer = fans[1];
    if (!viewer) throw new Error('no viewer');

    const response = await getAs(t, `/api/users/${organiser.id}`, await loginAs(t, viewer.email));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: organiser.id,
      isPublic: true,
      isMe: false,
      firstName: organiser.firstName,
      lastName: organiser.lastName,
      isVerified: true,
      description: 'Soirées à Toulouse.',
      email: null,
      photoUrl: null,
      bannerUrl: null,
      isFollowedByMe: true,
      nbFollowers: 2,
      nbFollows: 1,
      // Public events only, as the list the count links to.
      nbOrganizedEvents: 1,
    });
    const own = await getAs(t, `/api/users/${organiser.id}`, await loginAs(t, organiser.email));
    expect(own.json()).toMatchObject({ isMe: true, email: organiser.email, nbOrganizedEvents: 1 });
  });

  it('gives no organised-events count for an account that is not verified', async () => {
    const creator = await createUser(t);
    await createEvent(t, creator.id, { isPublic: false });
    expect((await getAs(t, `/api/users/${creator.id}`)).json()).toMatchObject({
      isVerified: false,
      nbOrganizedEvents: null,
    });
    expect((await getAs(t, '/api/me/profile', await loginAs(t, creator.email))).json()).toMatchObject({
      nbOrganizedEvents: null,
    });
  });

  it('shows the e-mail only when the account chose to', async () => {
    const shown = await createUser(t, { showEmail: true });
    expect((await getAs(t, `/api/users/${shown.id}`)).json().email).toBe(shown.email);
  });

  it('tells others nothing about a non-public account but that it is private', async () => {
    const hidden = await createUser(t, { isPublic: false, showEmail: true, description: 'secret' });
    const other = await createUser(t);
    for (const cookie of [undefined, await loginAs(t, other.email)]) {
      const response = await getAs(t, `/api/users/${hidden.id}`, cookie);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ id: hidden.id, isPublic: false, isPrivate: true });
      expect(response.body).not.toContain(hidden.email);
      expect(response.body).not.toContain(hidden.firstName);
    }
    const own = await getAs(t, `/api/users/${hidden.id}`, await loginAs(t, hidden.email));
    expect(own.json()).toMatchObject({ isPublic: true, isMe: true, description: 'secret' });
  });

  it('answers 404 for an unknown, malformed or deleted account', async () => {
    const deleted = await createUser(t, { deletedAt: new Date() });
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope', deleted.id]) {
      const response = await getAs(t, `/api/users/${id}`);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(accountFr.organizer.notFound);
    }
  });
});

describe('own profile', () => {
  it('is for logged-in users only, and always the session user', async () => {
    expect((await getAs(t, '/api/me/profile')).statusCode).toBe(401);
    const user = await createUser(t, { gender: 'female', byCar: true, verificationRequestedAt: new Date() });
    const response = await getAs(t, '/api/me/profile', await loginAs(t, user.email));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: user.id,
      email: user.email,
      gender: 'female',
      byCar: true,
      verification: 'pending',
      nbFollowers: 0,
    });
    expect(response.json().age).toBeGreaterThanOrEqual(16);
    expect(response.body).not.toContain('passwordHash');
    expect(response.body).not.toContain('argon2');
  });
});

describe('profile images', () => {
  /** A new user's upload of a PNG of `width` by `height` to `url`, taken with `message`. */
  async function uploadedBy(url: string, width: number, height: number, message: string) {
    const user = await createUser(t);
    const cookie = await loginAs(t, user.email);
    const response = await uploadFile(t, url, cookie, await makePng(width, height));
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(message);
    return { user, cookie, response };
  }

  it('stores a real PNG photo, serves it, and replaces it on a new upload', async () => {
    const { cookie, response: first } = await uploadedBy('/api/me/photo', 800, 600, accountFr.profile.photoChanged);
    const image = await getAs(t, first.json().url);
    expect(image.headers['content-type']).toBe('image/png');
    const meta = await sharp(image.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([400, 400]);

    const second = await uploadFile(t, '/api/me/photo', cookie, await makePng());
    expect(second.statusCode).toBe(200);
    expect((await getAs(t, first.json().url)).statusCode).toBe(404);
    expect((await getAs(t, '/api/me/profile', cookie)).json().photoUrl).toBe(second.json().url);
  });

  it('stores a banner with its own message', async () => {
    const { user, response } = await uploadedBy('/api/me/banner', 1200, 400, accountFr.profile.bannerChanged);
    expect((await getAs(t, `/api/users/${user.id}`)).json().bannerUrl).toBe(response.json().url);
  });

  it('refuses a file that is not a PNG or JPEG, whatever its name, with the spec message', async () => {
    const user = await createUser(t);
    const cookie = await loginAs(t, user.email);
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    for (const [url, message] of [
      ['/api/me/photo', accountFr.profile.photoFailed],
      ['/api/me/banner', accountFr.profile.bannerFailed],
    ] as const) {
      for (const data of [Buffer.from('%PDF-1.4 not an image'), gif]) {
        const response = await uploadFile(t, url, cookie, data, 'photo.png');
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toBe(message);
      }
    }
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect([row?.photoPath, row?.bannerPath]).toEqual([null, null]);
  });

  it('refuses a file over 5 MB', async () => {
    const user = await createUser(t);
    const cookie = await loginAs(t, user.email);
    const huge = Buffer.concat([await makePng(), Buffer.alloc(5 * 1024 * 1024 + 10)]);
    const response = await uploadFile(t, '/api/me/photo', cookie, huge);
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe(accountFr.profile.photoFailed);
  });

  it('refuses visitors', async () => {
    const response = await uploadFile(t, '/api/me/photo', undefined, await makePng());
    expect(response.statusCode).toBe(401);
  });
});

describe('my participations', () => {
  it('lists the session user’s participations only, without cancelled ones', async () => {
    const organiser = await createUser(t, { isVerified: true });
    const { event, tickets } = await createEvent(t, organiser.id, {}, [{ title: 'Entrée' }]);
    const ticketId = tickets[0]?.id ?? '';
    const me = await createUser(t);
    const other = await createUser(t);
    await t.database.db.insert(participations).values([
      { eventId: event.id, ticketId, userId: me.id, quantity: 1 },
      { eventId: event.id, ticketId, userId: me.id, quantity: 1 },
      { eventId: event.id, ticketId, userId: me.id, quantity: 1, cancelledAt: new Date() },
      { eventId: event.id, ticketId, userId: other.id, quantity: 1 },
    ]);
    const response = await getAs(t, '/api/me/participations', await loginAs(t, me.email));
    expect(response.statusCode).toBe(200);
    // One element per place, each of quantity 1 (issue 30).
    const place = expect.objectContaining({
      eventId: event.id,
      eventTitle: event.title,
      ticketTitle: 'Entrée',
      quantity: 1,
    });
    expect(response.json()).toEqual([place, place]);
    const empty = await getAs(t, '/api/me/participations', await loginAs(t, organiser.email));
    expect(empty.json()).toEqual([]);
    expect((await getAs(t, '/api/me/participations')).statusCode).toBe(401);
  });
});
