import { checkoutFr, fr } from '@guichet/shared';
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cookieHeader, createUser, uniqueEmail, withTestApp } from '../../../test/helpers';
import { useTestApp } from '../../../test/use-test-app';
import { emailCodes, mailOutbox, users } from '../../db/schema';

let now = Date.now();
const t = useTestApp({ clock: { now: () => new Date(now) } });

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers });

const account = (overrides: Record<string, unknown> = {}) => ({
  email: uniqueEmail('invite'),
  firstName: 'Alex',
  lastName: 'Martin',
  birthDate: '2000-04-02',
  password: 'Abcdefg1',
  passwordConfirmation: 'Abcdefg1',
  ...overrides,
});

const userByEmail = async (email: string) =>
  (await t.database.db.select().from(users).where(eq(users.email, email.toLowerCase())))[0];

async function mailedCode(email: string): Promise<string> {
  const [mail] = await t.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email.toLowerCase()))
    .orderBy(desc(mailOutbox.createdAt));
  const code = /(\d{6})/.exec(mail?.text ?? '')?.[1];
  if (!code) throw new Error('no code mailed');
  return code;
}

const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('guest lookup', () => {
  it('tells whether an e-mail has an account, and nothing else', async () => {
    const user = await createUser(t);
    const known = await post('/api/guest/lookup', { email: ` ${user.email.toUpperCase()} ` });
    expect(known.statusCode).toBe(200);
    expect(known.json()).toStrictEqual({ hasAccount: true });
    expect(known.body).not.toContain(user.id);
    expect(known.body).not.toContain(user.firstName);
    const unknown = await post('/api/guest/lookup', { email: uniqueEmail('personne') });
    expect(unknown.json()).toStrictEqual({ hasAccount: false });
    expect((await post('/api/guest/lookup', {})).json()).toStrictEqual({ hasAccount: false });
  });

  it('counts a deleted account as none', async () => {
    const user = await createUser(t, { deletedAt: new Date(now) });
    expect((await post('/api/guest/lookup', { email: user.email })).json()).toStrictEqual({ hasAccount: false });
  });

  it('refuses unknown fields', async () => {
    const response = await post('/api/guest/lookup', { email: 'a@b.fr', userId: 'x' });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('UNKNOWN_FIELD');
  });

  it('is rate limited per address', async () => {
    await withTestApp({ config: { rateLimitMax: 3 } }, async (limited) => {
      const codes = [];
      for (let i = 0; i < 4; i++) {
        const response = await limited.app.inject({
          method: 'POST',
          url: '/api/guest/lookup',
          payload: { email: uniqueEmail('limite') },
        });
        codes.push(response.statusCode);
      }
      expect(codes).toEqual([200, 200, 200, 429]);
      const other = await limited.app.inject({
        method: 'POST',
        url: '/api/guest/lookup',
        payload: { email: 'x@y.fr' },
        remoteAddress: '10.0.0.9',
      });
      expect(other.statusCode).toBe(200);
    });
  });
});

describe('guest account', () => {
  it('creates an unverified account with terms accepted and no newsletter, and mails a code', async () => {
    const body = account();
    const response = await post('/api/guest/account', body);
    expect(response.statusCode).toBe(201);
    expect(response.cookies).toHaveLength(0);
    const user = await userByEmail(body.email);
    expect(user).toMatchObject({
      firstName: 'Alex',
      newsletter: false,
      emailVerifiedAt: null,
      termsVersionAccepted: t.config.termsVersion,
    });
    const [code] = await t.database.db
      .select()
      .from(emailCodes)
      .where(and(eq(emailCodes.userId, user?.id ?? ''), eq(emailCodes.purpose, 'email_verification')));
    expect(code?.expiresAt.getTime()).toBe(now + 15 * 60_000);
    expect(await mailedCode(body.email)).toMatch(/^\d{6}$/);
  });

  it.each<[Record<string, unknown>, string]>([
    [{ email: '' }, fr.auth.emailRequired],
    [{ email: 'pas-un-email' }, fr.auth.emailInvalid],
    [{ firstName: ' ' }, fr.auth.firstNameRequired],
    [{ lastName: '' }, fr.auth.lastNameRequired],
    [{ firstName: 'x'.repeat(23) }, checkoutFr.nameTooLong],
    [{ birthDate: '' }, fr.auth.birthDateRequired],
    [{ birthDate: '2020-01-01' }, fr.auth.birthDateRange],
    [{ birthDate: '1900-01-01' }, fr.auth.birthDateRange],
    [{ password: '', passwordConfirmation: '' }, fr.auth.passwordRequired],
    [{ passwordConfirmation: '' }, fr.auth.passwordConfirmationRequired],
    [{ passwordConfirmation: 'Abcdefg2' }, fr.auth.passwordMismatch],
    [{ password: 'abcdefgh', passwordConfirmation: 'abcdefgh' }, fr.auth.passwordInvalid],
    [{ password: 'Abcdef1%', passwordConfirmation: 'Abcdef1%' }, fr.auth.passwordInvalid],
  ])('refuses %o with the spec message and writes nothing', async (overrides, message) => {
    const body = account(overrides);
    const response = await post('/api/guest/account', body);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    if (typeof body.email === 'string' && body.email.includes('@'))
      expect(await userByEmail(body.email)).toBeUndefined();
  });

  it('answers 409 for a taken e-mail, whatever its case', async () => {
    const user = await createUser(t);
    const response = await post('/api/guest/account', account({ email: user.email.toUpperCase() }));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'EMAIL_TAKEN', message: fr.auth.emailTaken });
  });
});

describe('guest verification', () => {
  async function created() {
    const body = account();
    expect((await post('/api/guest/account', body)).statusCode).toBe(201);
    return { email: body.email, code: await mailedCode(body.email) };
  }

  it('verifies the e-mail and logs the buyer in', async () => {
    const { email, code } = await created();
    const response = await post('/api/guest/verify', { email, code });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ email, firstName: 'Alex' });
    expect((await userByEmail(email))?.emailVerifiedAt?.getTime()).toBe(now);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: cookieHeader(response) } });
    expect(me.json()).toMatchObject({ email });
  });

  it('asks for the code, refuses a wrong one without logging in, and counts it', async () => {
    const { email, code } = await created();
    const empty = await post('/api/guest/verify', { email, code: ' ' });
    expect(empty.json()).toMatchObject({ message: 'Veuillez saisir le code de vérification.', field: 'code' });
    const wrong = await post('/api/guest/verify', { email, code: wrongCode(code) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'CODE_INCORRECT', message: fr.auth.codeIncorrect });
    expect(wrong.cookies).toHaveLength(0);
    const user = await userByEmail(email);
    expect(user?.emailVerifiedAt).toBeNull();
    const [row] = await t.database.db
      .select()
      .from(emailCodes)
      .where(eq(emailCodes.userId, user?.id ?? ''));
    expect(row?.attempts).toBe(1);
  });

  it('refuses a code used once already', async () => {
    const { email, code } = await created();
    expect((await post('/api/guest/verify', { email, code })).statusCode).toBe(200);
    const again = await post('/api/guest/verify', { email, code });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'CODE_ERRONEOUS', message: 'Le code est erroné.', field: 'code' });
    expect(again.cookies).toHaveLength(0);
  });

  it('kills the code after five wrong guesses, even the right one after, and says it is erroneous', async () => {
    const { email, code } = await created();
    for (let i = 0; i < 5; i++) {
      const wrong = await post('/api/guest/verify', { email, code: wrongCode(code) });
      expect(wrong.json().message).toBe(fr.auth.codeIncorrect);
    }
    const right = await post('/api/guest/verify', { email, code });
    expect(right.statusCode).toBe(400);
    expect(right.json()).toMatchObject({ code: 'CODE_ERRONEOUS', message: 'Le code est erroné.' });
    expect(right.cookies).toHaveLength(0);
  });

  it('refuses an expired code', async () => {
    const { email, code } = await created();
    now += 15 * 60_000 + 1;
    const late = await post('/api/guest/verify', { email, code });
    expect(late.json()).toMatchObject({ code: 'CODE_EXPIRED', message: fr.auth.codeExpired });
  });

  it('answers an unknown e-mail like an existing account without a code: erroneous', async () => {
    const user = await createUser(t);
    for (const email of [uniqueEmail('inconnu'), user.email]) {
      const response = await post('/api/guest/verify', { email, code: '123456' });
      expect(response.json()).toMatchObject({ code: 'CODE_ERRONEOUS', message: fr.auth.codeErroneous });
      expect(response.cookies).toHaveLength(0);
    }
  });

  it('does not accept a code of another purpose', async () => {
    const user = await createUser(t);
    await post('/api/auth/password-reset', { email: user.email });
    const code = await mailedCode(user.email);
    const response = await post('/api/guest/verify', { email: user.email, code });
    expect(response.json()).toMatchObject({ code: 'CODE_ERRONEOUS' });
  });
});

describe('the proof of an existing account’s e-mail', () => {
  it('mails a code to the account, which logs the buyer in so that the order can be placed', async () => {
    const user = await createUser(t, { firstName: 'Nina' });
    const sent = await post('/api/guest/sign-in-code', { email: `  ${user.email.toUpperCase()} ` });
    expect(sent.statusCode).toBe(200);
    const code = await mailedCode(user.email);
    const wrong = await post('/api/guest/verify', { email: user.email, code: code === '000000' ? '111111' : '000000' });
    expect(wrong.json()).toMatchObject({ code: 'CODE_INCORRECT' });
    const verified = await post('/api/guest/verify', { email: user.email, code });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({ email: user.email, firstName: 'Nina' });
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: cookieHeader(verified) } });
    expect(me.json()).toMatchObject({ email: user.email });
    // Used once.
    expect((await post('/api/guest/verify', { email: user.email, code })).json()).toMatchObject({
      code: 'CODE_ERRONEOUS',
    });
  });

  it('mails one address only so often, from however many addresses it is asked', async () => {
    await withTestApp({ config: { rateLimitMax: 1 } }, async (limited) => {
      const user = await createUser(limited);
      const ask = (remoteAddress: string, email = user.email) =>
        limited.app.inject({ method: 'POST', url: '/api/guest/sign-in-code', payload: { email }, remoteAddress });
      expect((await ask('198.51.100.1')).statusCode).toBe(200);
      expect((await ask('198.51.100.2', ` ${user.email.toUpperCase()}`)).statusCode).toBe(429);
      expect((await ask('198.51.100.3', uniqueEmail('autre'))).statusCode).toBe(200);
    });
  });

  it('answers an unknown e-mail the same, and mails nothing', async () => {
    const email = uniqueEmail('personne');
    const sent = await post('/api/guest/sign-in-code', { email });
    expect(sent.statusCode).toBe(200);
    const mails = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
    expect(mails).toHaveLength(0);
  });
});

describe('studies', () => {
  it('lists the study labels, the undefined one first', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/studies' });
    expect(response.statusCode).toBe(200);
    expect(response.json()[0]).toBe('Non défini');
    expect(response.json()).toContain('Droit');
  });
});
