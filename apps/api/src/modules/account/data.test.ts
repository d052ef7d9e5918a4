import { randomUUID } from 'node:crypto';
import { accountFr, fr } from '@guichet/shared';
import { eq, or } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createEvent, createUser, DAY, loginAs, PASSWORD } from '../../../test/helpers';
import { makePng, uploadFile } from '../../../test/modules/account/support';
import { useTestApp } from '../../../test/use-test-app';
import {
  apiTokens,
  contactMessages,
  follows,
  participations,
  sessions,
  ticketTransfers,
  users,
  waitingListEntries,
  webhookEndpoints,
} from '../../db/schema';

const t = useTestApp();

const call = (method: 'GET' | 'DELETE', url: string, cookie?: string) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {} });

describe('account deletion', () => {
  it('erases personal data, keeps participations, ends sessions and frees the address', async () => {
    const organiser = await createUser(t, { isVerified: true });
    const { event, tickets } = await createEvent(t, organiser.id);
    const user = await createUser(t, { description: 'Moi', showEmail: true });
    const cookie = await loginAs(t, user.email);
    const other = await loginAs(t, user.email);
    const photo = await uploadFile(t, '/api/me/photo', cookie, await makePng());
    await t.database.db.insert(follows).values([
      { followerId: user.id, followedId: organiser.id },
      { followerId: organiser.id, followedId: user.id },
    ]);
    await t.database.db
      .insert(participations)
      .values({ eventId: event.id, ticketId: tickets[0]?.id ?? '', userId: user.id, quantity: 1 });
    await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { cookie },
      payload: { firstName: 'A', lastName: 'B', email: user.email, subject: 'other', message: 'Bonjour' },
    });

    const response = await call('DELETE', '/api/me', cookie);
    expect(response.statusCode).toBe(204);
    expect(response.cookies.find((c) => c.name === 'guichet_session')?.value).toBe('');

    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({
      firstName: accountFr.data.deletedFirstName,
      lastName: accountFr.data.deletedLastName,
      email: `deleted-${user.id}@deleted.invalid`,
      description: '',
      photoPath: null,
      isPublic: false,
      showEmail: false,
    });
    expect(row?.deletedAt).toBeInstanceOf(Date);
    expect(row?.passwordHash).not.toBe(user.passwordHash);
    expect(
      await t.database.db
        .select()
        .from(follows)
        .where(or(eq(follows.followerId, user.id), eq(follows.followedId, user.id))),
    ).toHaveLength(0);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
    expect(await t.database.db.select().from(contactMessages).where(eq(contactMessages.userId, user.id))).toHaveLength(
      0,
    );
    expect(await t.database.db.select().from(participations).where(eq(participations.userId, user.id))).toHaveLength(1);
    expect((await call('GET', photo.json().url)).statusCode).toBe(404);

    expect((await call('GET', '/api/auth/me', other)).statusCode).toBe(401);
    expect((await call('GET', `/api/users/${user.id}`)).statusCode).toBe(404);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      // Spaces and capitals: the address is matched as registration normalises it.
      payload: { email: ` ${user.email.toUpperCase()} `, password: PASSWORD },
    });
    expect(login.statusCode).toBe(403);
    expect(login.json()).toMatchObject({ code: 'ACCOUNT_DELETED', message: fr.auth.accountDeleted });
    expect(JSON.stringify(row)).not.toContain(user.email);
    // The address is free again for a new account.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        email: user.email,
        firstName: 'Nouvelle',
        lastName: 'Personne',
        birthDate: '1999-01-01',
        password: PASSWORD,
        passwordConfirmation: PASSWORD,
        acceptTerms: true,
      },
    });
    expect(again.statusCode).toBe(201);
    const newOwner = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: PASSWORD },
    });
    expect(newOwner.statusCode).toBe(200);
  });

  it('ends an organiser’s integrations: API tokens refused, webhook endpoints and their log gone', async () => {
    const organiser = await createUser(t, { isVerified: true });
    const cookie = await loginAs(t, organiser.email);
    const token = await t.app.inject({
      method: 'POST',
      url: '/api/me/api-tokens',
      headers: { cookie },
      payload: { name: 'Caisse', scopes: ['events:read'] },
    });
    expect(token.statusCode).toBe(201);
    const hook = await t.app.inject({
      method: 'POST',
      url: '/api/me/webhooks',
      headers: { cookie },
      payload: { url: 'http://127.0.0.1:9/recu', events: ['order.paid'] },
    });
    expect(hook.statusCode).toBe(201);

    expect((await call('DELETE', '/api/me', cookie)).statusCode).toBe(204);

    const asToken = await t.app.inject({
      method: 'GET',
      url: `/api/console/events/${randomUUID()}/stats`,
      headers: { authorization: `Bearer ${token.json().token}` },
    });
    expect(asToken.statusCode).toBe(401);
    expect(await t.database.db.select().from(apiTokens).where(eq(apiTokens.userId, organiser.id))).toHaveLength(0);
    expect(
      await t.database.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.userId, organiser.id)),
    ).toHaveLength(0);
  });

  it('refuses visitors, and an organiser whose events are still to come', async () => {
    expect((await call('DELETE', '/api/me')).statusCode).toBe(401);
    const organiser = await createUser(t, { isVerified: true });
    await createEvent(t, organiser.id);
    await createEvent(t, organiser.id, {
      dateBegin: new Date(Date.now() - 3 * DAY),
      dateEnd: new Date(Date.now() - 2 * DAY),
    });
    const response = await call('DELETE', '/api/me', await loginAs(t, organiser.email));
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(accountFr.data.upcomingEvents);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, organiser.id));
    expect(row?.deletedAt).toBeNull();
  });
});

describe('personal data export', () => {
  it('downloads the session user’s data as JSON', async () => {
    const organiser = await createUser(t, { isVerified: true });
    const { event, tickets } = await createEvent(t, organiser.id);
    const user = await createUser(t, { description: 'Ma bio' });
    await t.database.db.insert(follows).values({ followerId: user.id, followedId: organiser.id });
    await t.database.db
      .insert(participations)
      .values({ eventId: event.id, ticketId: tickets[0]?.id ?? '', userId: user.id, quantity: 1 });
    const tokenHash = `hash-${randomUUID()}`;
    await t.database.db.insert(waitingListEntries).values({
      eventId: event.id,
      ticketId: tickets[0]?.id ?? '',
      userId: user.id,
      quantity: 2,
      offerTokenHash: tokenHash,
    });
    const [place] = await t.database.db.select().from(participations).where(eq(participations.userId, user.id));
    const transferHash = `transfert-${randomUUID()}`;
    await t.database.db.insert(ticketTransfers).values({
      eventId: event.id,
      participationId: place?.id ?? '',
      fromUserId: user.id,
      toEmail: 'ami@exemple.fr',
      tokenHash: transferHash,
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    const response = await call('GET', '/api/me/export', await loginAs(t, user.email));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('attachment');
    const data = response.json();
    expect(data.profile).toMatchObject({ id: user.id, email: user.email, description: 'Ma bio' });
    expect(data.follows).toEqual([expect.objectContaining({ userId: organiser.id })]);
    expect(data.participations).toEqual([expect.objectContaining({ eventTitle: event.title, quantity: 1 })]);
    expect(data.contactMessages).toEqual([]);
    expect(data.waitingLists).toEqual([
      expect.objectContaining({
        eventTitle: event.title,
        ticketTitle: tickets[0]?.title,
        quantity: 2,
        status: 'waiting',
      }),
    ]);
    expect(data.ticketTransfers).toEqual([
      expect.objectContaining({ eventTitle: event.title, sent: true, toEmail: 'ami@exemple.fr', status: 'pending' }),
    ]);
    // The offer's and the transfer's link tokens stay the server's, even hashed.
    expect(response.body).not.toContain(tokenHash);
    expect(response.body).not.toContain(transferHash);
    expect(response.body).not.toContain('passwordHash');
    expect(response.body).not.toContain(organiser.email);
    expect((await call('GET', '/api/me/export')).statusCode).toBe(401);
  });
});
