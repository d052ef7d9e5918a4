import { accountFr, fr } from '@guichet/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createUser, loginAs, PASSWORD } from '../../../test/helpers';
import { mailsTo } from '../../../test/modules/account/support';
import { useTestApp } from '../../../test/use-test-app';
import { users } from '../../db/schema';

const t = useTestApp();

const send = (method: 'PUT' | 'POST' | 'DELETE', url: string, cookie?: string, payload?: unknown) =>
  t.app.inject({ method, url, payload: payload as object, headers: cookie ? { cookie } : {} });

const readUser = async (id: string) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0];

const profile = (email: string, overrides: Record<string, unknown> = {}) => ({
  email,
  firstName: 'Noé',
  lastName: 'Bernard',
  birthDate: '1998-02-20',
  gender: 'male',
  description: 'Amateur de concerts.',
  ...overrides,
});

describe('profile group', () => {
  it('saves names, birth date, gender and description', async () => {
    const user = await createUser(t);
    const cookie = await loginAs(t, user.email);
    const response = await send('PUT', '/api/me/profile', cookie, profile(user.email));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: accountFr.settings.profileSaved, pendingEmail: null });
    expect(await readUser(user.id)).toMatchObject({
      firstName: 'Noé',
      lastName: 'Bernard',
      birthDate: '1998-02-20',
      gender: 'male',
      description: 'Amateur de concerts.',
      email: user.email,
    });
  });

  it.each<[Record<string, unknown>, string, string]>([
    [{ email: '' }, 'email', accountFr.settings.emailRequired],
    [{ email: 'pas-un-email' }, 'email', fr.auth.emailInvalid],
    [{ firstName: ' ' }, 'firstName', accountFr.settings.firstNameRequired],
    [{ firstName: 'x'.repeat(51) }, 'firstName', fr.auth.nameTooLong],
    [{ lastName: '' }, 'lastName', accountFr.settings.lastNameRequired],
    [{ birthDate: '' }, 'birthDate', accountFr.settings.birthDateRequired],
    [{ birthDate: '2001-02-30' }, 'birthDate', accountFr.settings.birthDateRequired],
    [{ gender: '' }, 'gender', accountFr.settings.genderRequired],
    [{ gender: 'robot' }, 'gender', accountFr.settings.genderRequired],
    [{ birthDate: '2015-01-01' }, 'birthDate', accountFr.settings.ageRange],
    [{ birthDate: '1900-01-01' }, 'birthDate', accountFr.settings.ageRange],
    [{ description: 'x'.repeat(201) }, 'description', accountFr.settings.descriptionTooLong],
    // The spec's order: the e-mail is reported before the names, the gender before the age.
    [{ email: '', firstName: '' }, 'email', accountFr.settings.emailRequired],
    [{ gender: '', birthDate: '2015-01-01' }, 'gender', accountFr.settings.genderRequired],
  ])('refuses %o with the spec message and writes nothing', async (overrides, field, message) => {
    const user = await createUser(t);
    const cookie = await loginAs(t, user.email);
    const response = await send('PUT', '/api/me/profile', cookie, profile(user.email, overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message, field });
    expect(await readUser(user.id)).toMatchObject({ firstName: user.firstName, birthDate: user.birthDate });
  });

  it('accepts a description of exactly 200 characters', async () => {
    const user = await createUser(t);
    const cookie = await loginAs(t, user.email);
    const response = await send(
      'PUT',
      '/api/me/profile',
      cookie,
      profile(user.email, { description: 'é'.repeat(200) }),
    );
    expect(response.statusCode).toBe(200);
  });

  it('refuses unknown fields and visitors', async () => {
    const user = await createUser(t);
    const cookie = await loginAs(t, user.email);
    const sneaky = await send('PUT', '/api/me/profile', cookie, { ...profile(user.email), isVerified: true });
    expect(sneaky.statusCode).toBe(400);
    expect(sneaky.json().code).toBe('UNKNOWN_FIELD');
    expect((await readUser(user.id))?.isVerified).toBe(false);
    for (const [method, url, body] of [
      ['PUT', '/api/me/profile', profile(user.email)],
      ['PUT', '/api/me/travel', { byCar: true, byFoot: true, byCommon: true, byMotorcycle: true }],
      ['PUT', '/api/me/privacy', { showEmail: true, isPublic: true, newsletter: true }],
      ['POST', '/api/me/password', { password: 'Nouveau123', passwordConfirmation: 'Nouveau123' }],
      ['POST', '/api/me/email/confirm', { code: '123456' }],
      ['DELETE', '/api/me/email/pending', undefined],
      ['POST', '/api/me/verification-request', undefined],
    ] as const) {
      expect((await send(method, url, undefined, body)).statusCode).toBe(401);
    }
  });
});

describe('travel and privacy groups', () => {
  it('each saves on its own, for the session user only', async () => {
    const user = await createUser(t);
    const other = await createUser(t);
    const cookie = await loginAs(t, user.email);
    const travel = await send('PUT', '/api/me/travel', cookie, {
      byCar: true,
      byFoot: false,
      byCommon: true,
      byMotorcycle: false,
    });
    expect(travel.json()).toEqual({ message: accountFr.settings.profileSaved });
    const privacy = await send('PUT', '/api/me/privacy', cookie, {
      showEmail: true,
      isPublic: false,
      newsletter: true,
    });
    expect(privacy.statusCode).toBe(200);
    expect(await readUser(user.id)).toMatchObject({
      byCar: true,
      byCommon: true,
      byFoot: false,
      showEmail: true,
      isPublic: false,
      newsletter: true,
      firstName: user.firstName,
    });
    expect(await readUser(other.id)).toMatchObject({ byCar: false, isPublic: true });
    const partial = await send('PUT', '/api/me/privacy', cookie, { showEmail: 'oui' });
    expect(partial.statusCode).toBe(400);
  });
});

describe('password', () => {
  it.each<[string, string, string]>([
    ['', '', fr.auth.passwordRequired],
    ['Nouveau123', '', fr.auth.passwordConfirmationRequired],
    ['Nouveau123', 'Nouveau124', fr.auth.passwordMismatch],
    ['nouveau', 'nouveau', fr.auth.passwordInvalid],
    ['Nouveau 123', 'Nouveau 123', fr.auth.passwordInvalid],
    ['Nouveau%123', 'Nouveau%123', fr.auth.passwordInvalid],
  ])('refuses %o / %o', async (password, passwordConfirmation, message) => {
    const user = await createUser(t);
    const cookie = await loginAs(t, user.email);
    const response = await send('POST', '/api/me/password', cookie, {
      currentPassword: PASSWORD,
      password,
      passwordConfirmation,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect((await readUser(user.id))?.passwordHash).toBe(user.passwordHash);
  });

  it('changes it, keeps this session, ends the others and tells the owner', async () => {
    const user = await createUser(t);
    const cookie = await loginAs(t, user.email);
    const elsewhere = await loginAs(t, user.email);
    for (const [currentPassword, message] of [
      ['', accountFr.settings.currentPasswordRequired],
      ['PasLeBon1', accountFr.settings.currentPasswordWrong],
    ] as const) {
      const refused = await send('POST', '/api/me/password', elsewhere, {
        currentPassword,
        password: 'Nouveau123',
        passwordConfirmation: 'Nouveau123',
      });
      expect(refused.json()).toMatchObject({ message, field: 'currentPassword' });
    }
    const response = await send('POST', '/api/me/password', cookie, {
      currentPassword: PASSWORD,
      password: 'Nouveau123',
      passwordConfirmation: 'Nouveau123',
    });
    expect(response.json()).toEqual({ message: fr.auth.passwordChanged });
    const me = (c: string) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: c } });
    expect((await me(cookie)).statusCode).toBe(200);
    expect((await me(elsewhere)).statusCode).toBe(401);
    await loginAs(t, user.email, 'Nouveau123');
    await expect(loginAs(t, user.email, PASSWORD)).rejects.toThrow();
    expect((await mailsTo(t, user.email))[0]?.subject).toContain('mot de passe');
  });
});

describe('professional verification', () => {
  it('goes from not requested to in progress, and refuses a second request', async () => {
    const user = await createUser(t);
    const cookie = await loginAs(t, user.email);
    const first = await send('POST', '/api/me/verification-request', cookie);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ message: accountFr.settings.verificationSent });
    expect((await readUser(user.id))?.verificationRequestedAt).toBeInstanceOf(Date);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/me/profile', headers: { cookie } })).json().verification,
    ).toBe('pending');
    const [mail] = await mailsTo(t, t.config.contactEmail);
    expect(mail?.text).toContain(user.id);

    const second = await send('POST', '/api/me/verification-request', cookie);
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(accountFr.settings.verificationAlreadyRequested);
  });

  it('counts only one of two simultaneous requests', async () => {
    const user = await createUser(t);
    const cookie = await loginAs(t, user.email);
    const answers = await Promise.all([1, 2, 3].map(() => send('POST', '/api/me/verification-request', cookie)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
  });

  it('tells a verified account that it already is', async () => {
    const user = await createUser(t, { isVerified: true });
    const response = await send('POST', '/api/me/verification-request', await loginAs(t, user.email));
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(accountFr.settings.alreadyVerified);
    expect((await readUser(user.id))?.verificationRequestedAt).toBeNull();
  });
});
