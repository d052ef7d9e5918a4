import { accountFr } from '@guichet/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createEvent, createUser, loginAs } from '../../../test/helpers';
import { useTestApp } from '../../../test/use-test-app';
import { eventTypes, follows } from '../../db/schema';

const t = useTestApp();

const call = (method: 'POST' | 'DELETE' | 'GET', url: string, cookie?: string) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {} });

async function followRows(followerId: string, followedId: string) {
  return t.database.db
    .select()
    .from(follows)
    .where(and(eq(follows.followerId, followerId), eq(follows.followedId, followedId)));
}

describe('follow and unfollow', () => {
  it('follows once however often it is asked, and unfollows the same way', async () => {
    const organiser = await createUser(t, { isVerified: true });
    const fan = await createUser(t);
    const cookie = await loginAs(t, fan.email);
    for (let i = 0; i < 2; i++) {
      const response = await call('POST', `/api/users/${organiser.id}/follow`, cookie);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ isFollowing: true, nbFollowers: 1 });
    }
    expect(await followRows(fan.id, organiser.id)).toHaveLength(1);
    expect((await call('GET', `/api/users/${organiser.id}`, cookie)).json()).toMatchObject({
      isFollowedByMe: true,
      nbFollowers: 1,
    });
    expect((await call('GET', '/api/me/profile', cookie)).json().nbFollows).toBe(1);
    for (let i = 0; i < 2; i++) {
      const response = await call('DELETE', `/api/users/${organiser.id}/follow`, cookie);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ isFollowing: false, nbFollowers: 0 });
    }
    expect(await followRows(fan.id, organiser.id)).toHaveLength(0);
  });

  it('refuses visitors, oneself, unknown accounts and non-public accounts', async () => {
    const me = await createUser(t);
    const cookie = await loginAs(t, me.email);
    const target = await createUser(t);
    expect((await call('POST', `/api/users/${target.id}/follow`)).statusCode).toBe(401);
    expect((await call('DELETE', `/api/users/${target.id}/follow`)).statusCode).toBe(401);

    const self = await call('POST', `/api/users/${me.id}/follow`, cookie);
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe(accountFr.organizer.cannotFollowSelf);

    for (const id of ['00000000-0000-4000-8000-000000000000', 'pas-un-id']) {
      expect((await call('POST', `/api/users/${id}/follow`, cookie)).statusCode).toBe(404);
    }
    const hidden = await createUser(t, { isPublic: false });
    const refused = await call('POST', `/api/users/${hidden.id}/follow`, cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(accountFr.organizer.privateProfile);
    expect(await followRows(me.id, hidden.id)).toHaveLength(0);
    expect(await followRows(me.id, me.id)).toHaveLength(0);
  });

  it('lets a follower leave an account that became private, without revealing its count', async () => {
    const target = await createUser(t, { isPublic: false });
    const fan = await createUser(t);
    await t.database.db.insert(follows).values({ followerId: fan.id, followedId: target.id });
    const response = await call('DELETE', `/api/users/${target.id}/follow`, await loginAs(t, fan.email));
    expect(response.json()).toEqual({ isFollowing: false, nbFollowers: null });
    expect(await followRows(fan.id, target.id)).toHaveLength(0);
  });

  it('keeps the counts right under many concurrent follows and unfollows', async () => {
    const organiser = await createUser(t, { isVerified: true });
    const fans = await Promise.all(Array.from({ length: 12 }, () => createUser(t)));
    const cookies = await Promise.all(fans.map((fan) => loginAs(t, fan.email)));
    // Every fan follows three times at once; the first half also unfollows at the same moment.
    await Promise.all(
      cookies.flatMap((cookie, index) => [
        call('POST', `/api/users/${organiser.id}/follow`, cookie),
        call('POST', `/api/users/${organiser.id}/follow`, cookie),
        call('POST', `/api/users/${organiser.id}/follow`, cookie),
        ...(index < 6 ? [call('DELETE', `/api/users/${organiser.id}/follow`, cookie)] : []),
      ]),
    );
    // Then, settled: the first half unfollows for good.
    await Promise.all(cookies.slice(0, 6).map((cookie) => call('DELETE', `/api/users/${organiser.id}/follow`, cookie)));
    const profile = (await call('GET', `/api/users/${organiser.id}`)).json();
    expect(profile.nbFollowers).toBe(6);
    const rows = await t.database.db.select().from(follows).where(eq(follows.followedId, organiser.id));
    expect(rows).toHaveLength(6);
    const list = (await call('GET', `/api/users/${organiser.id}/followers`)).json();
    expect(list).toHaveLength(6);
  });
});

describe('follow lists', () => {
  it('lists followers and follows as cards with category and count', async () => {
    const organiser = await createUser(t, { isVerified: true, firstName: 'Olga' });
    const [concert] = await t.database.db.select().from(eventTypes).where(eq(eventTypes.label, 'Concert'));
    await createEvent(t, organiser.id, { typeId: concert?.id });
    await createEvent(t, organiser.id, { typeId: concert?.id });
    const fan = await createUser(t, { firstName: 'Fanny' });
    const hiddenFan = await createUser(t, { isPublic: false, firstName: 'Cachée' });
    await t.database.db.insert(follows).values([
      { followerId: fan.id, followedId: organiser.id },
      { followerId: hiddenFan.id, followedId: organiser.id },
    ]);

    const followers = await call('GET', `/api/users/${organiser.id}/followers`);
    expect(followers.statusCode).toBe(200);
    expect(followers.json()).toEqual(
      expect.arrayContaining([
        {
          id: fan.id,
          isPublic: true,
          firstName: 'Fanny',
          lastName: fan.lastName,
          isVerified: false,
          category: null,
          nbFollowers: 0,
          photoUrl: null,
          bannerUrl: null,
        },
        { id: hiddenFan.id, isPublic: false },
      ]),
    );
    expect(followers.body).not.toContain('Cachée');

    const followed = (await call('GET', `/api/users/${fan.id}/follows`)).json();
    expect(followed).toEqual([
      expect.objectContaining({
        id: organiser.id,
        firstName: 'Olga',
        isVerified: true,
        category: 'Concert',
        nbFollowers: 2,
      }),
    ]);
    // Its owner sees the private account in full.
    const own = (await call('GET', `/api/users/${hiddenFan.id}/follows`, await loginAs(t, hiddenFan.email))).json();
    expect(own).toHaveLength(1);
  });

  it('answers empty lists, and refuses the lists of a non-public account to others', async () => {
    const lonely = await createUser(t);
    expect((await call('GET', `/api/users/${lonely.id}/followers`)).json()).toEqual([]);
    expect((await call('GET', `/api/users/${lonely.id}/follows`)).json()).toEqual([]);
    const hidden = await createUser(t, { isPublic: false });
    const refused = await call('GET', `/api/users/${hidden.id}/followers`, await loginAs(t, lonely.email));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(accountFr.organizer.privateProfile);
    expect((await call('GET', '/api/users/nope/followers')).statusCode).toBe(404);
  });
});
