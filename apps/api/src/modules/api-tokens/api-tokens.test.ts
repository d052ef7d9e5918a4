import { integrationsFr } from '@guichet/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createEvent, createUser, loginAs, type TestApp, withTestApp } from '../../../test/helpers';
import { useTestApp } from '../../../test/use-test-app';
import { apiTokens, auditLog } from '../../db/schema';

const t = useTestApp();
const m = integrationsFr.errors;

async function organiser(app: TestApp = t, values: { isVerified?: boolean } = { isVerified: true }) {
  const user = await createUser(app, values);
  return { user, cookie: await loginAs(app, user.email) };
}

async function newToken(cookie: string, scopes: string[], app: TestApp = t) {
  return app.app.inject({
    method: 'POST',
    url: '/api/me/api-tokens',
    headers: { cookie },
    payload: { name: 'Caisse', scopes },
  });
}

const bearer = (token: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, app = t) =>
  app.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload && { payload }) });

describe('API tokens', () => {
  it('are created once, stored hashed, listed without the token, and read participants of their organiser only', async () => {
    const { user, cookie } = await organiser();
    const { event } = await createEvent(t, user.id);
    const created = await newToken(cookie, ['orders:read']);
    expect(created.statusCode).toBe(201);
    const { id, token } = created.json() as { id: string; token: string };
    expect(token).toMatch(/^gch_[A-Za-z0-9_-]{43}$/);
    const [row] = await t.database.db.select().from(apiTokens).where(eq(apiTokens.id, id));
    expect(row?.tokenHash).not.toContain(token);
    expect(JSON.stringify(row)).not.toContain(token.slice(4));

    const list = await t.app.inject({ method: 'GET', url: '/api/me/api-tokens', headers: { cookie } });
    expect(list.json()).toEqual([
      { id, name: 'Caisse', scopes: ['orders:read'], createdAt: expect.any(String), lastUsedAt: null },
    ]);
    expect(list.body).not.toContain(token);

    const own = await bearer(token, 'GET', `/api/console/events/${event.id}/participants`);
    expect(own.statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: '/api/me/api-tokens', headers: { cookie } });
    expect(after.json()[0].lastUsedAt).not.toBeNull();

    const stranger = await createUser(t, { isVerified: true });
    const { event: theirs } = await createEvent(t, stranger.id);
    const other = await bearer(token, 'GET', `/api/console/events/${theirs.id}/participants`);
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({ code: 'TOKEN_OTHER_ORGANISER', message: m.tokenOtherOrganiser });
  });

  it('answer 403 on a route outside their scopes, and on every route without a scope (deny by default)', async () => {
    const { user, cookie } = await organiser();
    const { event } = await createEvent(t, user.id);
    const { token } = (await newToken(cookie, ['events:read'])).json();
    expect((await bearer(token, 'GET', `/api/console/events/${event.id}/stats`)).statusCode).toBe(200);
    const wrongScope = await bearer(token, 'GET', `/api/console/events/${event.id}/participants`);
    expect(wrongScope.statusCode).toBe(403);
    expect(wrongScope.json()).toMatchObject({ code: 'TOKEN_NOT_ALLOWED', message: m.tokenNotAllowed });
    for (const url of ['/api/me/api-tokens', '/api/me/profile', '/api/me/bank-account', '/api/auth/me']) {
      expect((await bearer(token, 'GET', url)).statusCode, url).toBe(403);
    }
    // A token cannot make tokens, even with every scope.
    const { token: all } = (
      await newToken(cookie, ['events:read', 'orders:read', 'checkins:write', 'events:write'])
    ).json();
    expect((await bearer(all, 'POST', '/api/me/api-tokens', { name: 'x', scopes: ['orders:read'] })).statusCode).toBe(
      403,
    );
  });

  it('stop working once revoked (401), and an unknown token answers 401', async () => {
    const { user, cookie } = await organiser();
    const { event } = await createEvent(t, user.id);
    const { id, token } = (await newToken(cookie, ['orders:read'])).json();
    const url = `/api/console/events/${event.id}/participants`;
    expect((await bearer(token, 'GET', url)).statusCode).toBe(200);
    const revoked = await t.app.inject({ method: 'DELETE', url: `/api/me/api-tokens/${id}`, headers: { cookie } });
    expect(revoked.statusCode).toBe(204);
    const refused = await bearer(token, 'GET', url);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ code: 'TOKEN_INVALID', message: m.tokenInvalid });
    expect((await bearer('gch_forged', 'GET', url)).statusCode).toBe(401);
    expect((await bearer('', 'GET', url)).statusCode).toBe(401);
    // Another scheme is not a token: the request is a visitor's.
    const basic = await t.app.inject({ method: 'GET', url, headers: { authorization: 'Basic dXNlcjpwYXNz' } });
    expect(basic.statusCode).toBe(401);
    expect(basic.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/me/api-tokens/${id}`, headers: { cookie } })).statusCode,
    ).toBe(404);
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, id));
    expect(audit.map((line) => line.action).sort()).toEqual(['api_token.create', 'api_token.revoke']);
  });

  it('never mixes with a session: the cookie sent beside a token is not read', async () => {
    const { user, cookie } = await organiser();
    const { event } = await createEvent(t, user.id);
    const { token } = (await newToken(cookie, ['events:read'])).json();
    const mixed = await t.app.inject({
      method: 'GET',
      url: `/api/console/events/${event.id}/participants`,
      headers: { cookie, authorization: `Bearer ${token}` },
    });
    expect(mixed.statusCode).toBe(403);
  });

  it('refuses an unknown scope, no scope, and anyone but a verified organiser, in French', async () => {
    const { cookie } = await organiser();
    const unknown = await newToken(cookie, ['orders:read', 'payouts:write']);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ message: m.unknownScope('payouts:write'), field: 'scopes' });
    expect((await newToken(cookie, [])).json()).toMatchObject({ message: m.scopesRequired });
    const plain = await organiser(t, { isVerified: false });
    const refused = await newToken(plain.cookie, ['orders:read']);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: m.organisersOnly });
  });

  it('logs each change a token makes in the audit log', async () => {
    const { user, cookie } = await organiser();
    const { event } = await createEvent(t, user.id);
    const { id, token } = (await newToken(cookie, ['events:write'])).json();
    const changed = await bearer(token, 'PATCH', `/api/events/${event.id}`, {
      title: 'Titre changé par un jeton',
      type: 'Soirée',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const lines = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, id));
    expect(lines.find((line) => line.action === 'api_token.use')?.after).toMatchObject({
      method: 'PATCH',
      route: '/api/events/:id',
      status: 200,
    });
  });

  it('are limited per token, whatever the address', async () => {
    await withTestApp({ config: { rateLimitMax: 1 } }, async (app) => {
      const { user, cookie } = await organiser(app);
      const { event } = await createEvent(app, user.id);
      const { token } = (await newToken(cookie, ['events:read'], app)).json();
      const statuses: number[] = [];
      for (let i = 0; i < 13; i++)
        statuses.push((await bearer(token, 'GET', `/api/console/events/${event.id}/stats`, undefined, app)).statusCode);
      expect(statuses.slice(0, 12).every((status) => status === 200)).toBe(true);
      expect(statuses[12]).toBe(429);
      // Another token of the same organiser has its own count.
      const { token: second } = (await newToken(cookie, ['events:read'], app)).json();
      expect((await bearer(second, 'GET', `/api/console/events/${event.id}/stats`, undefined, app)).statusCode).toBe(
        200,
      );
    });
  });
});
