import { fr } from '@guichet/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createUser, loginAs, PASSWORD, type TestApp, uniqueEmail, withTestApp } from '../../../test/helpers';
import { useTestApp } from '../../../test/use-test-app';
import { mailOutbox, users } from '../../db/schema';

const t = useTestApp();

/** A POST of the auth routes, to this file's application or to `to`. */
const post = (url: string, payload: object, to: TestApp = t) => to.app.inject({ method: 'POST', url, payload });
/** The new password of a reset, typed twice alike, with the mailed code. */
const confirmReset = (email: string, code: string, password: string) =>
  post('/api/auth/password-reset/confirm', { email, code, password, passwordConfirmation: password });

const registration = (overrides: Record<string, unknown> = {}) => ({
  email: uniqueEmail('inscription'),
  firstName: 'Léa',
  lastName: 'Martin',
  birthDate: '2000-03-14',
  password: 'Abcdefg1',
  passwordConfirmation: 'Abcdefg1',
  newsletter: true,
  acceptTerms: true,
  ...overrides,
});

async function countUsers(email: string) {
  return (await t.database.db.select().from(users).where(eq(users.email, email.toLowerCase()))).length;
}

async function lastMailTo(email: string) {
  const rows = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
  return rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0];
}

describe('registration', () => {
  it('creates the account, then the user can log in and read who they are', async () => {
    const body = registration();
    const created = await post('/api/auth/register', body);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ email: body.email, firstName: 'Léa', isVerified: false, isAdmin: false });
    expect(created.cookies).toHaveLength(0);

    const cookie = await loginAs(t, body.email, body.password);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    // As the session's statement reads it: the birth date a day, not an instant shifted by a time zone.
    expect(me.json()).toMatchObject({
      email: body.email,
      firstName: 'Léa',
      birthDate: body.birthDate,
      isAdmin: false,
      mustAcceptTerms: false,
    });
    expect((await lastMailTo(body.email))?.subject).toContain('Bienvenue');
  });

  it.each<[Record<string, unknown>, string]>([
    [{ email: '' }, fr.auth.emailRequired],
    [{ email: 'pas-un-email' }, fr.auth.emailInvalid],
    [{ firstName: '' }, fr.auth.firstNameRequired],
    [{ lastName: '' }, fr.auth.lastNameRequired],
    [{ birthDate: '' }, fr.auth.birthDateRequired],
    [{ birthDate: '2019-01-01' }, fr.auth.birthDateRange],
    [{ birthDate: '1901-01-01' }, fr.auth.birthDateRange],
    [{ password: '', passwordConfirmation: '' }, fr.auth.passwordRequired],
    [{ passwordConfirmation: '' }, fr.auth.passwordConfirmationRequired],
    [{ passwordConfirmation: 'Abcdefg2' }, fr.auth.passwordMismatch],
    [{ password: 'Abc def1', passwordConfirmation: 'Abc def1' }, fr.auth.passwordInvalid],
    [{ password: 'Abcdef%1', passwordConfirmation: 'Abcdef%1' }, fr.auth.passwordInvalid],
    [{ acceptTerms: false }, fr.auth.termsRequired],
  ])('refuses %o with the spec message and writes nothing', async (change, message) => {
    const body = registration(change);
    const response = await post('/api/auth/register', body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR', message });
    if (body.email) expect(await countUsers(String(body.email))).toBe(0);
  });

  it('answers an empty body with the first message of the form', async () => {
    const response = await post('/api/auth/register', {});
    expect(response.json()).toMatchObject({ message: fr.auth.emailRequired });
  });

  it('refuses unknown fields and oversized bodies', async () => {
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: registration({ isAdmin: true }),
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'UNKNOWN_FIELD', message: fr.common.unknownField('isAdmin') });

    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: registration({ firstName: 'x'.repeat(200_000) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toBe(fr.common.bodyTooLarge);
  });

  it('refuses a second account on the same e-mail, whatever its case', async () => {
    const body = registration();
    await post('/api/auth/register', body);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { ...body, email: ` ${body.email.toUpperCase()} ` },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'EMAIL_TAKEN', message: fr.auth.emailTaken });
    expect(await countUsers(body.email)).toBe(1);
  });
});

describe('login and sessions', () => {
  it('sets an httpOnly, SameSite session cookie and logs out', async () => {
    const user = await createUser(t);
    const login = await post('/api/auth/login', { email: user.email, password: PASSWORD });
    expect(login.statusCode).toBe(200);
    const [cookie] = login.cookies;
    expect(cookie).toMatchObject({ name: 'guichet_session', httpOnly: true, sameSite: 'Lax', path: '/' });
    const header = `${cookie?.name}=${cookie?.value}`;
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: header } })).statusCode).toBe(
      200,
    );

    const logout = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: header } });
    expect(logout.statusCode).toBe(204);
    const after = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: header } });
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe(fr.shell.notLoggedIn);
  });

  it('gives the same answer for a wrong password and an unknown e-mail', async () => {
    const user = await createUser(t);
    for (const payload of [
      { email: user.email, password: 'Mauvais1' },
      { email: uniqueEmail('inconnu'), password: PASSWORD },
    ]) {
      const response = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'INVALID_CREDENTIALS', message: fr.auth.wrongCredentials });
    }
  });

  it('requires both fields', async () => {
    const noEmail = await post('/api/auth/login', { password: 'x' });
    expect(noEmail.json().message).toBe(fr.auth.emailRequired);
    const noPassword = await post('/api/auth/login', { email: 'a@b.fr' });
    expect(noPassword.json().message).toBe(fr.auth.passwordRequired);
  });

  it('tells a deleted account so, and only with the right password', async () => {
    const user = await createUser(t, { deletedAt: new Date() });
    const right = await post('/api/auth/login', { email: user.email, password: PASSWORD });
    expect(right.statusCode).toBe(403);
    expect(right.json().message).toBe(fr.auth.accountDeleted);
    const wrong = await post('/api/auth/login', { email: user.email, password: 'Mauvais1' });
    expect(wrong.json().message).toBe(fr.auth.wrongCredentials);
  });

  it('marks the cookie Secure when configured', async () => {
    await withTestApp({ config: { cookieSecure: true } }, async (secure) => {
      const user = await createUser(secure);
      const login = await post('/api/auth/login', { email: user.email, password: PASSWORD }, secure);
      expect(login.cookies[0]?.secure).toBe(true);
    });
  });

  it('ends a session after its lifetime without activity', async () => {
    let now = Date.now();
    await withTestApp({ clock: { now: () => new Date(now) } }, async (timed) => {
      const user = await createUser(timed);
      const cookie = await loginAs(timed, user.email);
      now += timed.config.sessionTtlMs - 60_000;
      const stillIn = await timed.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
      expect(stillIn.statusCode).toBe(200);
      // That use extended the session: another full lifetime minus a minute is still fine.
      now += timed.config.sessionTtlMs - 60_000;
      expect((await timed.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).statusCode).toBe(
        200,
      );
      now += timed.config.sessionTtlMs + 1;
      expect((await timed.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).statusCode).toBe(
        401,
      );
    });
  });

  it('ignores a forged cookie', async () => {
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { cookie: 'guichet_session=forged' },
    });
    expect(me.statusCode).toBe(401);
  });
});

describe('forgotten password', () => {
  const codeFrom = (text: string | undefined) => /(\d{6})/.exec(text ?? '')?.[1] ?? '';

  it('sends a single-use code that changes the password and ends other sessions', async () => {
    const user = await createUser(t);
    const oldSession = await loginAs(t, user.email);
    const asked = await post('/api/auth/password-reset', { email: user.email });
    expect(asked.statusCode).toBe(200);
    const code = codeFrom((await lastMailTo(user.email))?.text);
    expect(code).toMatch(/^\d{6}$/);

    const wrongCode = code === '000000' ? '111111' : '000000';
    const wrong = await post('/api/auth/password-reset/verify', { email: user.email, code: wrongCode });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(fr.auth.codeIncorrect);

    const verified = await post('/api/auth/password-reset/verify', { email: user.email, code });
    expect(verified.statusCode).toBe(200);

    const badPassword = await confirmReset(user.email, code, 'court');
    expect(badPassword.json().message).toBe(fr.auth.passwordInvalid);

    const confirmed = await confirmReset(user.email, code, 'Nouveau123');
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().message).toBe(fr.auth.passwordChanged);

    const reused = await confirmReset(user.email, code, 'Autre1234');
    expect(reused.json().message).toBe(fr.auth.codeIncorrect);

    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: oldSession } })).statusCode,
    ).toBe(401);
    await expect(loginAs(t, user.email, PASSWORD)).rejects.toThrow();
    await expect(loginAs(t, user.email, 'Nouveau123')).resolves.toContain('guichet_session');
  });

  it('kills the code after five wrong guesses', async () => {
    const user = await createUser(t);
    await post('/api/auth/password-reset', { email: user.email });
    const code = codeFrom((await lastMailTo(user.email))?.text);
    const wrongCode = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      await post('/api/auth/password-reset/verify', { email: user.email, code: wrongCode });
    }
    const right = await post('/api/auth/password-reset/verify', { email: user.email, code });
    expect(right.statusCode).toBe(400);
    expect(right.json().message).toBe(fr.auth.codeIncorrect);
  });

  it('refuses an expired code', async () => {
    let now = Date.now();
    await withTestApp({ clock: { now: () => new Date(now) } }, async (timed) => {
      const user = await createUser(timed);
      await post('/api/auth/password-reset', { email: user.email }, timed);
      const [mail] = await timed.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, user.email));
      now += 16 * 60_000;
      const late = await post(
        '/api/auth/password-reset/verify',
        { email: user.email, code: codeFrom(mail?.text) },
        timed,
      );
      expect(late.json().message).toBe(fr.auth.codeExpired);
    });
  });

  it('answers an unknown e-mail and an empty code with the spec messages', async () => {
    const unknown = await post('/api/auth/password-reset', { email: uniqueEmail('personne') });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(fr.auth.noAccountForEmail);
    const empty = await post('/api/auth/password-reset', { email: '' });
    expect(empty.json().message).toBe(fr.auth.emailRequired);
    const noCode = await post('/api/auth/password-reset/verify', { email: 'a@b.fr', code: '' });
    expect(noCode.json().message).toBe(fr.auth.codeRequired);
  });
});

describe('terms of use', () => {
  it('asks a user who accepted an older version, and records the acceptance', async () => {
    const user = await createUser(t, { termsVersionAccepted: 0 });
    const cookie = await loginAs(t, user.email);
    const before = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    expect(before.json().mustAcceptTerms).toBe(true);
    const accept = await t.app.inject({ method: 'POST', url: '/api/me/terms', headers: { cookie } });
    expect(accept.statusCode).toBe(204);
    const after = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    expect(after.json().mustAcceptTerms).toBe(false);
  });

  it('refuses a visitor', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/me/terms' });
    expect(response.statusCode).toBe(401);
  });
});

describe('rate limits', () => {
  it('answers 429 with a French message once the login limit is hit', async () => {
    await withTestApp({ config: { rateLimitMax: 3 } }, async (limited) => {
      const payload = { email: 'cible@test.guichet.fr', password: 'Mauvais1' };
      const codes = [];
      for (let i = 0; i < 4; i++) {
        codes.push((await limited.app.inject({ method: 'POST', url: '/api/auth/login', payload })).statusCode);
      }
      expect(codes).toEqual([401, 401, 401, 429]);
      const blocked = await limited.app.inject({ method: 'POST', url: '/api/auth/login', payload });
      expect(blocked.json()).toMatchObject({ code: 'RATE_LIMITED', message: fr.common.tooManyRequests });
    });
  });

  it('counts one person’s attempts together however the e-mail is spelt (spaces, capitals)', async () => {
    await withTestApp({ config: { rateLimitMax: 3 } }, async (limited) => {
      const spellings = [
        'cible2@test.guichet.fr',
        ' Cible2@test.guichet.fr',
        'CIBLE2@test.guichet.fr ',
        'ci ble2@test.guichet.fr',
      ];
      const codes = [];
      for (const email of spellings) {
        const payload = { email, password: 'Mauvais1' };
        codes.push((await limited.app.inject({ method: 'POST', url: '/api/auth/login', payload })).statusCode);
      }
      expect(codes.at(-1)).toBe(429);
    });
  });

  it('reads the client address only as far as the trusted proxy wrote it', async () => {
    await withTestApp({ config: { rateLimitMax: 3, trustProxy: 1 } }, async (limited) => {
      const payload = { email: 'cible3@test.guichet.fr', password: 'Mauvais1' };
      const codes = [];
      // The client makes up the left-most addresses; the proxy appends the one it saw.
      for (let i = 0; i < 4; i++) {
        const headers = { 'x-forwarded-for': `10.9.8.${i}, 203.0.113.7` };
        codes.push((await limited.app.inject({ method: 'POST', url: '/api/auth/login', payload, headers })).statusCode);
      }
      expect(codes).toEqual([401, 401, 401, 429]);
      const other = await limited.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload,
        headers: { 'x-forwarded-for': '203.0.113.8' },
      });
      expect(other.statusCode).toBe(401);
    });
  });
});
