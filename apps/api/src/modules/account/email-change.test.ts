import { accountFr, fr } from '@guichet/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createUser, loginAs, PASSWORD, uniqueEmail } from '../../../test/helpers';
import { codeMailedTo } from '../../../test/modules/account/support';
import { useTestApp } from '../../../test/use-test-app';
import { emailCodes, users } from '../../db/schema';
import type { Clock } from '../../lib/clock';

let now = new Date();
const clock: Clock = { now: () => now };
const t = useTestApp({ clock });

const send = (method: 'PUT' | 'POST' | 'DELETE', url: string, cookie: string, payload?: unknown) =>
  t.app.inject({ method, url, payload: payload as object, headers: { cookie } });

const readUser = async (id: string) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0];

async function askChange(user: { email: string; firstName: string; lastName: string; birthDate: string }) {
  const cookie = await loginAs(t, user.email);
  const next = uniqueEmail('nouveau');
  const response = await send('PUT', '/api/me/profile', cookie, {
    email: next.toUpperCase(),
    currentPassword: PASSWORD,
    firstName: user.firstName,
    lastName: user.lastName,
    birthDate: user.birthDate,
    gender: 'undefined',
    description: '',
  });
  return { cookie, next, response };
}

describe('e-mail change', () => {
  it('waits for the code mailed to the new address, then applies it once', async () => {
    now = new Date();
    const user = await createUser(t);
    const { cookie, next, response } = await askChange(user);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: accountFr.settings.profileSaved, pendingEmail: next });
    expect(await readUser(user.id)).toMatchObject({ email: user.email, pendingEmail: next });

    const code = await codeMailedTo(t, next);
    const confirmed = await send('POST', '/api/me/email/confirm', cookie, { code });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().message).toBe(accountFr.settings.emailChanged);
    expect(await readUser(user.id)).toMatchObject({ email: next, pendingEmail: null });
    await loginAs(t, next, PASSWORD);

    const again = await send('POST', '/api/me/email/confirm', cookie, { code });
    expect(again.statusCode).toBe(400);
  });

  it('refuses an empty code, then wrong codes, and kills the code after 5 of them', async () => {
    now = new Date();
    const user = await createUser(t);
    const { cookie, next } = await askChange(user);
    const code = await codeMailedTo(t, next);
    const empty = await send('POST', '/api/me/email/confirm', cookie, { code: '' });
    expect(empty.json()).toMatchObject({ message: accountFr.settings.emailChangeCodeRequired, field: 'code' });
    const wrong = code === '000000' ? '111111' : '000000';
    const guesses = await Promise.all(
      [1, 2, 3, 4, 5].map(() => send('POST', '/api/me/email/confirm', cookie, { code: wrong })),
    );
    for (const guess of guesses) expect(guess.json().message).toBe(fr.auth.codeIncorrect);
    const [row] = await t.database.db.select().from(emailCodes).where(eq(emailCodes.userId, user.id));
    expect(row?.attempts).toBe(5);
    const late = await send('POST', '/api/me/email/confirm', cookie, { code });
    expect(late.json().message).toBe(fr.auth.codeIncorrect);
    expect((await readUser(user.id))?.email).toBe(user.email);
  });

  it('refuses an expired code', async () => {
    now = new Date();
    const user = await createUser(t);
    const { cookie, next } = await askChange(user);
    const code = await codeMailedTo(t, next);
    now = new Date(Date.now() + 16 * 60_000);
    const response = await send('POST', '/api/me/email/confirm', cookie, { code });
    expect(response.json().message).toBe(fr.auth.codeExpired);
    now = new Date();
    expect((await readUser(user.id))?.email).toBe(user.email);
  });

  it('refuses an address used by another account, at the request and at the confirmation', async () => {
    now = new Date();
    const user = await createUser(t);
    const owner = await createUser(t);
    const cookie = await loginAs(t, user.email);
    const taken = await send('PUT', '/api/me/profile', cookie, {
      email: owner.email,
      currentPassword: PASSWORD,
      firstName: 'Nouveau',
      lastName: user.lastName,
      birthDate: user.birthDate,
      gender: 'undefined',
      description: '',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ message: fr.auth.emailTaken, field: 'email' });
    expect(await readUser(user.id)).toMatchObject({ pendingEmail: null, firstName: user.firstName });

    const { next } = await askChange(user);
    const code = await codeMailedTo(t, next);
    await createUser(t, { email: next });
    const late = await send('POST', '/api/me/email/confirm', cookie, { code });
    expect(late.statusCode).toBe(409);
    expect((await readUser(user.id))?.email).toBe(user.email);
  });

  it('asks for the current password, and ends the account’s other sessions once applied', async () => {
    now = new Date();
    const user = await createUser(t);
    const cookie = await loginAs(t, user.email);
    const elsewhere = await loginAs(t, user.email);
    const change = (currentPassword: string) =>
      send('PUT', '/api/me/profile', cookie, {
        email: uniqueEmail('vole'),
        currentPassword,
        firstName: user.firstName,
        lastName: user.lastName,
        birthDate: user.birthDate,
        gender: 'undefined',
        description: '',
      });
    for (const [password, message] of [
      ['', accountFr.settings.currentPasswordRequired],
      ['PasLeBon1', accountFr.settings.currentPasswordWrong],
    ] as const) {
      const refused = await change(password);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ message, field: 'currentPassword' });
    }
    expect((await readUser(user.id))?.pendingEmail).toBeNull();

    const { next } = await askChange(user);
    const code = await codeMailedTo(t, next);
    expect((await send('POST', '/api/me/email/confirm', cookie, { code })).statusCode).toBe(200);
    const me = (c: string) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: c } });
    expect((await me(cookie)).statusCode).toBe(200);
    expect((await me(elsewhere)).statusCode).toBe(401);
  });

  it('can be cancelled', async () => {
    now = new Date();
    const user = await createUser(t);
    const { cookie, next } = await askChange(user);
    const code = await codeMailedTo(t, next);
    expect((await send('DELETE', '/api/me/email/pending', cookie)).statusCode).toBe(200);
    expect((await readUser(user.id))?.pendingEmail).toBeNull();
    const response = await send('POST', '/api/me/email/confirm', cookie, { code });
    expect(response.json().message).toBe(accountFr.settings.noPendingEmail);
  });
});
